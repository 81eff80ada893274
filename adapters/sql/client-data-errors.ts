import { AppError } from '../../kernel/errors/index.js';
import type { Logger } from '../../ports/logger.js';
import { storeUnavailableError } from './connection-errors.js';
import { sqlStateOf } from './retry.js';

/**
 * A safety net, not the fix. The driving adapters refuse unstorable text,
 * kernel/money caps amounts and the ledger caps balances, and the instant
 * range bounds dates, all before a store is reached. If a value still gets
 * through one of those checks, PostgreSQL answers with one of the class-22
 * data exceptions below — errors only a value can raise, never the shape of
 * a statement — and the client gets a 4xx instead of a 500. The mapped error
 * is logged at warn with its SQLSTATE, so a gap in the edge checks still
 * shows. The datetime states (22007, 22008, 22009) can only come from an
 * instant we were given, since our statements bind Dates and never date text.
 * 22P02 (invalid text representation) is mapped only for JSON input:
 * there it can only come from a value we serialised (an unpaired surrogate
 * in JSON text); for other types (uuid, integer casts) it would as likely be
 * our own mistake, and must stay a 500.
 */
const CLIENT_DATA_STATES: ReadonlyMap<string, { readonly detail: string; readonly applies?: (message: string) => boolean }> = new Map([
  ['22021', { detail: 'A text value holds a character the database cannot store.' }],
  ['22P05', { detail: 'A text value holds a character the database cannot store.' }],
  ['22P02', { detail: 'A text value holds a character the database cannot store.', applies: (message: string) => /type json/i.test(message) }],
  ['22003', { detail: 'A number is larger than the service can store.' }],
  // A Date past 9999 or before year 1 reaches PGlite as '+010000-…' or '-000001-…': 22009 or 22007.
  ['22008', { detail: 'A date or time lies outside the range the service can store.' }],
  ['22009', { detail: 'A date or time lies outside the range the service can store.' }],
  ['22007', { detail: 'A date or time lies outside the range the service can store.' }],
]);

export class UnstorableValueError extends AppError {
  constructor(detail: string) {
    super(422, 'unstorable_value', 'Unprocessable value', detail);
  }
}

/** The 4xx a data exception caused by a value stands for, or undefined when `error` is anything else. */
export function clientDataError(error: unknown): UnstorableValueError | undefined {
  const state = sqlStateOf(error);
  const known = state === undefined ? undefined : CLIENT_DATA_STATES.get(state);
  if (!known) return undefined;
  if (known.applies && !known.applies(error instanceof Error ? error.message : String(error))) return undefined;
  return new UnstorableValueError(known.detail);
}

/**
 * Awaits `work`; a data exception caused by a value becomes
 * UnstorableValueError (422), a failure of the store itself a 503
 * (connection-errors.ts), each logged at warn; anything else passes.
 */
export async function mappingStoreErrors<T>(logger: Logger, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const refused = clientDataError(error);
    if (refused) {
      logger.warn('sql.client_data_refused', { sqlState: sqlStateOf(error), error });
      throw refused;
    }
    const unavailable = storeUnavailableError(error);
    if (unavailable) {
      logger.warn('sql.store_unavailable', { sqlState: sqlStateOf(error), error });
      throw unavailable;
    }
    throw error;
  }
}

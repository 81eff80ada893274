import { token } from '../kernel/contract/token.js';
import type { Tx } from './unit-of-work.js';

/**
 * A module's personal data about one user, for GDPR data-subject requests
 * (the privacy module, docs/privacy.md). Multi-bound: each module that stores
 * personal data contributes one (manifest `contributes`), read with
 * `@multiInject(PersonalData) @optional()`. Scoped by team in every call.
 * Never touches money: balances and ledger movements are kept as they are.
 */
export interface PersonalData {
  /** The module that holds the data: the key of its section in an export. */
  readonly module: string;
  /** What the module stores about the user, as plain JSON; null when it holds nothing about them. */
  export(tx: Tx, teamId: string, userId: string): Promise<Record<string, unknown> | null>;
  /**
   * Replaces the user's names, emails and free text with `alias` (an email
   * becomes `<alias>@erased.invalid`, which is unique and undeliverable).
   * Returns how many records changed; 0 for a user the module does not know.
   */
  pseudonymise(tx: Tx, teamId: string, userId: string, alias: string): Promise<number>;
}
export const PersonalData = token<PersonalData>('personal-data');

/** The email a pseudonymised record gets: unique per alias, never deliverable (RFC 2606 `.invalid`). */
export function erasedEmail(alias: string): string {
  return `${alias}@erased.invalid`;
}

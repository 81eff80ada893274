import type { CompiledQuery, Transaction } from 'kysely';
import type { NewEvent } from '../../kernel/contract/event.js';
import { groupStatement, groupWrites, type DeferredWrite } from './deferred-writes.js';
import type { EventWriter } from './sql-event-store.js';
import type { SqlTx } from './sql-tx.js';
import type { WriteBehindConnection, WriteOwner } from './write-behind.js';

/**
 * One attempt of a SQL unit of work: the Kysely transaction, its deferred
 * writes and its afterCommit hooks. Appended events and writes repositories
 * defer are held back and go out together, in as few statements as
 * possible, with the next statement on the transaction's connection or with
 * its COMMIT (see write-behind.ts): a transaction that writes to several
 * tables costs one round trip for all of it, and still reads what it wrote.
 */
export class SqlTxImpl implements SqlTx, WriteOwner {
  readonly store = 'sql' as const;
  #open = true;
  readonly #hooks: Array<() => void> = [];
  readonly #deferred: DeferredWrite[] = [];
  #appended = false;
  #connection: WriteBehindConnection | undefined;

  constructor(
    readonly db: Transaction<any>,
    readonly dialect: 'postgres' | 'pglite',
    private readonly events: EventWriter,
  ) {}

  get isOpen(): boolean {
    return this.#open;
  }

  /** Whether this transaction wrote events (the unit of work announces them after the commit). */
  get appendedEvents(): boolean {
    return this.#appended;
  }

  /** From now on, any statement or COMMIT on `connection` first sends what this transaction deferred. */
  bind(connection: WriteBehindConnection): void {
    this.#connection = connection;
    connection.attach(this);
  }

  async append(events: readonly NewEvent[]): Promise<void> {
    this.#assertOpen('append');
    if (events.length === 0) return;
    this.#appended = true;
    this.defer(this.events(events));
  }

  defer(write: DeferredWrite): void {
    this.#assertOpen('defer');
    this.#deferred.push(write);
  }

  takeWrites(): CompiledQuery[] {
    const writes = this.#deferred.splice(0);
    if (writes.length === 0) return [];
    return groupWrites(writes).map((group) => groupStatement(group, this.db));
  }

  afterCommit(hook: () => void): void {
    this.#assertOpen('afterCommit');
    this.#hooks.push(hook);
  }

  /** Marks the transaction finished and hands over the hooks (run them only if it committed). */
  finish(): Array<() => void> {
    this.#open = false;
    this.#deferred.length = 0;
    this.#connection?.attach(undefined);
    this.#connection = undefined;
    return this.#hooks.splice(0);
  }

  #assertOpen(what: string): void {
    if (!this.#open) throw new Error(`sql store: ${what} called on a finished transaction`);
  }
}

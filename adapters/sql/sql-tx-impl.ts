import type { Transaction } from 'kysely';
import type { NewEvent } from '../../kernel/contract/event.js';
import type { SqlTx } from './sql-tx.js';

/** One attempt of a SQL unit of work: the Kysely transaction plus its afterCommit hooks. */
export class SqlTxImpl implements SqlTx {
  readonly store = 'sql' as const;
  #open = true;
  readonly #hooks: Array<() => void> = [];
  #appended = false;

  constructor(
    readonly db: Transaction<any>,
    readonly dialect: 'postgres' | 'pglite',
    private readonly insertEvents: (db: Transaction<any>, events: readonly NewEvent[]) => Promise<void>,
  ) {}

  get isOpen(): boolean {
    return this.#open;
  }

  /** Whether this transaction wrote events (the unit of work announces them after the commit). */
  get appendedEvents(): boolean {
    return this.#appended;
  }

  async append(events: readonly NewEvent[]): Promise<void> {
    this.#assertOpen('append');
    if (events.length > 0) this.#appended = true;
    await this.insertEvents(this.db, events);
  }

  afterCommit(hook: () => void): void {
    this.#assertOpen('afterCommit');
    this.#hooks.push(hook);
  }

  /** Marks the transaction finished and hands over the hooks (run them only if it committed). */
  finish(): Array<() => void> {
    this.#open = false;
    return this.#hooks.splice(0);
  }

  #assertOpen(what: string): void {
    if (!this.#open) throw new Error(`sql store: ${what} called on a finished transaction`);
  }
}

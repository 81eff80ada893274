import { inject, injectable } from 'inversify';
import { AssetCatalog, Clock, ConsumerStore, parseDecimal, ServiceBusyError, type StoredEvent } from '../../../kernel/public.js';
import { GcuConfig } from '../config.js';
import { GcuRepository, type HoldingRow } from '../ports.js';

const GROUP = 'gcu.holdings';
const BATCH = 1000;
/** Another process or request holding the group is catching up right now; wait for it this many times (5 ms apart), then answer 503. */
const CLAIM_ATTEMPTS = 200;

/**
 * Voting power needs every holder's GCU balance at one instant, and the
 * Ledger port answers only per known account and only now. Core banking
 * appends account.balance_updated (with the total after the change) for every
 * customer balance change, so this projection keeps each account's
 * basket-unit balance history with the time of each change, which answers
 * "every team's balance as of a proposal's start". It is a durable consumer
 * group on the kernel's ConsumerStore (commit-order-safe reads on PostgreSQL,
 * checkpoint and rows in one unit of work, visible on the live dashboard),
 * but it runs only when a snapshot is about to be taken: catchUp() handles
 * this group alone, never the other groups or the webhook sender, so a vote
 * never waits on them.
 */
@injectable()
export class HoldingsProjection {
  #ensured = false;

  constructor(
    @inject(ConsumerStore) private readonly consumers: ConsumerStore,
    @inject(GcuRepository) private readonly repo: GcuRepository,
    @inject(GcuConfig) private readonly config: GcuConfig,
    @inject(AssetCatalog) private readonly assets: AssetCatalog,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  accepts(event: StoredEvent): boolean {
    return event.type === 'account.balance_updated' && event.payload.asset_code === this.config.basket_code;
  }

  /** Handles every event committed so far; returns how many balances it recorded. */
  async catchUp(): Promise<number> {
    if (!this.#ensured) {
      await this.consumers.ensureGroup(GROUP, this.clock.now());
      this.#ensured = true;
    }
    let recorded = 0;
    for (let attempt = 0; attempt < CLAIM_ATTEMPTS; ) {
      const result = await this.consumers.claim(GROUP, async (tx, checkpoint) => {
        const events = await this.consumers.readAfter(tx, checkpoint.cursor, BATCH);
        if (events.length === 0) return { read: 0, rows: 0 };
        const rows = events.filter((event) => this.accepts(event)).map((event) => this.#row(event));
        await this.repo.recordHoldings(tx, rows);
        const last = events[events.length - 1]!;
        await this.consumers.save(tx, GROUP, {
          cursor: last.cursor,
          position: last.position,
          handled: checkpoint.handled + events.length,
          parked: checkpoint.parked,
          attempts: 0,
          failingCursor: null,
          lastError: null,
          at: this.clock.now(),
        });
        return { read: events.length, rows: rows.length };
      });
      if (!result.claimed) {
        attempt += 1;
        await new Promise((resolve) => setTimeout(resolve, 5));
        continue;
      }
      recorded += result.value.rows;
      if (result.value.read < BATCH) return recorded;
    }
    throw new ServiceBusyError(1, `Voting power is being brought up to date by another request or process (the ${GROUP} projection stayed busy); try again in a second.`, 'holdings_busy');
  }

  #row(event: StoredEvent): HoldingRow {
    const code = this.config.basket_code;
    const total = parseDecimal(String(event.payload.total_balance), this.assets.find(code)?.precision ?? 4);
    if (!total.ok) throw new Error(`unreadable total_balance in event ${event.id}`);
    return { position: event.position, occurredAt: event.occurredAt, teamId: event.teamId, accountId: String(event.payload.account_uuid), assetCode: code, balance: total.minor };
  }
}

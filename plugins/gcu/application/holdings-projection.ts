import { inject, injectable } from 'inversify';
import { parseDecimal } from '../../../kernel/money/decimal.js';
import { AssetCatalog } from '../../../ports/asset-catalog.js';
import { EventStore } from '../../../ports/event-store.js';
import { UnitOfWork } from '../../../ports/unit-of-work.js';
import { GcuConfig } from '../config.js';
import { GcuRepository, type HoldingRow } from '../ports.js';

const CURSOR = 'holdings';
const BATCH = 1000;

/**
 * Voting power needs every holder's GCU balance at one instant, and the
 * Ledger port answers only per known account. Core banking appends
 * account.balance_updated (with the total after the change) for every
 * customer balance change, so this projection reads those events for the
 * basket asset and keeps each account's latest balance. It catches up right
 * before a snapshot is taken, under a row lock on its cursor, so two
 * processes never apply the same event twice; the balances it holds are
 * then those of one prefix of the event log, a consistent cut.
 */
@injectable()
export class HoldingsProjection {
  constructor(
    @inject(EventStore) private readonly events: EventStore,
    @inject(GcuRepository) private readonly repo: GcuRepository,
    @inject(GcuConfig) private readonly config: GcuConfig,
    @inject(AssetCatalog) private readonly assets: AssetCatalog,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
  ) {}

  /**
   * Reads new events outside any transaction (PGlite has one connection, and
   * a reader must not wait on the writer it runs in), then records them in a
   * unit of work that re-checks the locked cursor.
   */
  async catchUp(): Promise<number> {
    const code = this.config.basket_code;
    const precision = this.assets.find(code)?.precision ?? 4;
    let recorded = 0;
    for (;;) {
      const from = await this.uow.run((tx) => this.repo.cursor(tx, CURSOR));
      const batch = await this.events.readAfter(from, BATCH);
      if (batch.length === 0) return recorded;
      recorded += await this.uow.run(async (tx) => {
        const locked = await this.repo.lockCursor(tx, CURSOR);
        const rows: HoldingRow[] = [];
        for (const event of batch) {
          if (event.position <= locked) continue;
          if (event.type !== 'account.balance_updated' || event.payload.asset_code !== code) continue;
          const total = parseDecimal(String(event.payload.total_balance), precision);
          if (!total.ok) continue;
          rows.push({
            position: event.position,
            teamId: event.teamId,
            accountId: String(event.payload.account_uuid),
            assetCode: code,
            balance: total.minor,
          });
        }
        await this.repo.upsertHoldings(tx, rows);
        const last = batch[batch.length - 1]!.position;
        await this.repo.setCursor(tx, CURSOR, last > locked ? last : locked);
        return rows.length;
      });
      if (batch.length < BATCH) return recorded;
    }
  }
}

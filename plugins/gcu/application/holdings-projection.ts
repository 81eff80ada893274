import { inject, injectable } from 'inversify';
import type { StoredEvent } from '../../../kernel/contract/event.js';
import { parseDecimal } from '../../../kernel/money/decimal.js';
import { AssetCatalog } from '../../../ports/asset-catalog.js';
import { EventBackbone, type ConsumerDefinition } from '../../../ports/event-consumers.js';
import type { Tx } from '../../../ports/unit-of-work.js';
import { GcuConfig } from '../config.js';
import { GcuRepository } from '../ports.js';

/**
 * Voting power needs every holder's GCU balance at one instant, and the
 * Ledger port answers only per known account. Core banking appends
 * account.balance_updated (with the total after the change) for every
 * customer balance change, so this consumer group keeps each account's
 * latest basket-unit balance. The kernel's backbone delivers events exactly
 * once in commit order (safe on PostgreSQL too), with the checkpoint in the
 * same unit of work as our upsert. Before a snapshot is taken, catchUp()
 * drains what is committed so far, so the snapshot sees a consistent prefix
 * of the event log.
 */
@injectable()
export class HoldingsProjection implements ConsumerDefinition {
  readonly group = 'gcu.holdings';

  constructor(
    @inject(GcuRepository) private readonly repo: GcuRepository,
    @inject(GcuConfig) private readonly config: GcuConfig,
    @inject(AssetCatalog) private readonly assets: AssetCatalog,
    @inject(EventBackbone) private readonly backbone: EventBackbone,
  ) {}

  accepts(event: StoredEvent): boolean {
    return event.type === 'account.balance_updated' && event.payload.asset_code === this.config.basket_code;
  }

  async handle(tx: Tx, event: StoredEvent): Promise<void> {
    const code = this.config.basket_code;
    const total = parseDecimal(String(event.payload.total_balance), this.assets.find(code)?.precision ?? 4);
    if (!total.ok) throw new Error(`unreadable total_balance in event ${event.id}`);
    await this.repo.upsertHoldings(tx, [
      { position: event.position, teamId: event.teamId, accountId: String(event.payload.account_uuid), assetCode: code, balance: total.minor },
    ]);
  }

  /** Handles every event committed so far (all groups: the backbone drains as one loop). */
  async catchUp(): Promise<void> {
    await this.backbone.drain();
  }
}

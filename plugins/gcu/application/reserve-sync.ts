import { inject, injectable } from 'inversify';
import { AssetCatalog, formatMinor, Ledger, type LedgerLeg, type Tx } from '../../../kernel/public.js';
import { componentMinor } from '../domain/quantities.js';
import { GcuRepository, type BasketRecord, type ReserveRecord } from '../ports.js';
import { rebalanceAccount, reserveAccount } from './reserve-accounts.js';

/**
 * Keeps a team's basket reserve in step with the basket's quantities. After a
 * rebalancing each component of the reserve is traded (against the rebalance
 * system account) to exactly ceil(outstanding × new quantity): enough to
 * redeem every outstanding unit under the new definition. The trade runs for
 * every team right after the rebalancing and, should that be interrupted,
 * before the team's next compose or decompose, so no team ever redeems
 * against a stale reserve.
 */
@injectable()
export class ReserveSync {
  constructor(
    @inject(GcuRepository) private readonly repo: GcuRepository,
    @inject(Ledger) private readonly ledger: Ledger,
    @inject(AssetCatalog) private readonly assets: AssetCatalog,
  ) {}

  /** The team's reserve (locked), traded up to `basket`'s version first when behind. */
  async sync(tx: Tx, teamId: string, basket: BasketRecord): Promise<ReserveRecord> {
    const reserve = await this.repo.lockReserve(tx, teamId, basket.code, basket.version);
    if (reserve.version >= basket.version) return reserve;

    const basketPrecision = this.assets.find(basket.code)!.precision;
    const components = new Set<string>(basket.quantities.keys());
    for (const version of await this.repo.listVersions(tx, basket.code)) for (const code of version.quantities.keys()) components.add(code);
    const legs: LedgerLeg[] = [];
    const trades: Record<string, string> = {};
    for (const code of [...components].sort()) {
      const precision = this.assets.find(code)!.precision;
      const target = componentMinor(reserve.outstanding, basketPrecision, basket.quantities.get(code) ?? 0n, precision, 'up');
      const held = (await this.ledger.balance(tx, teamId, reserveAccount(basket.code), code)).available;
      const delta = target - held;
      if (delta === 0n) continue;
      legs.push({ accountId: reserveAccount(basket.code), assetCode: code, amount: delta });
      legs.push({ accountId: rebalanceAccount(basket.code), assetCode: code, amount: -delta });
      trades[code] = formatMinor(delta, precision);
    }
    const posted = legs.length > 0 ? await this.ledger.post(tx, teamId, { kind: 'basket.rebalance', reference: `${basket.code} v${basket.version}`, legs }) : null;
    const synced: ReserveRecord = { ...reserve, version: basket.version };
    await this.repo.saveReserve(tx, synced);
    await tx.append([
      {
        type: 'basket.reserve_rebalanced',
        teamId,
        aggregateType: 'basket',
        aggregateId: basket.code,
        payload: {
          basket_code: basket.code,
          version: basket.version,
          outstanding_units: formatMinor(reserve.outstanding, basketPrecision),
          trades,
          movement_uuid: posted?.movementId ?? null,
        },
      },
    ]);
    return synced;
  }
}

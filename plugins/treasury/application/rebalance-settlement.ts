import { inject, injectable } from 'inversify';
import { AssetCatalog, Clock, CrossChainBridges, type ConsumerDefinition, type StoredEvent, type Tx } from '../../../kernel/public.js';
import { allSettled, type RebalanceRecord } from '../domain/rebalance.js';
import { RebalanceRepository } from '../ports.js';
import { ChainHoldings } from './chain-holdings.js';
import { rebalanceEvent } from './views.js';

export const SETTLEMENT_GROUP = 'treasury.rebalance-settlement';

/**
 * A durable consumer of bridge.completed and bridge.failed: the transfer's
 * move in its rebalance takes the transfer's status (read back through the
 * CrossChainBridges port), and once every transfer is final the rebalance
 * is completed, or failed when one failed (its source was refunded), with
 * what each chain holds then and its event. The checkpoint commits with
 * these writes, so a restart resumes where it stopped, and an event seen
 * twice changes nothing the second time.
 */
@injectable()
export class RebalanceSettlement implements ConsumerDefinition {
  readonly group = SETTLEMENT_GROUP;

  constructor(
    @inject(RebalanceRepository) private readonly rebalances: RebalanceRepository,
    @inject(CrossChainBridges) private readonly bridges: CrossChainBridges,
    @inject(ChainHoldings) private readonly holdings: ChainHoldings,
    @inject(AssetCatalog) private readonly assets: AssetCatalog,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  accepts(event: StoredEvent): boolean {
    return event.type === 'bridge.completed' || event.type === 'bridge.failed';
  }

  async handle(tx: Tx, event: StoredEvent): Promise<void> {
    const rebalance = await this.rebalances.lockByTransfer(tx, event.teamId, event.aggregateId);
    if (!rebalance || rebalance.status !== 'executing') return;
    const transfer = await this.bridges.status(tx, event.teamId, event.aggregateId);
    if (!transfer) return;
    const moves = rebalance.moves.map((move) => (move.transferId === transfer.id ? { ...move, status: transfer.status } : move));
    const failed = moves.filter((move) => move.status === 'failed');
    let next: RebalanceRecord = { ...rebalance, moves, updatedAt: this.clock.now() };
    if (allSettled(moves)) {
      const held = await this.holdings.of(tx, rebalance.teamId, rebalance.accountId, rebalance.token);
      const reasons = await Promise.all(failed.map(async (move) => (await this.bridges.status(tx, rebalance.teamId, move.transferId!))?.failureReason ?? 'failed'));
      next = {
        ...next,
        status: failed.length === 0 ? 'completed' : 'failed',
        chains: rebalance.chains.map((chain) => ({ ...chain, after: held.get(chain.chain) ?? 0n })),
        failureReason: failed.length === 0 ? null : failed.map((move, index) => `${move.sourceChain} → ${move.destinationChain}: ${reasons[index]}`).join('; '),
      };
    }
    await this.rebalances.update(tx, next);
    if (next.status !== 'executing') {
      const decimals = this.assets.require(next.token, '/token').precision;
      await tx.append([rebalanceEvent(next.status === 'completed' ? 'treasury.rebalance.completed' : 'treasury.rebalance.failed', next, decimals)]);
    }
  }
}

import { inject, injectable } from 'inversify';
import {
  AssetCatalog,
  ChainCatalog,
  chooseAccount,
  Clock,
  ConflictError,
  CrossChainBridges,
  Ids,
  Ledger,
  UnitOfWork,
  ValidationError,
  type Operation,
  type RequestContext,
} from '../../../kernel/public.js';
import type { AllocationTarget } from '../domain/allocation.js';
import { planRebalance, type PairQuote, type Plan } from '../domain/planner.js';
import type { RebalanceMove, RebalanceRecord } from '../domain/rebalance.js';
import { TreasuryConfig } from '../config.js';
import type { RebalanceInput, RebalanceView } from '../operations.js';
import { AllocationRepository, RebalanceRepository } from '../ports.js';
import { requireChainToken } from './allocation-input.js';
import { ChainHoldings } from './chain-holdings.js';
import { rebalanceEvent, rebalanceView } from './views.js';

/**
 * POST /treasury/rebalances, rebalanceTreasury: plans the bridge transfers
 * that bring the account's holdings of a token to the team's allocation
 * (domain/planner.ts) and, unless a dry run, starts them all in one unit of
 * work with the rebalance record and its event. The settlement
 * (rebalance-settlement.ts) completes it when every transfer is final.
 *
 * Quotes are read outside any transaction (they read the chains' heads), so
 * the holdings are read twice: to plan, and again when the transfers start,
 * under the lock of the team's allocation row (concurrent rebalances of a
 * token start one at a time); a change in between is a 409 (ask again),
 * never a plan on stale numbers, and so is a rebalance of the same account
 * and token whose transfers are still in flight (its holdings are not all
 * on a chain yet).
 */
@injectable()
export class RebalanceOperation implements Operation<RebalanceInput, RebalanceView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(AllocationRepository) private readonly allocations: AllocationRepository,
    @inject(RebalanceRepository) private readonly rebalances: RebalanceRepository,
    @inject(ChainHoldings) private readonly holdings: ChainHoldings,
    @inject(CrossChainBridges) private readonly bridges: CrossChainBridges,
    @inject(Ledger) private readonly ledger: Ledger,
    @inject(ChainCatalog) private readonly catalog: ChainCatalog,
    @inject(AssetCatalog) private readonly assets: AssetCatalog,
    @inject(Clock) private readonly clock: Clock,
    @inject(Ids) private readonly ids: Ids,
    @inject(TreasuryConfig) private readonly config: TreasuryConfig,
  ) {}

  async execute(input: RebalanceInput, ctx: RequestContext): Promise<RebalanceView> {
    const teamId = ctx.actor.teamId;
    const token = requireChainToken(this.catalog, this.assets, input.token, '/token');
    const decimals = this.assets.require(token, '/token').precision;
    const toleranceBps = input.tolerance_bps ?? this.config.default_tolerance_bps;
    const dryRun = input.dry_run ?? false;
    const { targets, accountId, balances } = await this.uow.run(async (tx) => {
      const accountId = await chooseAccount(tx, this.ledger, teamId, input.account_id, '/account_id');
      const allocation = await this.allocations.find(tx, teamId, token);
      if (!allocation) throw ValidationError.field('/token', `The team has no allocation of ${token}: set one with PUT /api/v2/treasury/allocations/${token}.`, 'no_allocation');
      return { targets: allocation.targets, accountId, balances: await this.holdings.of(tx, teamId, accountId, token) };
    });
    const plan = planRebalance({ balances, targets, toleranceBps, cheapest: await this.#quotes(token, targets, balances) });
    if (!plan.reachable && !dryRun) {
      throw ValidationError.field('/token', `No set of bridge transfers brings every chain within ${toleranceBps} bps of its target (a chain no protocol reaches, or holdings too small for the fees); a dry run shows the plan.`, 'allocation_unreachable');
    }
    const rebalance = await this.uow.run(async (tx) => {
      if (!dryRun) {
        // One rebalance of a team's token starts at a time (the allocation row is the lock), and not while another's transfers are in flight.
        if (!(await this.allocations.lock(tx, teamId, token))) throw ValidationError.field('/token', `The team has no allocation of ${token}.`, 'no_allocation');
        const running = await this.rebalances.executing(tx, teamId, token, accountId);
        if (running) throw new ConflictError(`Rebalance ${running.id} of this account's ${token} is still executing; wait for it to complete.`, 'rebalance_in_progress');
        const now = await this.holdings.of(tx, teamId, accountId, token);
        if (plan.chains.some((chain) => (now.get(chain.chain) ?? 0n) !== chain.before)) throw new ConflictError(`The account's ${token} holdings changed while the rebalance was planned; ask again.`, 'holdings_changed');
      }
      const moves: RebalanceMove[] = [];
      for (const move of plan.moves) {
        if (dryRun) {
          moves.push({ ...move, transferId: null, status: 'planned' });
          continue;
        }
        const transfer = await this.bridges.initiate(tx, { teamId, accountId, route: { sourceChain: move.sourceChain, destinationChain: move.destinationChain, token }, amount: move.amount, protocol: move.protocol });
        moves.push({ ...move, feeAmount: transfer.feeAmount, receiveAmount: transfer.receiveAmount, transferId: transfer.id, status: transfer.status });
      }
      const record = this.#record(teamId, accountId, token, toleranceBps, dryRun, plan, moves);
      await this.rebalances.insert(tx, record);
      await tx.append([rebalanceEvent('treasury.rebalance.planned', record, decimals)]);
      if (record.status === 'completed') await tx.append([rebalanceEvent('treasury.rebalance.completed', record, decimals)]);
      return record;
    });
    return rebalanceView(rebalance, decimals);
  }

  /** The cheapest protocol of every ordered pair of the chains involved, quoted now for the whole total (fees do not depend on the amount). */
  async #quotes(token: string, targets: readonly AllocationTarget[], balances: ReadonlyMap<string, bigint>): Promise<(source: string, destination: string) => PairQuote | undefined> {
    const chains = [...new Set([...targets.map((target) => target.chain), ...[...balances.entries()].filter(([, amount]) => amount > 0n).map(([chain]) => chain)])];
    const total = [...balances.values()].reduce((sum, amount) => sum + amount, 0n);
    const book = new Map<string, PairQuote>();
    for (const source of chains) {
      for (const destination of chains) {
        if (source === destination || (balances.get(source) ?? 0n) === 0n) continue;
        const [cheapest] = await this.bridges.quote({ sourceChain: source, destinationChain: destination, token }, total > 0n ? total : 1n);
        if (cheapest) book.set(`${source}>${destination}`, { protocol: cheapest.protocol, feeAmount: cheapest.feeAmount });
      }
    }
    return (source, destination) => book.get(`${source}>${destination}`);
  }

  #record(teamId: string, accountId: string, token: string, toleranceBps: number, dryRun: boolean, plan: Plan, moves: RebalanceMove[]): RebalanceRecord {
    const now = this.clock.now();
    return {
      id: this.ids.uuid(),
      teamId,
      token,
      accountId,
      toleranceBps,
      dryRun,
      status: dryRun ? 'planned' : moves.length === 0 ? 'completed' : 'executing',
      total: plan.total,
      feeTotal: moves.reduce((sum, move) => sum + move.feeAmount, 0n),
      withinToleranceBefore: plan.withinToleranceBefore,
      withinToleranceAfter: plan.reachable,
      chains: plan.chains.map((chain) => ({ ...chain, after: !dryRun && moves.length === 0 ? chain.before : null })),
      moves,
      failureReason: null,
      createdAt: now,
      updatedAt: now,
    };
  }
}

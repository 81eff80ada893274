import { inject, injectable } from 'inversify';
import { AssetCatalog, CrossChainBridges, NotFoundError, UnitOfWork, type Operation, type RequestContext } from '../../../kernel/public.js';
import type { RebalanceRecord } from '../domain/rebalance.js';
import type { ReadRebalanceInput, RebalanceView } from '../operations.js';
import { RebalanceRepository } from '../ports.js';
import { rebalanceView } from './views.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * GET /treasury/rebalances/{id}, treasuryRebalance: the plan and how far it
 * got; another team's is 404. While executing, each transfer's status is
 * read from the bridge now (the record takes it only when it is final).
 */
@injectable()
export class ReadRebalanceOperation implements Operation<ReadRebalanceInput, RebalanceView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(RebalanceRepository) private readonly rebalances: RebalanceRepository,
    @inject(CrossChainBridges) private readonly bridges: CrossChainBridges,
    @inject(AssetCatalog) private readonly assets: AssetCatalog,
  ) {}

  async execute(input: ReadRebalanceInput, ctx: RequestContext): Promise<RebalanceView> {
    const teamId = ctx.actor.teamId;
    const found = UUID.test(input.id) ? await this.uow.run((tx) => this.rebalances.find(tx, teamId, input.id).then((one) => one && this.#live(tx, teamId, one))) : undefined;
    if (!found) throw new NotFoundError('Rebalance', input.id, { pointer: '/id' });
    return rebalanceView(found, this.assets.require(found.token, '/token').precision);
  }

  async #live(tx: Parameters<CrossChainBridges['status']>[0], teamId: string, rebalance: RebalanceRecord): Promise<RebalanceRecord> {
    if (rebalance.status !== 'executing') return rebalance;
    const moves = [];
    // One after another: the statements share the unit of work's connection.
    for (const move of rebalance.moves) moves.push(move.transferId === null ? move : { ...move, status: (await this.bridges.status(tx, teamId, move.transferId))?.status ?? move.status });
    return { ...rebalance, moves };
  }
}

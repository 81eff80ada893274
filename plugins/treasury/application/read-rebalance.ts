import { inject, injectable } from 'inversify';
import { AssetCatalog, NotFoundError, UnitOfWork, type Operation, type RequestContext } from '../../../kernel/public.js';
import type { ReadRebalanceInput, RebalanceView } from '../operations.js';
import { RebalanceRepository } from '../ports.js';
import { rebalanceView } from './views.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** GET /treasury/rebalances/{id}, treasuryRebalance: the plan and how far it got; another team's is 404. */
@injectable()
export class ReadRebalanceOperation implements Operation<ReadRebalanceInput, RebalanceView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(RebalanceRepository) private readonly rebalances: RebalanceRepository,
    @inject(AssetCatalog) private readonly assets: AssetCatalog,
  ) {}

  async execute(input: ReadRebalanceInput, ctx: RequestContext): Promise<RebalanceView> {
    const found = UUID.test(input.id) ? await this.uow.run((tx) => this.rebalances.find(tx, ctx.actor.teamId, input.id)) : undefined;
    if (!found) throw new NotFoundError('Rebalance', input.id, { pointer: '/id' });
    return rebalanceView(found, this.assets.require(found.token, '/token').precision);
  }
}

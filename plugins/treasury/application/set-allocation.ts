import { inject, injectable } from 'inversify';
import { AssetCatalog, ChainCatalog, Clock, UnitOfWork, type Operation, type RequestContext } from '../../../kernel/public.js';
import type { AllocationView, SetAllocationInput } from '../operations.js';
import { AllocationRepository } from '../ports.js';
import { requireChainToken, validateTargets } from './allocation-input.js';
import { allocationView } from './views.js';

/** PUT /treasury/allocations/{token}, setTreasuryAllocation: replaces the team's target allocation of a token. */
@injectable()
export class SetAllocationOperation implements Operation<SetAllocationInput, AllocationView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(AllocationRepository) private readonly allocations: AllocationRepository,
    @inject(ChainCatalog) private readonly catalog: ChainCatalog,
    @inject(AssetCatalog) private readonly assets: AssetCatalog,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(input: SetAllocationInput, ctx: RequestContext): Promise<AllocationView> {
    const token = requireChainToken(this.catalog, this.assets, input.token, '/token');
    const targets = validateTargets(this.catalog, token, input.targets);
    const now = this.clock.now();
    const stored = await this.uow.run((tx) => this.allocations.put(tx, { teamId: ctx.actor.teamId, token, targets, createdAt: now, updatedAt: now }));
    return allocationView(stored);
  }
}

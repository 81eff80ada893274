import { inject, injectable } from 'inversify';
import { UnitOfWork, type Operation, type RequestContext } from '../../../kernel/public.js';
import type { AllocationView } from '../operations.js';
import { AllocationRepository } from '../ports.js';
import { allocationView } from './views.js';

/** GET /treasury/allocations, treasuryAllocations: the team's allocations by token. */
@injectable()
export class ListAllocationsOperation implements Operation<Record<string, never>, AllocationView[]> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(AllocationRepository) private readonly allocations: AllocationRepository,
  ) {}

  async execute(_input: Record<string, never>, ctx: RequestContext): Promise<AllocationView[]> {
    return (await this.uow.run((tx) => this.allocations.list(tx, ctx.actor.teamId))).map(allocationView);
  }
}

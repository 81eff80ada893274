import { inject, injectable } from 'inversify';
import { LedgerJournal, NotFoundError, UnitOfWork, type Operation, type RequestContext } from '../../../kernel/public.js';
import type { MovementInput, MovementView } from '../operations.js';
import { movementView } from './views.js';

/** GET /ledger/movements/{id}, ledgerMovement: one movement of the team with its postings; 404 for an unknown id or another team's. */
@injectable()
export class GetMovementOperation implements Operation<MovementInput, MovementView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(LedgerJournal) private readonly journal: LedgerJournal,
  ) {}

  async execute(input: MovementInput, ctx: RequestContext): Promise<MovementView> {
    const movement = await this.uow.run((tx) => this.journal.movement(tx, ctx.actor.teamId, input.id));
    if (!movement) throw new NotFoundError('Movement', input.id, { parameter: 'id' });
    return movementView(movement);
  }
}

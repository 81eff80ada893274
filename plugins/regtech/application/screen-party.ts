import { inject, injectable } from 'inversify';
import { NotFoundError, SanctionsScreening, UnitOfWork, ValidationError, type Operation, type RequestContext } from '../../../kernel/public.js';
import type { ScreeningIdParams, ScreeningPartyInput, ScreeningView } from '../operations.js';
import { ScreeningRepository } from '../ports.js';
import { screeningView } from './views.js';

/** POST /regtech/sanctions/screen: screens a party for the caller's team and records it. */
@injectable()
export class ScreenPartyOperation implements Operation<ScreeningPartyInput, ScreeningView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(SanctionsScreening) private readonly screening: SanctionsScreening,
  ) {}

  async execute(input: ScreeningPartyInput, ctx: RequestContext): Promise<ScreeningView> {
    const { purpose, ...party } = input;
    try {
      // The port's result is this view with readonly arrays.
      return (await this.uow.run((tx) => this.screening.screen(tx, { teamId: ctx.actor.teamId, party, purpose }))) as ScreeningView;
    } catch (error) {
      // The port names the party's fields under /party; this route's body is the party.
      if (error instanceof ValidationError) throw new ValidationError(error.issues.map((issue) => ({ ...issue, pointer: issue.pointer?.replace(/^\/party/, '') })));
      throw error;
    }
  }
}

/** GET /regtech/sanctions/screenings/{id}: a screening of the caller's team, as recorded. */
@injectable()
export class GetScreeningOperation implements Operation<ScreeningIdParams, ScreeningView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(ScreeningRepository) private readonly screenings: ScreeningRepository,
  ) {}

  async execute(input: ScreeningIdParams, ctx: RequestContext): Promise<ScreeningView> {
    const record = await this.uow.readOnly((tx) => this.screenings.find(tx, ctx.actor.teamId, input.id));
    if (!record) throw new NotFoundError('screening', input.id);
    return screeningView(record);
  }
}

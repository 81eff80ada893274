import { inject, injectable } from 'inversify';
import { UnitOfWork, type Operation, type RequestContext } from '../../../kernel/public.js';
import type { EmptyInput, PartnerView } from '../operations.js';
import { PartnerRepository } from '../ports.js';
import { OnboardingChecklist } from './checklist.js';
import { ownPartner } from './own-partner.js';
import { partnerView } from './views.js';

/** GET /v2/partner/profile: the calling partner as the operator sees it, with its live checklist. */
@injectable()
export class GetOwnPartnerOperation implements Operation<EmptyInput, PartnerView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(PartnerRepository) private readonly partners: PartnerRepository,
    @inject(OnboardingChecklist) private readonly checklist: OnboardingChecklist,
  ) {}

  async execute(_input: EmptyInput, ctx: RequestContext): Promise<PartnerView> {
    return this.uow.run(async (tx) => {
      const { partner } = await ownPartner(this.partners, tx, ctx.actor.teamId);
      return partnerView(partner, await this.checklist.of(tx, partner));
    });
  }
}

import { inject, injectable, optional } from 'inversify';
import { WebhookSubscriptions, type Tx } from '../../../kernel/public.js';
import type { PartnerRecord } from '../domain/partner.js';
import type { PartnerView } from '../operations.js';

type Checklist = PartnerView['onboarding_checklist'];

/**
 * The onboarding checklist, read from state each time: the live key valid,
 * a webhook subscription of the partner's team (through the webhooks
 * module; false when it is not enabled), an SDK generated, a sandbox call made.
 */
@injectable()
export class OnboardingChecklist {
  constructor(@inject(WebhookSubscriptions) @optional() private readonly webhooks: WebhookSubscriptions | undefined) {}

  async of(tx: Tx, partner: PartnerRecord): Promise<Checklist> {
    const webhooks = this.webhooks ? await this.webhooks.count(tx, partner.teamId) : 0;
    return {
      api_key_generated: partner.status !== 'revoked',
      webhook_configured: webhooks > 0,
      sdk_generated: partner.sdkGeneratedAt !== null,
      sandbox_tested: partner.sandboxTestedAt !== null,
      compliance_review: partner.complianceReview,
    };
  }
}

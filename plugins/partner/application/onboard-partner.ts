import { inject, injectable, optional } from 'inversify';
import {
  AppError,
  checkAllowlist,
  Clock,
  EnabledModules,
  ForbiddenError,
  Ids,
  Random,
  TeamProvisioning,
  UnitOfWork,
  ValidationError,
  WebhookSubscriptions,
  type Operation,
  type RequestContext,
} from '../../../kernel/public.js';
import { PartnerConfig } from '../config.js';
import { formatWebhookSecret } from '../domain/partner-key.js';
import type { PartnerRecord } from '../domain/partner.js';
import { rateLimitsFor } from '../domain/tiers.js';
import { PartnerOnboarded } from '../events.js';
import type { OnboardingResultView, OnboardPartnerInput } from '../operations.js';
import { PartnerRepository } from '../ports.js';
import { OnboardingChecklist } from './checklist.js';
import { checkModules } from './module-names.js';
import { SdkPackages, type SdkOrder } from './sdk-packages.js';
import { PartnerKeys } from './partner-keys.js';
import { partnerEventPayload } from './views.js';

/**
 * POST /v1/partner/onboard (operator key): the partner's live team with its
 * admin user and fak_ key, a sandbox team, fpk_ live and sandbox keys, the
 * webhook subscription for webhook_url, the partner row and
 * partner.onboarded, all in one unit of work. Every input is checked before
 * it starts, so a refusal changes nothing.
 */
@injectable()
export class OnboardPartnerOperation implements Operation<OnboardPartnerInput, OnboardingResultView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(PartnerRepository) private readonly partners: PartnerRepository,
    @inject(TeamProvisioning) private readonly teams: TeamProvisioning,
    @inject(PartnerKeys) private readonly keys: PartnerKeys,
    @inject(OnboardingChecklist) private readonly checklist: OnboardingChecklist,
    @inject(EnabledModules) private readonly enabled: EnabledModules,
    @inject(PartnerConfig) private readonly config: PartnerConfig,
    @inject(Random) private readonly random: Random,
    @inject(Ids) private readonly ids: Ids,
    @inject(Clock) private readonly clock: Clock,
    @inject(SdkPackages) private readonly sdks: SdkPackages,
    @inject(WebhookSubscriptions) @optional() private readonly webhooks: WebhookSubscriptions | undefined,
  ) {}

  async execute(input: OnboardPartnerInput, ctx: RequestContext): Promise<OnboardingResultView> {
    if (ctx.actor.kind !== 'operator') throw new ForbiddenError('Only the bank operator key may onboard partners.', 'insufficient_permission');
    const modules = checkModules(input.modules, this.enabled.names(), '/modules');
    const sdkOrder: SdkOrder = {
      languages: input.sdk_languages,
      languagesPointer: '/sdk_languages',
      modules: [],
      modulesPointer: '/modules',
      displayName: input.organization_name,
      options: { includeTypes: true, includeExamples: true, includeTests: false },
    };
    const { languages: sdkLanguages } = this.sdks.check({ modules }, sdkOrder);
    const ipWhitelist = checkAllowlist(input.ip_whitelist, '/ip_whitelist');
    const webhookUrl = input.webhook_url === undefined ? undefined : await this.#checkWebhookUrl(input.webhook_url);
    const partnerId = this.ids.uuid();
    // Generated before the unit of work (CPU work, no lock held); stored in it.
    const sdkPackages = await this.sdks.generate({ id: partnerId, teamId: '', modules, organizationName: input.organization_name }, sdkOrder);
    const limits = rateLimitsFor(input.tier, input.rate_limit_override);
    const pair = this.keys.pair();
    const webhookSecret = webhookUrl === undefined ? null : formatWebhookSecret(this.random.bytes(32));

    return this.uow.run(async (tx) => {
      const now = this.clock.now();
      const live = await this.teams
        .provision(tx, { teamName: input.organization_name, admin: { name: `${input.organization_name} admin`, email: input.contact_email } })
        .catch((error: unknown) => {
          if (error instanceof AppError && error.code === 'email_taken') throw new AppError(409, 'email_taken', 'Conflict', error.message, { pointer: '/contact_email' });
          throw error;
        });
      const sandbox = await this.teams.provision(tx, { teamName: `${input.organization_name} (sandbox)` });
      const partner: PartnerRecord = {
        id: partnerId,
        teamId: live.teamId,
        sandboxTeamId: sandbox.teamId,
        organizationName: input.organization_name,
        contactEmail: input.contact_email.trim().toLowerCase(),
        adminUserId: live.admin!.userId,
        tier: input.tier,
        modules,
        sdkLanguages,
        ipWhitelist,
        requestsPerMinute: limits.requestsPerMinute,
        burst: limits.burst,
        metadata: input.metadata,
        status: 'active',
        ...pair.stored,
        complianceReview: 'pending',
        sandboxTestedAt: null,
        sdkGeneratedAt: null,
        keysRotatedAt: null,
        createdAt: now,
        updatedAt: now,
      };
      await this.partners.insert(tx, partner);
      if (webhookUrl !== undefined && webhookSecret !== null) {
        await this.webhooks!.subscribe(tx, { teamId: live.teamId, url: webhookUrl, secret: webhookSecret, description: `${input.organization_name} (partner onboarding)` });
      }
      await tx.append([{ type: PartnerOnboarded.name, teamId: partner.teamId, aggregateType: 'partner', aggregateId: partner.id, payload: partnerEventPayload(partner) }]);
      await this.sdks.store(tx, partner.id, partner.teamId, sdkPackages);
      const base = this.config.public_url.replace(/\/+$/, '');
      return {
        partner_id: partner.id,
        organization_name: partner.organizationName,
        status: partner.status,
        tier: partner.tier,
        modules_enabled: [...partner.modules],
        api_credentials: { api_key: pair.live, sandbox_key: pair.sandbox, webhook_secret: webhookSecret, user_api_key: live.admin!.apiKey },
        sdk_packages: sdkPackages.map((one) => ({ ...this.sdks.view(one), docs_url: this.sdks.docsUrl() })),
        rate_limits: { requests_per_minute: partner.requestsPerMinute, burst_limit: partner.burst },
        sandbox_url: `${base}/api/v2`,
        dashboard_url: `${base}/dashboard`,
        created_at: now.toISOString(),
        onboarding_checklist: await this.checklist.of(tx, (await this.partners.findById(tx, partner.id))!),
      };
    });
  }

  /** The webhooks module's URL policy, its refusal pointed at /webhook_url. */
  async #checkWebhookUrl(url: string): Promise<string> {
    if (!this.webhooks) throw ValidationError.field('/webhook_url', 'the webhooks module is not enabled in this service', 'webhooks_disabled');
    try {
      return await this.webhooks.checkUrl(url);
    } catch (error) {
      if (error instanceof ValidationError) {
        throw new ValidationError(error.issues.map((issue) => ({ ...issue, pointer: '/webhook_url' })));
      }
      throw error;
    }
  }
}

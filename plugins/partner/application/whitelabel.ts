import { inject, injectable } from 'inversify';
import { Clock, FileAnswer, NotFoundError, UnitOfWork, ValidationError, type Operation, type RequestContext } from '../../../kernel/public.js';
import { PartnerConfig } from '../config.js';
import type { PartnerRecord } from '../domain/partner.js';
import { colourIssue, featureIssues, logoUrlIssue, type WhitelabelRecord } from '../domain/whitelabel.js';
import { ALWAYS_ON_MODULES } from '../domain/modules.js';
import { widgetScript } from '../domain/widget-script.js';
import { WidgetDeployed } from '../events.js';
import type { EmptyInput } from '../operations.js';
import type { GetWidgetInput, PutWhitelabelInput, WhitelabelView, WidgetView } from '../operations-whitelabel.js';
import { PartnerRepository, WhitelabelRepository } from '../ports.js';
import { ownPartner } from './own-partner.js';

function baseUrl(config: PartnerConfig): string {
  return config.public_url.replace(/\/+$/, '');
}

/** Every module of the partner with its switch: the stored map, a module left out enabled. */
function allFeatures(partner: PartnerRecord, stored: Readonly<Record<string, boolean>>): Record<string, boolean> {
  return Object.fromEntries(partner.modules.filter((name) => !ALWAYS_ON_MODULES.includes(name)).map((name) => [name, stored[name] !== false]));
}

function whitelabelView(partner: PartnerRecord, record: WhitelabelRecord, config: PartnerConfig): WhitelabelView {
  return {
    partner_id: record.partnerId,
    version: record.version,
    logo_url: record.logoUrl,
    primary_color: record.primaryColor,
    features: allFeatures(partner, record.features),
    widget_url: `${baseUrl(config)}/api/v1/partner/widgets/${record.partnerId}?version=${record.version}`,
    published_at: record.publishedAt.toISOString(),
  };
}

/**
 * PUT /v2/partner/config/whitelabel: checks every field (all refusals at
 * once), then publishes the next version with widget.deployed in one unit of
 * work. The gate reads the newest version on each tenant call.
 */
@injectable()
export class PutWhitelabelOperation implements Operation<PutWhitelabelInput, WhitelabelView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(PartnerRepository) private readonly partners: PartnerRepository,
    @inject(WhitelabelRepository) private readonly configs: WhitelabelRepository,
    @inject(PartnerConfig) private readonly config: PartnerConfig,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(input: PutWhitelabelInput, ctx: RequestContext): Promise<WhitelabelView> {
    return this.uow.run(async (tx) => {
      const { partner } = await ownPartner(this.partners, tx, ctx.actor.teamId);
      const issues = [logoUrlIssue(input.logo_url), colourIssue(input.primary_color), ...featureIssues(input.features, partner.modules)].filter(
        (issue) => issue !== undefined,
      );
      if (issues.length > 0) throw new ValidationError(issues);
      const previous = await this.configs.find(tx, partner.id);
      const record: WhitelabelRecord = {
        partnerId: partner.id,
        teamId: partner.teamId,
        version: (previous?.version ?? 0) + 1,
        logoUrl: input.logo_url,
        primaryColor: input.primary_color.toLowerCase(),
        features: { ...input.features },
        publishedAt: this.clock.now(),
      };
      await this.configs.insert(tx, record);
      const view = whitelabelView(partner, record, this.config);
      await tx.append([{ type: WidgetDeployed.name, teamId: partner.teamId, aggregateType: 'partner_widget', aggregateId: partner.id, payload: view }]);
      return view;
    });
  }
}

/** GET /v2/partner/config/whitelabel: the newest published configuration (404 before the first). */
@injectable()
export class GetWhitelabelOperation implements Operation<EmptyInput, WhitelabelView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(PartnerRepository) private readonly partners: PartnerRepository,
    @inject(WhitelabelRepository) private readonly configs: WhitelabelRepository,
    @inject(PartnerConfig) private readonly config: PartnerConfig,
  ) {}

  async execute(_input: EmptyInput, ctx: RequestContext): Promise<WhitelabelView> {
    return this.uow.run(async (tx) => {
      const { partner } = await ownPartner(this.partners, tx, ctx.actor.teamId);
      const record = await this.configs.find(tx, partner.id);
      if (!record) throw new NotFoundError('White-label configuration', partner.id);
      return whitelabelView(partner, record, this.config);
    });
  }
}

/**
 * The widget document a partner's page embeds, newest or a pinned version.
 * Nothing secret: the branding, the feature switches and where the API is.
 * A suspended or revoked partner's widget is gone (404).
 */
@injectable()
export class WidgetDocuments {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(PartnerRepository) private readonly partners: PartnerRepository,
    @inject(WhitelabelRepository) private readonly configs: WhitelabelRepository,
    @inject(PartnerConfig) private readonly config: PartnerConfig,
  ) {}

  read(input: GetWidgetInput): Promise<WidgetView> {
    return this.uow.run(async (tx) => {
      const partner = await this.partners.findById(tx, input.partner_id);
      const record = partner?.status === 'active' ? await this.configs.find(tx, partner.id, input.version) : undefined;
      if (!partner || !record) throw new NotFoundError('Widget', input.version === undefined ? input.partner_id : `${input.partner_id} version ${input.version}`);
      return {
        schema: 'open-bank.widget/1',
        partner_id: partner.id,
        version: record.version,
        organization_name: partner.organizationName,
        branding: { logo_url: record.logoUrl, primary_color: record.primaryColor },
        features: allFeatures(partner, record.features),
        api_base_url: `${baseUrl(this.config)}/api/v2`,
        published_at: record.publishedAt.toISOString(),
      };
    });
  }
}

/** GET /v1/partner/widgets/{partner_id} (public): the widget document. */
@injectable()
export class GetWidgetOperation implements Operation<GetWidgetInput, WidgetView> {
  constructor(@inject(WidgetDocuments) private readonly documents: WidgetDocuments) {}

  execute(input: GetWidgetInput, _ctx: RequestContext): Promise<WidgetView> {
    return this.documents.read(input);
  }
}

/** GET /v1/partner/widgets/{partner_id}/widget.js (public): the embeddable script of that document's version. */
@injectable()
export class GetWidgetScriptOperation implements Operation<GetWidgetInput, FileAnswer> {
  constructor(@inject(WidgetDocuments) private readonly documents: WidgetDocuments) {}

  async execute(input: GetWidgetInput, _ctx: RequestContext): Promise<FileAnswer> {
    const document = await this.documents.read(input);
    return new FileAnswer(`widget-${document.version}.js`, 'text/javascript; charset=utf-8', new TextEncoder().encode(widgetScript(document)), true);
  }
}

import { inject, injectable } from 'inversify';
import { Clock, ConflictError, Ids, NotFoundError, UnitOfWork, ValidationError, type Operation, type RequestContext, type Tx } from '../../../kernel/public.js';
import { memberState } from '../domain/mifir/competent-authorities.js';
import type { MicaIssuerParams, MicaIssuersView, MicaIssuerView, MicaWhitePaperInput, MicaWhitePaperView, PutMicaIssuerInput } from '../mica-schemas.js';
import { MicaRegistryRepository } from '../ports.js';
import { requireHash } from './check-mica.js';

type StoredPaper = Awaited<ReturnType<MicaRegistryRepository['whitePapersOf']>>[number];

function paperView(paper: StoredPaper): MicaWhitePaperView {
  return {
    id: paper.id,
    issuer_id: paper.issuerId,
    asset_type: paper.assetType,
    token_name: paper.tokenName,
    hash: paper.hash,
    notified_on: paper.notifiedOn,
    published_on: paper.publishedOn,
    approved_on: paper.approvedOn,
    filed_at: paper.filedAt.toISOString(),
  };
}

async function issuerView(registry: MicaRegistryRepository, tx: Tx, issuerId: string): Promise<MicaIssuerView | undefined> {
  const issuer = await registry.issuer(tx, issuerId);
  if (!issuer) return undefined;
  return {
    issuer_id: issuer.issuerId,
    name: issuer.name,
    home_member_state: issuer.homeMemberState,
    licences: [...issuer.licences],
    withdrawn: issuer.withdrawn,
    updated_at: issuer.updatedAt.toISOString(),
    white_papers: (await registry.whitePapersOf(tx, issuerId)).map(paperView),
  };
}

/** PUT /api/v2/admin/regtech/mica/issuers/{issuer_id} (operator): registers or replaces an issuer and its authorisations. */
@injectable()
export class PutMicaIssuerOperation implements Operation<PutMicaIssuerInput, MicaIssuerView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(MicaRegistryRepository) private readonly registry: MicaRegistryRepository,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(input: PutMicaIssuerInput, _ctx: RequestContext): Promise<MicaIssuerView> {
    const state = memberState(input.home_member_state);
    if (!state) throw ValidationError.field('/home_member_state', 'must be an EU/EEA member state', 'unknown_member_state');
    return this.uow.run(async (tx) => {
      await this.registry.putIssuer(tx, { issuerId: input.issuer_id, name: input.name, homeMemberState: state, licences: [...new Set(input.licences)], withdrawn: input.withdrawn }, this.clock.now());
      return (await issuerView(this.registry, tx, input.issuer_id))!;
    });
  }
}

/** GET /api/v2/admin/regtech/mica/issuers/{issuer_id} (operator): the issuer with its filed white papers. */
@injectable()
export class GetMicaIssuerOperation implements Operation<MicaIssuerParams, MicaIssuerView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(MicaRegistryRepository) private readonly registry: MicaRegistryRepository,
  ) {}

  async execute(input: MicaIssuerParams, _ctx: RequestContext): Promise<MicaIssuerView> {
    const view = await this.uow.readOnly((tx) => issuerView(this.registry, tx, input.issuer_id));
    if (!view) throw new NotFoundError('issuer', input.issuer_id);
    return view;
  }
}

/** GET /api/v2/admin/regtech/mica/issuers (operator): every registered issuer. */
@injectable()
export class ListMicaIssuersOperation implements Operation<Record<string, never>, MicaIssuersView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(MicaRegistryRepository) private readonly registry: MicaRegistryRepository,
  ) {}

  async execute(_input: Record<string, never>, _ctx: RequestContext): Promise<MicaIssuersView> {
    return this.uow.readOnly(async (tx) => ({
      issuers: await Promise.all((await this.registry.issuers(tx)).map(async (issuer) => (await issuerView(this.registry, tx, issuer.issuerId))!)),
    }));
  }
}

/** POST /api/v2/admin/regtech/mica/white-papers (operator): files a white paper of a registered issuer. */
@injectable()
export class FileMicaWhitePaperOperation implements Operation<MicaWhitePaperInput, MicaWhitePaperView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(MicaRegistryRepository) private readonly registry: MicaRegistryRepository,
    @inject(Clock) private readonly clock: Clock,
    @inject(Ids) private readonly ids: Ids,
  ) {}

  async execute(input: MicaWhitePaperInput, _ctx: RequestContext): Promise<MicaWhitePaperView> {
    const hash = requireHash(input.hash, '/hash');
    if (input.published_on !== undefined && input.published_on < input.notified_on) throw ValidationError.field('/published_on', 'cannot be before notified_on');
    if (input.approved_on !== undefined && input.asset_type !== 'art') throw ValidationError.field('/approved_on', 'only the white paper of an asset-referenced token is approved (MiCA Art. 21)');
    return this.uow.run(async (tx) => {
      if (!(await this.registry.issuer(tx, input.issuer_id))) throw ValidationError.field('/issuer_id', `issuer '${input.issuer_id}' is not registered`, 'unknown_issuer');
      const now = this.clock.now();
      const paper = {
        id: this.ids.uuid(),
        issuerId: input.issuer_id,
        assetType: input.asset_type,
        tokenName: input.token_name,
        hash,
        notifiedOn: input.notified_on,
        publishedOn: input.published_on ?? null,
        approvedOn: input.approved_on ?? null,
      };
      if (!(await this.registry.fileWhitePaper(tx, paper, now))) throw new ConflictError(`Issuer ${input.issuer_id} already filed a white paper with hash ${hash}.`, 'white_paper_already_filed');
      return paperView({ ...paper, filedAt: now });
    });
  }
}

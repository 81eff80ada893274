import { inject, injectable } from 'inversify';
import { Clock, Ids, UnitOfWork, ValidationError, type Operation, type RequestContext } from '../../../kernel/public.js';
import { MICA_TITLES, micaFindings, whitePaperHash } from '../domain/mica/mica-rules.js';
import type { MicaCheckInput, MicaCheckView } from '../mica-schemas.js';
import { MicaCheckRepository, MicaRegistryRepository } from '../ports.js';

/**
 * POST /api/v2/regtech/mica/check: the findings of the MiCA title of the
 * asset type for the issuer and white paper, against the registry the
 * operator keeps; recorded for the caller's team.
 */
@injectable()
export class CheckMicaOperation implements Operation<MicaCheckInput, MicaCheckView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(MicaRegistryRepository) private readonly registry: MicaRegistryRepository,
    @inject(MicaCheckRepository) private readonly checks: MicaCheckRepository,
    @inject(Clock) private readonly clock: Clock,
    @inject(Ids) private readonly ids: Ids,
  ) {}

  async execute(input: MicaCheckInput, ctx: RequestContext): Promise<MicaCheckView> {
    const hash = requireHash(input.whitepaper_hash, '/whitepaper_hash');
    return this.uow.run(async (tx) => {
      const now = this.clock.now();
      const issuer = await this.registry.issuer(tx, input.issuer_id);
      const paper = issuer ? await this.registry.whitePaper(tx, input.issuer_id, input.asset_type, hash) : undefined;
      const findings = micaFindings({ assetType: input.asset_type, issuerId: input.issuer_id, hash, today: now.toISOString().slice(0, 10) }, issuer, paper);
      const view: MicaCheckView = {
        check_id: this.ids.uuid(),
        asset_type: input.asset_type,
        title: MICA_TITLES[input.asset_type],
        issuer_id: input.issuer_id,
        whitepaper_hash: hash,
        compliant: findings.every((finding) => finding.passed),
        findings,
        checked_at: now.toISOString(),
      };
      await this.checks.insert(tx, { id: view.check_id, teamId: ctx.actor.teamId, view, checkedAt: now });
      return view;
    });
  }
}

/** `sha256:` and 64 hex digits, else a 422 that says so (other algorithms are refused). */
export function requireHash(text: string, pointer: string): string {
  const hash = whitePaperHash(text);
  if (hash) return hash;
  const algorithm = /^([a-z0-9-]+):/i.exec(text)?.[1];
  const detail = algorithm && algorithm.toLowerCase() !== 'sha256' ? `${algorithm} is not accepted: only sha256:<64 hex digits>` : 'must be sha256: followed by 64 hex digits';
  throw ValidationError.field(pointer, detail, 'invalid_hash');
}

import { inject, injectable } from 'inversify';
import { AssetCatalog, Clock, UnitOfWork, ValidationError, type Operation, type RequestContext } from '../../../kernel/public.js';
import { DAY_MS } from '../domain/calendar.js';
import { GOVERNANCE_PARAMETERS, MAX_LEAD_DAYS, MAX_VOTING_DAYS, type GovernanceParameter } from '../domain/proposal.js';
import { parseComposition, parseWeight } from '../domain/weights.js';
import { GcuConfig } from '../config.js';
import type { CreateProposalInput, ProposalView } from '../operations.js';
import { BasketBook } from './basket-book.js';
import { ProposalViews } from './proposal-views.js';
import { Proposals } from './proposals.js';

/** POST /admin/gcu/voting/proposals (operator) and `gcu proposals create`. */
@injectable()
export class CreateProposalOperation implements Operation<CreateProposalInput, ProposalView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(BasketBook) private readonly book: BasketBook,
    @inject(Proposals) private readonly proposals: Proposals,
    @inject(ProposalViews) private readonly views: ProposalViews,
    @inject(AssetCatalog) private readonly assets: AssetCatalog,
    @inject(GcuConfig) private readonly config: GcuConfig,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  execute(input: CreateProposalInput, ctx: RequestContext) {
    const now = this.clock.now();
    const startsAt = parseTime(input.voting_starts_at, '/voting_starts_at');
    const endsAt = parseTime(input.voting_ends_at, '/voting_ends_at');
    if (endsAt <= startsAt) throw ValidationError.field('/voting_ends_at', 'voting_ends_at must be after voting_starts_at', 'invalid_window');
    if (startsAt < now) throw ValidationError.field('/voting_starts_at', 'voting cannot start in the past: the snapshot must be taken at or after creation', 'invalid_window');
    if (startsAt.getTime() - now.getTime() > MAX_LEAD_DAYS * DAY_MS) {
      throw ValidationError.field('/voting_starts_at', `voting must start within ${MAX_LEAD_DAYS} days from now`, 'invalid_window');
    }
    if (endsAt.getTime() - startsAt.getTime() > MAX_VOTING_DAYS * DAY_MS) {
      throw ValidationError.field('/voting_ends_at', `the voting window may last at most ${MAX_VOTING_DAYS} days`, 'invalid_window');
    }
    const kind = input.kind ?? 'composition';
    // REST's body schema checks it too; GraphQL and the CLI reach this with any string.
    if (kind !== 'composition' && kind !== 'parameter') throw ValidationError.field('/kind', 'kind must be composition or parameter', 'invalid_kind');
    const title = String(input.title ?? '').trim();
    if (!title || title.length > 200) throw ValidationError.field('/title', 'title must be 1–200 characters', 'invalid_title');
    let proposedComposition = null;
    let parameter = null;
    if (kind === 'composition') {
      proposedComposition = parseComposition(input.proposed_composition, '/proposed_composition', (code) => {
        const asset = this.assets.find(code);
        return !!asset && asset.type !== 'basket';
      });
    } else {
      const name = input.parameter?.name as GovernanceParameter;
      if (!GOVERNANCE_PARAMETERS.includes(name)) throw ValidationError.field('/parameter/name', `parameter must be one of ${GOVERNANCE_PARAMETERS.join(', ')}`, 'invalid_parameter');
      const value = typeof input.parameter?.value === 'string' ? parseWeight(input.parameter.value) : undefined;
      if (value === undefined || value === 0n) throw ValidationError.field('/parameter/value', 'value must be a decimal fraction in (0, 1], e.g. "0.15"', 'invalid_parameter');
      parameter = { name, value };
    }
    return this.uow.run(async (tx) => {
      const basket = await this.book.require(tx, this.config.basket_code);
      const createdBy = ctx.actor.kind === 'operator' ? `operator:${ctx.actor.userId || 'cli'}` : ctx.actor.userId;
      const proposal = await this.proposals.create(
        tx,
        basket,
        { kind, title, description: String(input.description ?? ''), proposedComposition, parameter, period: null, startsAt, endsAt, createdBy },
        now,
      );
      return this.views.view(tx, proposal, now);
    });
  }
}

function parseTime(value: unknown, pointer: string): Date {
  const at = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value) ? new Date(value) : new Date(NaN);
  if (Number.isNaN(at.getTime())) throw ValidationError.field(pointer, 'must be an ISO 8601 timestamp, e.g. 2026-02-24T00:00:00Z', 'invalid_timestamp');
  return at;
}

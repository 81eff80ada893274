import { inject, injectable, injectFromBase } from 'inversify';
import { Clock, ConflictError, ForbiddenError, NotFoundError, Page, UnitOfWork, type Actor, type Operation, type RequestContext, type Tx } from '../../../kernel/public.js';
import { canMoveTo, type PartnerRecord, type PartnerStatus } from '../domain/partner.js';
import { PartnerKeysRotated, PartnerReactivated, PartnerRevoked, PartnerSuspended } from '../events.js';
import type { ListPartnersInput, PartnerIdInput, PartnerView, RotatedKeysView } from '../operations.js';
import { PartnerRepository } from '../ports.js';
import { OnboardingChecklist } from './checklist.js';
import { PartnerKeys } from './partner-keys.js';
import { partnerEventPayload, partnerView } from './views.js';

function requireOperator(actor: Actor): void {
  if (actor.kind !== 'operator') throw new ForbiddenError('Only the bank operator key may manage partners.', 'insufficient_permission');
}

async function found(partners: PartnerRepository, tx: Tx, id: string): Promise<PartnerRecord> {
  const partner = await partners.findById(tx, id);
  if (!partner) throw new NotFoundError('Partner', id, { parameter: 'id' });
  return partner;
}

/** GET /v2/admin/partners, partner list: every partner, oldest first. */
@injectable()
export class ListPartnersOperation implements Operation<ListPartnersInput, Page<PartnerView>> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(PartnerRepository) private readonly partners: PartnerRepository,
    @inject(OnboardingChecklist) private readonly checklist: OnboardingChecklist,
  ) {}

  async execute(input: ListPartnersInput, ctx: RequestContext): Promise<Page<PartnerView>> {
    requireOperator(ctx.actor);
    const request = { page: input.page, perPage: input.per_page };
    return this.uow.run(async (tx) => {
      const slice = await this.partners.list(tx, request);
      const items: PartnerView[] = [];
      for (const one of slice.items) items.push(partnerView(one, await this.checklist.of(tx, one)));
      return new Page(items, request.page, request.perPage, slice.total);
    });
  }
}

/** GET /v2/admin/partners/{id}. */
@injectable()
export class GetPartnerOperation implements Operation<PartnerIdInput, PartnerView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(PartnerRepository) private readonly partners: PartnerRepository,
    @inject(OnboardingChecklist) private readonly checklist: OnboardingChecklist,
  ) {}

  async execute(input: PartnerIdInput, ctx: RequestContext): Promise<PartnerView> {
    requireOperator(ctx.actor);
    return this.uow.run(async (tx) => {
      const partner = await found(this.partners, tx, input.id);
      return partnerView(partner, await this.checklist.of(tx, partner));
    });
  }
}

/**
 * Suspend, reactivate, revoke: one status change with its event. The gate
 * reads the status on every call, so the change applies to the very next
 * request in every process. A revoked partner stays revoked (409).
 */
@injectable()
abstract class ChangePartnerStatus implements Operation<PartnerIdInput, PartnerView> {
  protected abstract readonly to: PartnerStatus;
  protected abstract readonly event: string;
  /** Reactivation applies to a suspended partner only. */
  protected readonly from?: PartnerStatus;

  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(PartnerRepository) private readonly partners: PartnerRepository,
    @inject(OnboardingChecklist) private readonly checklist: OnboardingChecklist,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(input: PartnerIdInput, ctx: RequestContext): Promise<PartnerView> {
    requireOperator(ctx.actor);
    return this.uow.run(async (tx) => {
      const partner = await found(this.partners, tx, input.id);
      if (partner.status === this.to) return partnerView(partner, await this.checklist.of(tx, partner));
      if (!canMoveTo(partner.status, this.to) || (this.from !== undefined && partner.status !== this.from)) {
        throw statusConflict(partner.status, this.to);
      }
      const changed = (await this.partners.setStatus(tx, partner.id, this.to, this.clock.now()))!;
      await tx.append([{ type: this.event, teamId: changed.teamId, aggregateType: 'partner', aggregateId: changed.id, payload: partnerEventPayload(changed) }]);
      return partnerView(changed, await this.checklist.of(tx, changed));
    });
  }
}

function statusConflict(from: PartnerStatus, to: PartnerStatus): ConflictError {
  return new ConflictError(`A ${from} partner cannot become ${to}.`, 'invalid_partner_status');
}

@injectFromBase()
export class SuspendPartnerOperation extends ChangePartnerStatus {
  protected readonly to = 'suspended';
  protected readonly event = PartnerSuspended.name;
}

@injectFromBase()
export class ReactivatePartnerOperation extends ChangePartnerStatus {
  protected readonly to = 'active';
  protected override readonly from = 'suspended';
  protected readonly event = PartnerReactivated.name;
}

@injectFromBase()
export class RevokePartnerOperation extends ChangePartnerStatus {
  protected readonly to = 'revoked';
  protected readonly event = PartnerRevoked.name;
}

/** POST /v2/admin/partners/{id}/rotate-keys: new live and sandbox keys, shown once; the old digests are gone. */
@injectable()
export class RotatePartnerKeysOperation implements Operation<PartnerIdInput, RotatedKeysView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(PartnerRepository) private readonly partners: PartnerRepository,
    @inject(PartnerKeys) private readonly keys: PartnerKeys,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(input: PartnerIdInput, ctx: RequestContext): Promise<RotatedKeysView> {
    requireOperator(ctx.actor);
    const pair = this.keys.pair();
    return this.uow.run(async (tx) => {
      const partner = await found(this.partners, tx, input.id);
      if (partner.status === 'revoked') throw statusConflict('revoked', 'active');
      const rotated = (await this.partners.replaceKeys(tx, partner.id, pair.stored, this.clock.now()))!;
      await tx.append([{ type: PartnerKeysRotated.name, teamId: rotated.teamId, aggregateType: 'partner', aggregateId: rotated.id, payload: partnerEventPayload(rotated) }]);
      return { partner_id: rotated.id, api_key: pair.live, sandbox_key: pair.sandbox };
    });
  }
}

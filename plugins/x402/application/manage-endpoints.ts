import { inject, injectable } from 'inversify';
import { chooseAccount, Clock, ConflictError, Ids, Ledger, NotFoundError, Page, pageRequest, UnitOfWork, ValidationError, type Operation, type RequestContext } from '../../../kernel/public.js';
import { X402Config } from '../config.js';
import type { EndpointRecord } from '../domain/records.js';
import { EndpointCreated, EndpointDeleted, EndpointUpdated } from '../events.js';
import type { CreateEndpointInput, EndpointIdInput, EndpointView, ListInput, UpdateEndpointInput } from '../operations.js';
import { EndpointRepository } from '../ports.js';
import { EndpointViews } from './endpoint-views.js';
import { X402Networks } from './x402-networks.js';

const aggregate = (endpoint: EndpointRecord, payload: EndpointView, type: string) => ({ type, teamId: endpoint.teamId, aggregateType: 'x402_endpoint', aggregateId: endpoint.id, payload });

/**
 * POST /x402/endpoints: a team monetizes a path. Who may monetize what: a
 * path under one of the configured monetizable prefixes (data that is the
 * same for every caller, so no team charges another for its own records),
 * held by one team at a time (409 path_monetized); the network and asset must
 * be ones payments are accepted in (422); payments go to the team's account
 * (account_id, or its oldest active account).
 */
@injectable()
export class CreateEndpointOperation implements Operation<CreateEndpointInput, EndpointView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(EndpointRepository) private readonly endpoints: EndpointRepository,
    @inject(EndpointViews) private readonly views: EndpointViews,
    @inject(X402Networks) private readonly networks: X402Networks,
    @inject(Ledger) private readonly ledger: Ledger,
    @inject(X402Config) private readonly config: X402Config,
    @inject(Clock) private readonly clock: Clock,
    @inject(Ids) private readonly ids: Ids,
  ) {}

  async execute(input: CreateEndpointInput, ctx: RequestContext): Promise<EndpointView> {
    if (!this.config.monetizable_prefixes.some((prefix) => input.path.startsWith(prefix))) {
      throw ValidationError.field('/path', `Only paths under ${this.config.monetizable_prefixes.join(', ')} may be monetized.`, 'path_not_monetizable');
    }
    const { asset } = this.networks.require(input.network, input.asset, { network: '/network', asset: '/asset' });
    const teamId = ctx.actor.teamId;
    return this.uow.run(async (tx) => {
      const accountId = await chooseAccount(tx, this.ledger, teamId, input.account_id, '/account_id');
      const now = this.clock.now();
      const endpoint: EndpointRecord = { id: this.ids.uuid(), teamId, path: input.path, priceUsdCents: input.price_usd_cents, network: input.network, asset: asset.asset, description: input.description, accountId, createdAt: now, updatedAt: now };
      if (!(await this.endpoints.insert(tx, endpoint))) throw new ConflictError(`${input.path} is monetized already.`, 'path_monetized');
      const view = await this.views.view(tx, endpoint);
      await tx.append([aggregate(endpoint, view, EndpointCreated.name)]);
      return view;
    });
  }
}

/** GET /x402/endpoints: the team's registrations, oldest first. */
@injectable()
export class ListEndpointsOperation implements Operation<ListInput, Page<EndpointView>> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(EndpointRepository) private readonly endpoints: EndpointRepository,
    @inject(EndpointViews) private readonly views: EndpointViews,
  ) {}

  execute(input: ListInput, ctx: RequestContext): Promise<Page<EndpointView>> {
    const page = pageRequest(input.page, input.per_page);
    return this.uow.run(async (tx) => {
      const slice = await this.endpoints.list(tx, ctx.actor.teamId, page);
      const data = [];
      for (const one of slice.items) data.push(await this.views.view(tx, one));
      return new Page(data, page.page, page.perPage, slice.total);
    });
  }
}

/** PATCH /x402/endpoints/{id}: changes price, network, asset or description (the path stays; delete and register anew to move it). */
@injectable()
export class UpdateEndpointOperation implements Operation<UpdateEndpointInput, EndpointView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(EndpointRepository) private readonly endpoints: EndpointRepository,
    @inject(EndpointViews) private readonly views: EndpointViews,
    @inject(X402Networks) private readonly networks: X402Networks,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  execute(input: UpdateEndpointInput, ctx: RequestContext): Promise<EndpointView> {
    return this.uow.run(async (tx) => {
      const current = await this.endpoints.find(tx, ctx.actor.teamId, input.id);
      if (!current) throw new NotFoundError('X402Endpoint', input.id, { pointer: '/id' });
      const network = input.network ?? current.network;
      const { asset } = this.networks.require(network, input.asset ?? current.asset, { network: '/network', asset: '/asset' });
      const next: EndpointRecord = {
        ...current,
        priceUsdCents: input.price_usd_cents ?? current.priceUsdCents,
        network,
        asset: asset.asset,
        description: input.description ?? current.description,
        updatedAt: this.clock.now(),
      };
      const updated = (await this.endpoints.update(tx, next))!;
      const view = await this.views.view(tx, updated);
      await tx.append([aggregate(updated, view, EndpointUpdated.name)]);
      return view;
    });
  }
}

/** DELETE /x402/endpoints/{id}: the path is free again; answers the removed registration. */
@injectable()
export class DeleteEndpointOperation implements Operation<EndpointIdInput, EndpointView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(EndpointRepository) private readonly endpoints: EndpointRepository,
    @inject(EndpointViews) private readonly views: EndpointViews,
  ) {}

  execute(input: EndpointIdInput, ctx: RequestContext): Promise<EndpointView> {
    return this.uow.run(async (tx) => {
      const current = await this.endpoints.find(tx, ctx.actor.teamId, input.id);
      if (!current || !(await this.endpoints.delete(tx, ctx.actor.teamId, input.id))) throw new NotFoundError('X402Endpoint', input.id, { pointer: '/id' });
      const view = await this.views.view(tx, current);
      await tx.append([aggregate(current, view, EndpointDeleted.name)]);
      return view;
    });
  }
}

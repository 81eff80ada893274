import { inject, injectable, multiInject, optional } from 'inversify';
import {
  Clock,
  KEY_KINDS,
  KeyInventory,
  NotFoundError,
  Page,
  pageOffset,
  pageRequest,
  UnitOfWork,
  ValidationError,
  type KeyInventoryEntry,
  type KeyKind,
  type Operation,
  type RequestContext,
} from '../../../kernel/public.js';
import { KeyRotated } from '../events.js';
import type { InventoryKeyView, KeyRefInput, ListKeysInput, RotatedKeyView, RotateKeyInput } from '../operations-inventory.js';
import { inventoryKeyView } from './views.js';

/**
 * The modules' KeyInventory providers, one per kind, in KEY_KINDS order. A
 * kind whose module is not enabled has no provider: it lists nothing and
 * every key of it is 404, as another team's.
 */
@injectable()
export class KeyProviders {
  readonly #byKind: ReadonlyMap<KeyKind, KeyInventory>;

  constructor(@multiInject(KeyInventory) @optional() providers: readonly KeyInventory[] | undefined) {
    this.#byKind = new Map((providers ?? []).map((provider) => [provider.kind, provider]));
  }

  /** The providers of the kinds asked (all when none is), in KEY_KINDS order. */
  of(kind: KeyKind | undefined): KeyInventory[] {
    return KEY_KINDS.filter((one) => kind === undefined || one === kind).flatMap((one) => this.#byKind.get(one) ?? []);
  }

  one(kind: KeyKind, id: string): KeyInventory {
    const provider = this.#byKind.get(kind);
    if (!provider) throw new NotFoundError('key', id, { parameter: 'id' });
    return provider;
  }
}

/**
 * GET /key-management/keys, inventoryKeys: the team's keys of every module
 * (or of one kind), by kind then each module's order. A team holds few keys
 * of each kind (API keys, endpoints, accounts × chains), so the providers
 * answer whole lists and the page is cut here.
 */
@injectable()
export class ListKeysOperation implements Operation<ListKeysInput, Page<InventoryKeyView>> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(KeyProviders) private readonly providers: KeyProviders,
  ) {}

  async execute(input: ListKeysInput, ctx: RequestContext): Promise<Page<InventoryKeyView>> {
    // REST checked the query already; GraphQL's arguments arrive as they were sent.
    if (input.kind !== undefined && !KEY_KINDS.includes(input.kind)) {
      throw new ValidationError([{ parameter: 'kind', detail: `kind must be one of ${KEY_KINDS.join(', ')}` }]);
    }
    const request = pageRequest(input.page, input.per_page);
    const entries = await this.uow.readOnly(async (tx) => {
      const all: KeyInventoryEntry[] = [];
      for (const provider of this.providers.of(input.kind)) all.push(...(await provider.list(tx, ctx.actor.teamId)));
      return all;
    });
    const offset = pageOffset(request);
    return new Page(entries.slice(offset, offset + request.perPage).map(inventoryKeyView), request.page, request.perPage, entries.length);
  }
}

/** GET /key-management/keys/{kind}/{id}, inventoryKey: 404 for another team's or an unknown key. */
@injectable()
export class GetKeyOperation implements Operation<KeyRefInput, InventoryKeyView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(KeyProviders) private readonly providers: KeyProviders,
  ) {}

  async execute(input: KeyRefInput, ctx: RequestContext): Promise<InventoryKeyView> {
    const provider = this.providers.one(input.kind, input.id);
    return this.uow.readOnly(async (tx) => {
      const entry = await provider.find(tx, ctx.actor.teamId, input.id);
      if (!entry) throw new NotFoundError('key', input.id, { parameter: 'id' });
      return inventoryKeyView(entry);
    });
  }
}

/**
 * POST /key-management/keys/{kind}/{id}/rotate: the module replaces the key
 * and answers the new secret once; key.rotated (fingerprints only) commits
 * with the change. An overlap beyond what the kind allows is a 422 that
 * changes nothing; a key that cannot be rotated here is the module's 409.
 */
@injectable()
export class RotateKeyOperation implements Operation<RotateKeyInput, RotatedKeyView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(KeyProviders) private readonly providers: KeyProviders,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(input: RotateKeyInput, ctx: RequestContext): Promise<RotatedKeyView> {
    const provider = this.providers.one(input.kind, input.id);
    const teamId = ctx.actor.teamId;
    return this.uow.run(async (tx) => {
      const entry = await provider.find(tx, teamId, input.id);
      if (!entry) throw new NotFoundError('key', input.id, { parameter: 'id' });
      if (entry.rotatable && input.overlap_seconds > provider.maxOverlapSeconds) {
        throw ValidationError.field('/overlap_seconds', `a ${input.kind} rotation allows at most ${provider.maxOverlapSeconds} seconds of overlap`, 'overlap_too_long');
      }
      const rotated = await provider.rotate(tx, ctx.actor, input.id, { overlapSeconds: input.overlap_seconds });
      if (!rotated) throw new NotFoundError('key', input.id, { parameter: 'id' });
      const view = inventoryKeyView(rotated.entry);
      const previousValidUntil = rotated.previousValidUntil.toISOString();
      await tx.append([
        {
          type: KeyRotated.name,
          teamId,
          aggregateType: input.kind,
          aggregateId: input.id,
          payload: { kind: input.kind, id: view.id, replaced_id: input.id, fingerprint: view.fingerprint, previous_valid_until: previousValidUntil, rotated_at: this.clock.now().toISOString() },
        },
      ]);
      return { ...view, secret: rotated.secret, replaced_id: input.id, previous_valid_until: previousValidUntil };
    });
  }
}

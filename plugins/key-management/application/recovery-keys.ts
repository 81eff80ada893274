import { inject, injectable } from 'inversify';
import { Clock, Ids, listPage, NotFoundError, pageRequest, Random, UnitOfWork, type Operation, type Page, type RequestContext } from '../../../kernel/public.js';
import { checkSplit, KEY_BYTES, type RecoveryKeyRecord } from '../domain/recovery-key.js';
import { RecoveryKeyCreated } from '../events.js';
import type { CreateRecoveryKeyInput, IdInput, ListInput, RecoveryKeyView, SplitKeyView } from '../operations.js';
import { RecoveryKeyRepository, SecretSharing } from '../ports.js';
import { fingerprintOf, recoveryKeyView } from './views.js';

const base64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');

/**
 * POST /key-management/recovery-keys: makes a 32-byte key from the
 * service's Random, splits it into `shares` of which `threshold` rebuild
 * it, and answers key and shares this once. Only the fingerprint is kept.
 */
@injectable()
export class CreateRecoveryKeyOperation implements Operation<CreateRecoveryKeyInput, SplitKeyView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(RecoveryKeyRepository) private readonly keys: RecoveryKeyRepository,
    @inject(SecretSharing) private readonly sharing: SecretSharing,
    @inject(Random) private readonly random: Random,
    @inject(Clock) private readonly clock: Clock,
    @inject(Ids) private readonly ids: Ids,
  ) {}

  async execute(input: CreateRecoveryKeyInput, ctx: RequestContext): Promise<SplitKeyView> {
    checkSplit(input.threshold, input.shares);
    const secret = this.random.bytes(KEY_BYTES);
    const shares = await this.sharing.split(secret, input.shares, input.threshold);
    const key: RecoveryKeyRecord = {
      id: this.ids.uuid(),
      teamId: ctx.actor.teamId,
      label: input.label,
      threshold: input.threshold,
      shareCount: input.shares,
      fingerprint: fingerprintOf(secret),
      createdAt: this.clock.now(),
    };
    return this.uow.run(async (tx) => {
      await this.keys.insertKey(tx, key);
      const view = recoveryKeyView(key);
      await tx.append([{ type: RecoveryKeyCreated.name, teamId: key.teamId, aggregateType: 'recovery_key', aggregateId: key.id, payload: view }]);
      return { ...view, key: base64url(secret), share_values: shares.map(base64url) };
    });
  }
}

/** GET /key-management/recovery-keys/{id}, recoveryKey(id): 404 for another team's. */
@injectable()
export class GetRecoveryKeyOperation implements Operation<IdInput, RecoveryKeyView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(RecoveryKeyRepository) private readonly keys: RecoveryKeyRepository,
  ) {}

  execute(input: IdInput, ctx: RequestContext): Promise<RecoveryKeyView> {
    return this.uow.readOnly(async (tx) => {
      const key = await this.keys.findKey(tx, ctx.actor.teamId, input.id);
      if (!key) throw new NotFoundError('recovery key', input.id, { parameter: 'id' });
      return recoveryKeyView(key);
    });
  }
}

/** GET /key-management/recovery-keys, recoveryKeys: newest first. */
@injectable()
export class ListRecoveryKeysOperation implements Operation<ListInput, Page<RecoveryKeyView>> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(RecoveryKeyRepository) private readonly keys: RecoveryKeyRepository,
  ) {}

  execute(input: ListInput, ctx: RequestContext): Promise<Page<RecoveryKeyView>> {
    return listPage(this.uow, pageRequest(input.page, input.per_page), recoveryKeyView, (tx, page) => this.keys.listKeys(tx, ctx.actor.teamId, page));
  }
}

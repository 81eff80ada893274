import { inject, injectable } from 'inversify';
import { Clock, Ids, listPage, NotFoundError, pageRequest, UnitOfWork, type Operation, type Page, type RequestContext } from '../../../kernel/public.js';
import { decodeShares, type ReconstructionRecord } from '../domain/recovery-key.js';
import { ReconstructionRecorded } from '../events.js';
import type { ListReconstructionsInput, ReconstructedView, ReconstructionView, SharesInput } from '../operations.js';
import { RecoveryKeyRepository, SecretSharing } from '../ports.js';
import { fingerprintOf, reconstructionView } from './views.js';

/**
 * Presents shares of one of the team's recovery keys: combines them and
 * compares the result's fingerprint with the stored one. Malformed shares
 * are a 422 that records nothing; well-formed ones that do not rebuild the
 * key (too few, or of another key) are an answer, matches: false, and are
 * recorded like a success: the log shows every attempt.
 */
@injectable()
export class ShareCheck {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(RecoveryKeyRepository) private readonly keys: RecoveryKeyRepository,
    @inject(SecretSharing) private readonly sharing: SecretSharing,
    @inject(Clock) private readonly clock: Clock,
    @inject(Ids) private readonly ids: Ids,
  ) {}

  async check(input: SharesInput, ctx: RequestContext, purpose: ReconstructionRecord['purpose']): Promise<{ view: ReconstructionView; key: Uint8Array | null }> {
    const shares = decodeShares(input.shares);
    const teamId = ctx.actor.teamId;
    const stored = await this.uow.readOnly((tx) => this.keys.findKey(tx, teamId, input.id));
    if (!stored) throw new NotFoundError('recovery key', input.id, { parameter: 'id' });
    // One share rebuilds nothing; the library refuses it rather than answer a wrong value.
    const rebuilt = shares.length >= 2 ? await this.sharing.combine(shares).catch(() => null) : null;
    const matches = rebuilt !== null && fingerprintOf(rebuilt) === stored.fingerprint;
    const record: ReconstructionRecord = { id: this.ids.uuid(), teamId, recoveryKeyId: stored.id, purpose, sharesGiven: shares.length, matches, createdAt: this.clock.now() };
    const view = await this.uow.run(async (tx) => {
      await this.keys.insertReconstruction(tx, record);
      const answer = reconstructionView(record);
      await tx.append([{ type: ReconstructionRecorded.name, teamId, aggregateType: 'recovery_key', aggregateId: stored.id, payload: answer }]);
      return answer;
    });
    return { view, key: matches ? rebuilt : null };
  }
}

/** POST /key-management/recovery-keys/{id}/verify, verifyKeyShares: whether the shares rebuild the key, without revealing it. */
@injectable()
export class VerifySharesOperation implements Operation<SharesInput, ReconstructionView> {
  constructor(@inject(ShareCheck) private readonly shares: ShareCheck) {}

  async execute(input: SharesInput, ctx: RequestContext): Promise<ReconstructionView> {
    return (await this.shares.check(input, ctx, 'verify')).view;
  }
}

/** POST /key-management/recovery-keys/{id}/reconstruct: the rebuilt key when the shares match (a secret shown to whoever held the shares). */
@injectable()
export class ReconstructKeyOperation implements Operation<SharesInput, ReconstructedView> {
  constructor(@inject(ShareCheck) private readonly shares: ShareCheck) {}

  async execute(input: SharesInput, ctx: RequestContext): Promise<ReconstructedView> {
    const { view, key } = await this.shares.check(input, ctx, 'reconstruct');
    return { ...view, key: key ? Buffer.from(key).toString('base64url') : null };
  }
}

/** GET /key-management/recovery-keys/{id}/reconstructions, keyReconstructionLogs: newest first; 404 for another team's key. */
@injectable()
export class ListReconstructionsOperation implements Operation<ListReconstructionsInput, Page<ReconstructionView>> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(RecoveryKeyRepository) private readonly keys: RecoveryKeyRepository,
  ) {}

  execute(input: ListReconstructionsInput, ctx: RequestContext): Promise<Page<ReconstructionView>> {
    const teamId = ctx.actor.teamId;
    return listPage(this.uow, pageRequest(input.page, input.per_page), reconstructionView, async (tx, page) => {
      if (!(await this.keys.findKey(tx, teamId, input.id))) throw new NotFoundError('recovery key', input.id, { parameter: 'id' });
      return this.keys.listReconstructions(tx, teamId, input.id, page);
    });
  }
}

import { inject, injectable } from 'inversify';
import {
  AssetCatalog,
  Clock,
  formatMinor,
  Ids,
  Ledger,
  NotFoundError,
  parseAmountField,
  UnitOfWork,
  UserDirectory,
  ValidationError,
  type LedgerLeg,
  type Operation,
  type RequestContext,
  type Tx,
} from '../../../kernel/public.js';
import type { P2pTransferRecord } from '../domain/p2p-transfer.js';
import { P2pReceived, P2pSent } from '../events.js';
import type { P2pTransferIdInput, P2pTransferInput, P2pTransferView } from '../operations.js';
import { P2pTransferRepository } from '../ports.js';
import { ActivityLog } from './activity.js';
import { currentUser } from './current-user.js';
import { Notifier } from './notifications.js';
import { CLEARING_ACCOUNT } from './payment-settlement.js';
import { Recipients } from './recipients.js';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function p2pView(t: P2pTransferRecord, teamId: string, emails: { from: string; to: string }, precision: number): P2pTransferView {
  const sent = t.fromTeamId === teamId;
  return {
    id: t.id,
    direction: sent ? 'sent' : 'received',
    from_user: emails.from,
    to_user: emails.to,
    account: sent ? t.fromAccountId : t.toAccountId,
    amount: formatMinor(t.amount, precision),
    currency: t.currency,
    note: t.note,
    status: 'completed',
    created_at: t.createdAt.toISOString(),
  };
}

/**
 * POST /mobile/transfers/p2p: moves money at once from the caller's wallet
 * (or from_account) to the recipient's wallet account. Within one team it is
 * one ledger movement; across teams each team posts its own balanced half
 * through its clearing account (system:mobile-clearing), in the same unit of
 * work. The recipient's feed and a notification are written with it. Unknown
 * user, self-transfer, insufficient funds, a frozen account: 4xx, nothing moves.
 */
@injectable()
export class SendP2pTransferOperation implements Operation<P2pTransferInput, P2pTransferView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(UserDirectory) private readonly directory: UserDirectory,
    @inject(P2pTransferRepository) private readonly transfers: P2pTransferRepository,
    @inject(Recipients) private readonly recipients: Recipients,
    @inject(ActivityLog) private readonly activity: ActivityLog,
    @inject(Notifier) private readonly notifier: Notifier,
    @inject(Ledger) private readonly ledger: Ledger,
    @inject(AssetCatalog) private readonly assets: AssetCatalog,
    @inject(Clock) private readonly clock: Clock,
    @inject(Ids) private readonly ids: Ids,
  ) {}

  execute(input: P2pTransferInput, ctx: RequestContext): Promise<P2pTransferView> {
    const asset = this.assets.require(input.currency, '/currency');
    const amount = parseAmountField(input.amount, asset, '/amount');
    if (!EMAIL.test(input.to_user)) throw ValidationError.field('/to_user', 'to_user must be the recipient’s email', 'invalid_recipient');
    return this.uow.run(async (tx) => {
      const sender = await currentUser(this.directory, tx, ctx);
      const payer = await this.recipients.payer(tx, sender.teamId, sender.id, input.from_account, '/from_account');
      const recipient = await this.recipients.userByEmail(tx, payer, input.to_user.toLowerCase(), '/to_user');
      const recipientUser = (await this.directory.findById(tx, recipient.teamId, recipient.userId!))!;
      const id = this.ids.uuid();
      await this.#move(tx, id, payer, recipient, asset.code, amount);
      const transfer: P2pTransferRecord = {
        id,
        fromTeamId: payer.teamId,
        fromUserId: payer.userId,
        fromAccountId: payer.accountId,
        toTeamId: recipient.teamId,
        toUserId: recipientUser.id,
        toAccountId: recipient.accountId,
        amount,
        currency: asset.code,
        note: input.note,
        createdAt: this.clock.now(),
      };
      await this.transfers.insert(tx, transfer);
      const emails = { from: sender.email, to: recipientUser.email };
      const shown = formatMinor(amount, asset.precision);
      const note = input.note ? `: ${input.note}` : '';
      const sideOf = (teamId: string) => p2pView(transfer, teamId, emails, asset.precision);
      const common = { resourceType: 'p2p_transfer' as const, resourceId: id, currency: asset.code, status: 'completed' };
      await this.activity.record(tx, { ...common, teamId: payer.teamId, userId: payer.userId, type: 'p2p_sent', amount: -amount, title: `To ${emails.to}${note}` });
      await this.activity.record(tx, { ...common, teamId: recipient.teamId, userId: recipientUser.id, type: 'p2p_received', amount, title: `From ${emails.from}${note}` });
      await this.notifier.notify(tx, {
        teamId: recipient.teamId,
        userId: recipientUser.id,
        kind: 'p2p_received',
        title: `You received ${shown} ${asset.code}`,
        body: `From ${emails.from}${note}`,
        resourceType: 'p2p_transfer',
        resourceId: id,
      });
      await tx.append([
        { type: P2pSent.name, teamId: payer.teamId, aggregateType: 'p2p_transfer', aggregateId: id, payload: sideOf(payer.teamId) },
        { type: P2pReceived.name, teamId: recipient.teamId, aggregateType: 'p2p_transfer', aggregateId: id, payload: { ...sideOf(recipient.teamId), direction: 'received', account: recipient.accountId } },
      ]);
      return sideOf(payer.teamId);
    });
  }

  async #move(tx: Tx, id: string, payer: { teamId: string; accountId: string }, recipient: { teamId: string; accountId: string }, assetCode: string, amount: bigint) {
    const leg = (accountId: string, value: bigint): LedgerLeg => ({ accountId, assetCode, amount: value });
    const reference = `p2p:${id}`;
    if (payer.teamId === recipient.teamId) {
      await this.ledger.post(tx, payer.teamId, { kind: 'mobile.p2p', reference, legs: [leg(payer.accountId, -amount), leg(recipient.accountId, amount)] });
      return;
    }
    await this.ledger.post(tx, payer.teamId, { kind: 'mobile.p2p.out', reference, legs: [leg(payer.accountId, -amount), leg(CLEARING_ACCOUNT, amount)] });
    await this.ledger.post(tx, recipient.teamId, { kind: 'mobile.p2p.in', reference, legs: [leg(CLEARING_ACCOUNT, -amount), leg(recipient.accountId, amount)] });
  }
}

/** GET /mobile/transfers/p2p/{id}: either side may read it (the sender's team or the recipient's); anyone else gets 404. */
@injectable()
export class GetP2pTransferOperation implements Operation<P2pTransferIdInput, P2pTransferView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(UserDirectory) private readonly directory: UserDirectory,
    @inject(P2pTransferRepository) private readonly transfers: P2pTransferRepository,
    @inject(AssetCatalog) private readonly assets: AssetCatalog,
  ) {}

  execute(input: P2pTransferIdInput, ctx: RequestContext): Promise<P2pTransferView> {
    return this.uow.readOnly(async (tx) => {
      const found = await this.transfers.find(tx, ctx.actor.teamId, input.id);
      if (!found) throw new NotFoundError('p2p transfer', input.id, { parameter: 'id' });
      const from = await this.directory.findById(tx, found.fromTeamId, found.fromUserId);
      const to = await this.directory.findById(tx, found.toTeamId, found.toUserId);
      return p2pView(found, ctx.actor.teamId, { from: from?.email ?? '', to: to?.email ?? '' }, this.assets.find(found.currency)?.precision ?? 2);
    });
  }
}

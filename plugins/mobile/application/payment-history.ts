import { inject, injectable } from 'inversify';
import { activityAnswer, AssetCatalog, UserDirectory, type ActivityHistory, type ActivityHistoryEntry, type ActivityHistoryFilter, type Tx } from '../../../kernel/public.js';
import type { IntentStatus, PaymentIntentRecord } from '../domain/payment-intent.js';
import type { P2pTransferRecord } from '../domain/p2p-transfer.js';
import { P2pTransferRepository, PaymentIntentRepository } from '../ports.js';

/** An intent in the history's three statuses: cancelled and expired intents moved nothing and did not happen, as failed ones. */
const STATUS: Record<IntentStatus, ActivityHistoryEntry['status']> = {
  requires_confirmation: 'pending',
  processing: 'pending',
  succeeded: 'completed',
  failed: 'failed',
  cancelled: 'failed',
  expired: 'failed',
};

type Side = Pick<ActivityHistoryEntry, 'accountId' | 'direction' | 'counterparty'>;

/**
 * The team's mobile payments for questions about its transactions (the
 * ActivityHistory port, read by `ai`): payment intents and p2p transfers,
 * each from the side the team is on (both entries when the payer and the
 * payee are of the same team, as a core-banking transfer shows both rows;
 * both carry the intent's or transfer's id, told apart by direction).
 * The counterparty is the other user's email, or the recipient account's
 * id for an intent paid to an account (`ai` names the team's own accounts).
 * Mobile settles through the Ledger, not through core-banking transfers,
 * so no entry is also one of core banking's transactions.
 */
@injectable()
export class PaymentHistory implements ActivityHistory {
  readonly kind = 'payment' as const;
  readonly module = 'mobile';

  constructor(
    @inject(PaymentIntentRepository) private readonly intents: PaymentIntentRepository,
    @inject(P2pTransferRepository) private readonly p2p: P2pTransferRepository,
    @inject(UserDirectory) private readonly users: UserDirectory,
    @inject(AssetCatalog) private readonly assets: AssetCatalog,
  ) {}

  async search(tx: Tx, teamId: string, filter: ActivityHistoryFilter, limit: number): Promise<{ entries: ActivityHistoryEntry[]; truncated: boolean }> {
    const emails = new Map<string, string | null>();
    const email = async (team: string, user: string | null): Promise<string | null> => {
      if (user === null) return null;
      const key = `${team} ${user}`;
      if (!emails.has(key)) emails.set(key, (await this.users.findById(tx, team, user))?.email ?? null);
      return emails.get(key)!;
    };
    const mine = (team: string, account: string) => team === teamId && (filter.accountId === undefined || filter.accountId === account);
    const entries: ActivityHistoryEntry[] = [];
    for (const intent of await this.intents.history(tx, teamId, filter, limit + 1)) {
      if (mine(intent.teamId, intent.accountId)) entries.push(this.#intent(intent, { accountId: intent.accountId, direction: 'sent', counterparty: intent.recipientKind === 'account' ? intent.recipientAccountId : intent.recipient }));
      if (mine(intent.recipientTeamId, intent.recipientAccountId)) entries.push(this.#intent(intent, { accountId: intent.recipientAccountId, direction: 'received', counterparty: await email(intent.teamId, intent.userId) }));
    }
    for (const transfer of await this.p2p.history(tx, teamId, filter, limit + 1)) {
      if (mine(transfer.fromTeamId, transfer.fromAccountId)) entries.push(this.#p2p(transfer, { accountId: transfer.fromAccountId, direction: 'sent', counterparty: await email(transfer.toTeamId, transfer.toUserId) }));
      if (mine(transfer.toTeamId, transfer.toAccountId)) entries.push(this.#p2p(transfer, { accountId: transfer.toAccountId, direction: 'received', counterparty: await email(transfer.fromTeamId, transfer.fromUserId) }));
    }
    return activityAnswer(entries, limit);
  }

  #intent(intent: PaymentIntentRecord, side: Side): ActivityHistoryEntry {
    return this.#entry(intent.id, intent.amount, intent.currency, STATUS[intent.status], side, intent.createdAt);
  }

  #p2p(transfer: P2pTransferRecord, side: Side): ActivityHistoryEntry {
    // A p2p transfer settles at once and is stored only once done.
    return this.#entry(transfer.id, transfer.amount, transfer.currency, 'completed', side, transfer.createdAt);
  }

  #entry(id: string, amount: bigint, currency: string, status: ActivityHistoryEntry['status'], side: Side, createdAt: Date): ActivityHistoryEntry {
    return {
      id,
      kind: 'payment',
      ...side,
      amount,
      precision: this.assets.require(currency, '/currency').precision,
      assetCode: currency,
      chain: null,
      status,
      sourceChain: null,
      destinationChain: null,
      bridgeProtocol: null,
      received: null,
      transferId: null,
      createdAt,
    };
  }
}

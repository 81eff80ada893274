import type { ConsumerDefinition, StoredEvent, Tx } from '../../../kernel/public.js';
import { parseDecimal, type AssetCatalog } from '../../../kernel/public.js';
import type { ActivityType } from '../domain/activity.js';
import type { BalanceMarkRepository, WalletRepository } from '../ports.js';
import type { ActivityLog } from './activity.js';

/** Core-banking movement kinds that show in a wallet owner's feed; mobile's own (p2p, payments) have their items already. */
const SHOWN = new Set(['deposit', 'withdrawal', 'transfer']);

/**
 * The consumer group mobile.wallet-activity: reads core-banking's
 * account.balance_updated events in order and puts deposits, withdrawals and
 * core transfers of a wallet account into its owners' feeds. The event
 * carries balances after the movement, not its amount, so the group keeps
 * the last total per account and asset (every account's, from the start of
 * the log) and the change is the difference. Holds and releases leave the
 * total as it is and show nothing.
 */
export class WalletActivityConsumer implements ConsumerDefinition {
  readonly group = 'mobile.wallet-activity';

  constructor(
    private readonly marks: BalanceMarkRepository,
    private readonly wallets: WalletRepository,
    private readonly activity: ActivityLog,
    private readonly assets: AssetCatalog,
  ) {}

  accepts(event: StoredEvent): boolean {
    return event.type === 'account.balance_updated';
  }

  async handle(tx: Tx, event: StoredEvent): Promise<void> {
    const { account_uuid: account, asset_code: asset, total_balance: total, movement_kind: kind, movement_uuid: movement } = event.payload as Record<string, unknown>;
    if (typeof account !== 'string' || typeof asset !== 'string' || typeof total !== 'string') return;
    const parsed = parseDecimal(total, this.assets.find(asset)?.precision ?? 2);
    if (!parsed.ok) return;
    const before = await this.marks.swap(tx, event.teamId, account, asset, parsed.minor);
    const change = parsed.minor - before;
    if (change === 0n || typeof kind !== 'string' || !SHOWN.has(kind) || typeof movement !== 'string') return;
    const type: ActivityType = kind === 'transfer' ? (change > 0n ? 'transfer_in' : 'transfer_out') : (kind as ActivityType);
    for (const wallet of await this.wallets.findByAccount(tx, event.teamId, account)) {
      // Movements from before the account became the user's wallet are not theirs to see in the feed.
      if (event.occurredAt.getTime() < wallet.updatedAt.getTime()) continue;
      await this.activity.record(tx, {
        teamId: event.teamId,
        userId: wallet.userId,
        type,
        resourceType: 'ledger_movement',
        resourceId: `${account}/${movement}`,
        amount: change,
        currency: asset,
        title: { deposit: 'Deposit', withdrawal: 'Withdrawal', transfer_in: 'Transfer received', transfer_out: 'Transfer sent' }[type as 'deposit'] ?? kind,
        status: 'completed',
      });
    }
  }
}

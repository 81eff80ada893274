import { token, type ActivityHistoryFilter, type PageRequest, type Slice, type Tx } from '../../kernel/public.js';
import type { ActivityRecord } from './domain/activity.js';
import type { ChallengeRecord } from './domain/challenge.js';
import type { DeliveryStatus, DeviceRecord, NotificationRecord, PushMessage } from './domain/notification.js';
import type { P2pTransferRecord } from './domain/p2p-transfer.js';
import type { IntentStatus, PaymentIntentRecord } from './domain/payment-intent.js';
import type { PasskeyRecord } from './domain/passkey.js';
import type { SessionRecord } from './domain/session.js';

/**
 * The plugin's private repositories, one implementation per store family
 * (adapters/memory, adapters/sql), held to adapters/repository.contract.ts.
 * Lookups by a credential (a challenge, a credential id, a token hash) are
 * not team-scoped: the value itself is what the client presents. Everything
 * else is scoped by team and user.
 */
export interface ChallengeRepository {
  insert(tx: Tx, challenge: ChallengeRecord): Promise<void>;
  /**
   * Marks the challenge used and returns it as issued; undefined when it was
   * never issued or is already used. Two answers racing: exactly one gets it.
   */
  consume(tx: Tx, challenge: string, at: Date): Promise<ChallengeRecord | undefined>;
  /** Deletes up to `limit` challenges used or expired before `before`; returns how many. */
  deleteStale(tx: Tx, before: Date, limit: number): Promise<number>;
}
export const ChallengeRepository = token<ChallengeRepository>('mobile.challenge-repository');

export interface PasskeyRepository {
  /** Throws ConflictError 'passkey_exists' when the credential id is already registered. */
  insert(tx: Tx, passkey: PasskeyRecord): Promise<void>;
  findById(tx: Tx, id: string): Promise<PasskeyRecord | undefined>;
  /** The user's passkeys, oldest first. */
  listByUser(tx: Tx, teamId: string, userId: string): Promise<PasskeyRecord[]>;
  /** Deletes the user's passkey and returns it; undefined when there is none (also another user's). */
  delete(tx: Tx, teamId: string, userId: string, id: string): Promise<PasskeyRecord | undefined>;
  /** Stores the counter of a successful sign-in. */
  recordUse(tx: Tx, id: string, counter: number, at: Date): Promise<void>;
  /** Flags the passkey (it signs in no more), unless already flagged; returns it as stored afterwards. */
  flag(tx: Tx, id: string, reason: string, at: Date): Promise<PasskeyRecord | undefined>;
}
export const PasskeyRepository = token<PasskeyRepository>('mobile.passkey-repository');

export interface SessionRepository {
  insert(tx: Tx, session: SessionRecord): Promise<void>;
  findByHash(tx: Tx, hash: string): Promise<SessionRecord | undefined>;
  /** The user's sessions not revoked and not expired at `now`, newest first. */
  listActive(tx: Tx, teamId: string, userId: string, now: Date): Promise<SessionRecord[]>;
  /** Revokes the user's session unless already revoked; returns it as stored afterwards (undefined: none such). */
  revoke(tx: Tx, teamId: string, userId: string, id: string, at: Date): Promise<SessionRecord | undefined>;
  /** Revokes every live session signed in with this passkey (deleted or flagged); returns them. */
  revokeByCredential(tx: Tx, credentialId: string, at: Date): Promise<SessionRecord[]>;
}
export const SessionRepository = token<SessionRepository>('mobile.session-repository');

/** The account each user pays from and receives into through the mobile wallet (one per user). */
export interface WalletRecord {
  readonly teamId: string;
  readonly userId: string;
  readonly accountId: string;
  readonly updatedAt: Date;
}

export interface WalletRepository {
  /** Sets (or replaces) the user's wallet account. */
  put(tx: Tx, wallet: WalletRecord): Promise<void>;
  /** The user's wallet; scoped by the user's own team (a p2p recipient's team, for a transfer to them). */
  find(tx: Tx, teamId: string, userId: string): Promise<WalletRecord | undefined>;
  /** The wallets of the team that use this account (several users may share one). */
  findByAccount(tx: Tx, teamId: string, accountId: string): Promise<WalletRecord[]>;
}
export const WalletRepository = token<WalletRepository>('mobile.wallet-repository');

export interface IntentTransition {
  readonly status: IntentStatus;
  readonly failureReason?: string | null;
  readonly completedAt?: Date | null;
  readonly at: Date;
}

export interface PaymentIntentRepository {
  insert(tx: Tx, intent: PaymentIntentRecord): Promise<void>;
  find(tx: Tx, teamId: string, id: string): Promise<PaymentIntentRecord | undefined>;
  /**
   * Moves the intent to `to.status` only if its status is one of `from`, and
   * returns it as stored afterwards; undefined when it was in another state
   * (or is unknown). Of two racing transitions exactly one wins.
   */
  transition(tx: Tx, teamId: string, id: string, from: readonly IntentStatus[], to: IntentTransition): Promise<PaymentIntentRecord | undefined>;
  /** Expires up to `limit` intents awaiting confirmation whose expires_at is at or before `now`, across teams; rows being changed elsewhere are skipped. */
  expireDue(tx: Tx, now: Date, limit: number): Promise<PaymentIntentRecord[]>;
  /** Intents the team pays or receives created in [from, before), of one of its accounts (either side) if given, oldest first (created_at, id), at most `limit`. */
  history(tx: Tx, teamId: string, filter: ActivityHistoryFilter, limit: number): Promise<PaymentIntentRecord[]>;
}
export const PaymentIntentRepository = token<PaymentIntentRepository>('mobile.payment-intent-repository');

export interface P2pTransferRepository {
  insert(tx: Tx, transfer: P2pTransferRecord): Promise<void>;
  /** The transfer as either side sees it: found when the team is the sender's or the recipient's. */
  find(tx: Tx, teamId: string, id: string): Promise<P2pTransferRecord | undefined>;
  /** Transfers the team sent or received created in [from, before), of one of its accounts (either side) if given, oldest first (created_at, id), at most `limit`. */
  history(tx: Tx, teamId: string, filter: ActivityHistoryFilter, limit: number): Promise<P2pTransferRecord[]>;
}
export const P2pTransferRepository = token<P2pTransferRepository>('mobile.p2p-transfer-repository');

export interface ActivityRepository {
  /** Adds the item, or updates status, title and updated_at of the one for the same user and resource. */
  upsert(tx: Tx, item: ActivityRecord): Promise<void>;
  /** The user's items, newest first (created_at, then id). */
  list(tx: Tx, teamId: string, userId: string, page: PageRequest): Promise<Slice<ActivityRecord>>;
}
export const ActivityRepository = token<ActivityRepository>('mobile.activity-repository');

export interface NotificationRepository {
  insert(tx: Tx, notification: NotificationRecord): Promise<void>;
  /** Up to `limit` notifications awaiting delivery, oldest first, across teams; rows another dispatcher holds are skipped. */
  claimPending(tx: Tx, limit: number): Promise<NotificationRecord[]>;
  markDelivered(tx: Tx, id: string, delivery: DeliveryStatus, deliveredTo: number, at: Date): Promise<void>;
  /** The user's notifications, newest first. */
  list(tx: Tx, teamId: string, userId: string, page: PageRequest): Promise<Slice<NotificationRecord>>;
}
export const NotificationRepository = token<NotificationRepository>('mobile.notification-repository');

export interface DeviceRepository {
  /** Registers the device, or renames/re-platforms the user's device with the same token; returns it as stored. */
  upsert(tx: Tx, device: DeviceRecord): Promise<DeviceRecord>;
  listByUser(tx: Tx, teamId: string, userId: string): Promise<DeviceRecord[]>;
  delete(tx: Tx, teamId: string, userId: string, id: string): Promise<DeviceRecord | undefined>;
}
export const DeviceRepository = token<DeviceRepository>('mobile.device-repository');

/**
 * The push service (APNs, FCM, Web Push) behind one port. The default
 * adapter is a recording simulator (adapters/push-simulator.ts) that keeps
 * every message in the store. `accepted: false` means the service refused
 * the token for good (the device is then removed).
 */
export interface PushService {
  send(tx: Tx, message: PushMessage): Promise<{ readonly accepted: boolean; readonly messageId: string | null }>;
}
export const PushService = token<PushService>('mobile.push-service');

/**
 * The last total balance the wallet-activity consumer saw per account and
 * asset (every account's, in event order), so a balance_updated event's
 * change is its total minus the one before.
 */
export interface BalanceMarkRepository {
  /** Stores `total` and returns the total stored before (0 for the first). */
  swap(tx: Tx, teamId: string, accountId: string, assetCode: string, total: bigint): Promise<bigint>;
}
export const BalanceMarkRepository = token<BalanceMarkRepository>('mobile.balance-mark-repository');

/**
 * One line of a user's activity feed: a payment intent, a p2p transfer sent
 * or received, or a notification, linking the resource it is about. Written
 * in the unit of work that makes the change, so the feed is current at once;
 * an item whose resource changes state (an intent succeeding) is updated in
 * place and keeps its position (created_at).
 */
export type ActivityType = 'payment_intent' | 'payment_received' | 'p2p_sent' | 'p2p_received' | 'notification' | 'deposit' | 'withdrawal' | 'transfer_in' | 'transfer_out';

export interface ActivityRecord {
  readonly id: string;
  readonly teamId: string;
  readonly userId: string;
  readonly type: ActivityType;
  /** ledger_movement: a core-banking movement of the wallet account, id `<account id>/<movement id>`. */
  readonly resourceType: 'payment_intent' | 'p2p_transfer' | 'notification' | 'ledger_movement' | 'passkey';
  readonly resourceId: string;
  /** Signed for money: negative when it left the user. Null for a notification. */
  readonly amount: bigint | null;
  readonly currency: string | null;
  readonly title: string;
  readonly status: string;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

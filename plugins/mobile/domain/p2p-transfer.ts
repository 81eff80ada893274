/**
 * A completed peer-to-peer transfer. It settles at once in one unit of
 * work, so it is stored only once done; both sides read it (the sender's
 * team and the recipient's, which may differ).
 */
export interface P2pTransferRecord {
  readonly id: string;
  readonly fromTeamId: string;
  readonly fromUserId: string;
  readonly fromAccountId: string;
  readonly toTeamId: string;
  readonly toUserId: string;
  readonly toAccountId: string;
  readonly amount: bigint;
  readonly currency: string;
  readonly note: string;
  readonly createdAt: Date;
}

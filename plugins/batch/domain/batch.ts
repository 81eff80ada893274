/**
 * A batch: a list of money movements a team submits at once (transfers
 * between its accounts, or payouts to the outside world), applied item by
 * item. Each item ends completed (with the ledger movement that applied it)
 * or failed (with the refusal's code); the batch is completed when every
 * item has ended. Pure rules, no I/O.
 */
export type BatchType = 'transfer' | 'payout';
export type BatchStatus = 'processing' | 'completed';
export type ItemStatus = 'pending' | 'completed' | 'failed';

export interface BatchRecord {
  readonly id: string;
  readonly teamId: string;
  readonly type: BatchType;
  readonly status: BatchStatus;
  readonly total: number;
  readonly completed: number;
  readonly failed: number;
  readonly createdAt: Date;
  readonly updatedAt: Date;
  readonly completedAt: Date | null;
}

export interface ItemRecord {
  readonly teamId: string;
  readonly batchId: string;
  /** Position in the submitted list, from 0. */
  readonly index: number;
  readonly status: ItemStatus;
  readonly fromAccount: string;
  /** The receiving account of a transfer; null for a payout. */
  readonly toAccount: string | null;
  readonly assetCode: string;
  readonly amount: bigint;
  readonly reference: string | null;
  readonly movementId: string | null;
  readonly errorCode: string | null;
  readonly errorDetail: string | null;
  readonly processedAt: Date | null;
}

export type ItemOutcome =
  | { readonly status: 'completed'; readonly movementId: string }
  | { readonly status: 'failed'; readonly errorCode: string; readonly errorDetail: string };

/** The batch after one more item ended: counters moved, completed once every item has. */
export function afterOutcome(batch: BatchRecord, outcome: ItemOutcome['status'], at: Date): BatchRecord {
  const completed = batch.completed + (outcome === 'completed' ? 1 : 0);
  const failed = batch.failed + (outcome === 'failed' ? 1 : 0);
  const done = completed + failed >= batch.total;
  return { ...batch, completed, failed, status: done ? 'completed' : 'processing', updatedAt: at, completedAt: done ? at : null };
}

/** The ledger legs of an item: a transfer moves between two accounts of the team, a payout pays the world. */
export function itemLegs(item: ItemRecord, world: string): { accountId: string; assetCode: string; amount: bigint }[] {
  return [
    { accountId: item.fromAccount, assetCode: item.assetCode, amount: -item.amount },
    { accountId: item.toAccount ?? world, assetCode: item.assetCode, amount: item.amount },
  ];
}

import type { Tx } from '../../../kernel/public.js';
import { WORLD_ACCOUNT } from '../domain/ledger-rules.js';
import type { LedgerAudit } from '../ports.js';

/** One team and asset: what customers hold, what came in net, and every system account. */
export interface LedgerCheckTotals {
  readonly teamId: string;
  readonly assetCode: string;
  readonly customerBalances: bigint;
  readonly depositsMinusWithdrawals: bigint;
  readonly system: Readonly<Record<string, bigint>>;
}

export interface LedgerCheck {
  readonly ok: boolean;
  /** Every broken invariant, one sentence each; empty when `ok`. */
  readonly problems: readonly string[];
  readonly totals: readonly LedgerCheckTotals[];
}

/**
 * The ledger's invariants, checked in one transaction. Per team and asset:
 *
 *   Σ (available + reserved) of customer rows + Σ entries of system accounts
 *   other than system:world  =  deposits − withdrawals  =  −Σ entries of system:world
 *
 * i.e. everything sums to zero (with only core banking: customer balances +
 * system:fees = deposits − withdrawals). Also: every movement's entries sum
 * to zero per asset, every customer row equals the sum of its entries, its
 * reserved amount is what its active holds still hold (a hold spent twice,
 * or a lost update of a hold, shows here), and no balance is negative.
 */
export async function checkLedger(tx: Tx, audit: LedgerAudit): Promise<LedgerCheck> {
  const problems: string[] = [];
  const totals = (await audit.totals(tx)).map((row) => {
    const world = row.system[WORLD_ACCOUNT] ?? 0n;
    const otherSystem = Object.entries(row.system)
      .filter(([account]) => account !== WORLD_ACCOUNT)
      .reduce((sum, [, amount]) => sum + amount, 0n);
    if (row.customerBalances + otherSystem !== -world) {
      problems.push(`team ${row.teamId} ${row.assetCode}: customer balances ${row.customerBalances} + system ${otherSystem} ≠ deposits − withdrawals ${-world}`);
    }
    return { teamId: row.teamId, assetCode: row.assetCode, customerBalances: row.customerBalances, depositsMinusWithdrawals: -world, system: row.system };
  });
  for (const item of await audit.unbalancedMovements(tx)) problems.push(`movement ${item.movementId} ${item.assetCode}: entries sum to ${item.sum}`);
  for (const item of await audit.drift(tx)) problems.push(`account ${item.accountId} ${item.assetCode}: balance ${item.balance} ≠ entries ${item.entries}`);
  for (const item of await audit.holdDrift(tx)) problems.push(`account ${item.accountId} ${item.assetCode}: reserved ${item.reserved} ≠ active holds ${item.held}`);
  const negative = await audit.negativeBalances(tx);
  if (negative > 0) problems.push(`${negative} balance rows are negative`);
  return { ok: problems.length === 0, problems, totals };
}

import { silentProgress, type Progress, type Tx } from '../../../kernel/public.js';
import { WORLD_ACCOUNT } from '../domain/ledger-rules.js';
import type { LedgerAudit, TeamAccounts, TeamSlice } from '../ports.js';

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

/** About this many accounts are checked per batch of teams (a larger team is one batch of its own). */
export const AUDIT_BATCH_ACCOUNTS = 1000;

/** Consecutive teams cut into slices of about `size` accounts; the first slice is open below, the last open above, so every team id is in exactly one. */
export function teamBatches(teams: readonly TeamAccounts[], size: number): { slice: TeamSlice; accounts: number }[] {
  const batches: { slice: TeamSlice; accounts: number }[] = [];
  let after: string | undefined;
  let accounts = 0;
  for (const [index, team] of teams.entries()) {
    accounts += team.accounts;
    const last = index === teams.length - 1;
    if (accounts < size && !last) continue;
    const slice: { after?: string; through?: string } = {};
    if (after !== undefined) slice.after = after;
    if (!last) slice.through = team.teamId;
    batches.push({ slice, accounts });
    after = team.teamId;
    accounts = 0;
  }
  return batches.length > 0 ? batches : [{ slice: {}, accounts: 0 }];
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
 *
 * The per-row checks (entries against balances, negative rows) walk the
 * teams in batches of about AUDIT_BATCH_ACCOUNTS accounts, each batch one
 * statement per check over whole teams, and report each batch to `progress`
 * as accounts checked out of the total.
 */
export async function checkLedger(tx: Tx, audit: LedgerAudit, progress: Progress = silentProgress, batchAccounts = AUDIT_BATCH_ACCOUNTS): Promise<LedgerCheck> {
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

  const teams = await audit.accountsPerTeam(tx);
  const task = progress.begin('ledger audit', teams.reduce((sum, team) => sum + team.accounts, 0));
  let negative = 0;
  try {
    for (const batch of teamBatches(teams, batchAccounts)) {
      for (const item of await audit.drift(tx, batch.slice)) problems.push(`account ${item.accountId} ${item.assetCode}: balance ${item.balance} ≠ entries ${item.entries}`);
      negative += await audit.negativeBalances(tx, batch.slice);
      task.step('accounts', batch.accounts);
    }
  } finally {
    task.end();
  }
  // One pass over the holds: they have no index by team, so a walk in batches would read them once per batch.
  for (const item of await audit.holdDrift(tx)) problems.push(`account ${item.accountId} ${item.assetCode}: reserved ${item.reserved} ≠ active holds ${item.held}`);
  if (negative > 0) problems.push(`${negative} balance rows are negative`);
  return { ok: problems.length === 0, problems, totals };
}

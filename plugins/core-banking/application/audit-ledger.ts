import { inject, injectable, optional } from 'inversify';
import { Clock, formatMinor, OnChainHoldings, Progress, UnitOfWork, type Operation, type Reconciliation } from '../../../kernel/public.js';
import type { LedgerAuditView } from '../operations.js';
import { LedgerAudit } from '../ports.js';
import { checkLedger } from './ledger-check.js';
import { Holdings } from './holdings.js';

/**
 * GET /admin/ledger/audit and `npm run bank -- ledger audit` (operator): the
 * ledger's invariants over every team, read in one transaction, with the
 * figures behind them as decimal strings. Problems are listed, not thrown:
 * an audit that finds something must still answer. The walk over the
 * accounts reports to the Progress port: a line on the CLI's stderr, silent
 * in the server. With the chains module, the same transaction reconciles the
 * ledger's on-chain holdings with the chains (every difference is a problem).
 */
@injectable()
export class AuditLedgerOperation implements Operation<Record<string, never>, LedgerAuditView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(LedgerAudit) private readonly audit: LedgerAudit,
    @inject(Holdings) private readonly holdings: Holdings,
    @inject(Clock) private readonly clock: Clock,
    @inject(Progress) private readonly progress: Progress,
    @inject(OnChainHoldings) @optional() private readonly onChain: OnChainHoldings | undefined,
  ) {}

  async execute(): Promise<LedgerAuditView> {
    const checkedAt = this.clock.now();
    const { check, reconciliation } = await this.uow.run(async (tx) => ({
      check: await checkLedger(tx, this.audit, this.progress),
      reconciliation: this.onChain ? await this.onChain.reconcile(tx, await this.audit.holdingBalances(tx, this.onChain.onChainCodes())) : null,
    }));
    const problems = [...check.problems];
    for (const item of reconciliation?.differences ?? []) {
      problems.push(`account ${item.accountId} ${item.assetCode} on ${item.chain} at ${item.address}: ledger ${item.ledger} ≠ chain ${item.onChain}`);
    }
    return {
      ok: problems.length === 0,
      problems,
      checked_at: checkedAt.toISOString(),
      totals: check.totals.map((row) => {
        const { assetCode, chain, precision } = this.holdings.describe(row.assetCode);
        return {
          team_id: row.teamId,
          asset_code: assetCode,
          chain,
          customer_balances: formatMinor(row.customerBalances, precision),
          deposits_minus_withdrawals: formatMinor(row.depositsMinusWithdrawals, precision),
          system_accounts: Object.fromEntries(Object.entries(row.system).map(([account, amount]) => [account, formatMinor(amount, precision)])),
        };
      }),
      reconciliation: reconciliation && this.#reconciliationView(reconciliation),
    };
  }

  #reconciliationView(reconciliation: Reconciliation): NonNullable<LedgerAuditView['reconciliation']> {
    return {
      checked: reconciliation.checked,
      differences: reconciliation.differences.map((item) => {
        const precision = this.holdings.describe(item.assetCode).precision;
        return {
          team_id: item.teamId,
          account_id: item.accountId,
          chain: item.chain,
          address: item.address,
          asset_code: item.assetCode,
          ledger: formatMinor(item.ledger, precision),
          on_chain: formatMinor(item.onChain, precision),
        };
      }),
    };
  }
}

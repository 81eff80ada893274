import { inject, injectable } from 'inversify';
import { AssetCatalog, Clock, formatMinor, Progress, UnitOfWork, type Operation } from '../../../kernel/public.js';
import type { LedgerAuditView } from '../operations.js';
import { LedgerAudit } from '../ports.js';
import { checkLedger } from './ledger-check.js';
import { precisionOf } from './views.js';

/**
 * GET /admin/ledger/audit and `npm run bank -- ledger audit` (operator): the
 * ledger's invariants over every team, read in one transaction, with the
 * figures behind them as decimal strings. Problems are listed, not thrown:
 * an audit that finds something must still answer. The walk over the
 * accounts reports to the Progress port: a line on the CLI's stderr, silent
 * in the server.
 */
@injectable()
export class AuditLedgerOperation implements Operation<Record<string, never>, LedgerAuditView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(LedgerAudit) private readonly audit: LedgerAudit,
    @inject(AssetCatalog) private readonly assets: AssetCatalog,
    @inject(Clock) private readonly clock: Clock,
    @inject(Progress) private readonly progress: Progress,
  ) {}

  async execute(): Promise<LedgerAuditView> {
    const checkedAt = this.clock.now();
    const check = await this.uow.run((tx) => checkLedger(tx, this.audit, this.progress));
    return {
      ok: check.ok,
      problems: [...check.problems],
      checked_at: checkedAt.toISOString(),
      totals: check.totals.map((row) => {
        const precision = precisionOf(this.assets, row.assetCode);
        return {
          team_id: row.teamId,
          asset_code: row.assetCode,
          customer_balances: formatMinor(row.customerBalances, precision),
          deposits_minus_withdrawals: formatMinor(row.depositsMinusWithdrawals, precision),
          system_accounts: Object.fromEntries(Object.entries(row.system).map(([account, amount]) => [account, formatMinor(amount, precision)])),
        };
      }),
    };
  }
}

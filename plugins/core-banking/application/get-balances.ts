import { inject, injectable } from 'inversify';
import {
  AppError,
  formatMinor,
  groupThousands,
  Logger,
  mulDivHalfUp,
  PriceFeed,
  UnitOfWork,
  type Operation,
  type RequestContext,
} from '../../../kernel/public.js';
import type { BalanceRow } from '../domain/ledger-rules.js';
import type { AccountIdInput, BalancesView } from '../operations.js';
import { AccountRepository, LedgerRepository } from '../ports.js';
import { requireAccount } from './require-account.js';
import { Holdings } from './holdings.js';
import { balanceView } from './views.js';

/**
 * GET /accounts/{id}/balances. total_usd_equivalent is exact: every total is
 * multiplied by its USD price as a fraction over a common denominator, and
 * the sum is rounded half-up to cents once. An asset without a price counts
 * as zero (logged), rather than failing the whole response.
 */
@injectable()
export class GetBalancesOperation implements Operation<AccountIdInput, BalancesView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(AccountRepository) private readonly accounts: AccountRepository,
    @inject(LedgerRepository) private readonly ledger: LedgerRepository,
    @inject(Holdings) private readonly holdings: Holdings,
    @inject(PriceFeed) private readonly prices: PriceFeed,
    @inject(Logger) private readonly logger: Logger,
  ) {}

  async execute(input: AccountIdInput, ctx: RequestContext): Promise<BalancesView> {
    const teamId = ctx.actor.teamId;
    const rows = await this.uow.run(async (tx) => {
      const account = await requireAccount(this.accounts, tx, teamId, input.id);
      return this.ledger.accountBalances(tx, teamId, account.id);
    });
    return {
      account_uuid: input.id,
      balances: rows.map((row) => balanceView(this.holdings, row)),
      summary: { total_assets: rows.length, total_usd_equivalent: groupThousands(formatMinor(await this.#usdCents(rows), 2)) },
    };
  }

  async #usdCents(rows: readonly BalanceRow[]): Promise<bigint> {
    const terms: { value: bigint; exponent: number }[] = [];
    for (const row of rows) {
      const total = row.available + row.reserved;
      if (total === 0n) continue;
      try {
        const { usd } = await this.prices.usdPrice(row.assetCode);
        terms.push({ value: total * usd.numerator, exponent: usd.scale + this.holdings.precision(row.assetCode) });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        this.logger.warn('no USD price; asset left out of total_usd_equivalent', { asset_code: row.assetCode });
      }
    }
    const exponent = Math.max(0, ...terms.map((term) => term.exponent));
    const sum = terms.reduce((acc, term) => acc + term.value * 10n ** BigInt(exponent - term.exponent), 0n);
    return mulDivHalfUp(sum, 100n, 10n ** BigInt(exponent));
  }
}

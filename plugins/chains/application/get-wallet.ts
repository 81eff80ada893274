import { inject, injectable } from 'inversify';
import { formatMinor, Ledger, OnChainHoldings, UnitOfWork, type Operation, type RequestContext } from '../../../kernel/public.js';
import { CHAIN_MODELS } from '../domain/chain-model.js';
import { ListDepositAddresses, type AccountParams, type DepositAddressView, type WalletHoldingView, type WalletView } from '../operations.js';

/**
 * GET /accounts/{id}/wallet (and GraphQL `wallet`): an account as a
 * custodial wallet: its deposit address on every chain and its token
 * holdings there, from the ledger (which the audit reconciles with the
 * chains). Off-chain balances are not the wallet's. 404 for another team's account.
 */
@injectable()
export class GetWalletOperation implements Operation<AccountParams, WalletView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Ledger) private readonly ledger: Ledger,
    @inject(OnChainHoldings) private readonly holdings: OnChainHoldings,
    @inject(ListDepositAddresses) private readonly addresses: Operation<AccountParams, DepositAddressView[]>,
  ) {}

  async execute(input: AccountParams, ctx: RequestContext): Promise<WalletView> {
    const addresses = await this.addresses.execute(input, ctx);
    const rows = await this.uow.run((tx) => this.ledger.balances(tx, ctx.actor.teamId, input.id));
    const order = new Map(CHAIN_MODELS.map((model, position) => [model.name, position]));
    const holdings: WalletHoldingView[] = [];
    for (const row of rows) {
      const holding = this.holdings.describe(row.assetCode);
      if (!holding?.chain) continue;
      const precision = holding.asset.precision;
      holdings.push({
        asset_code: holding.asset.code,
        chain: holding.chain,
        available_balance: formatMinor(row.available, precision),
        reserved_balance: formatMinor(row.reserved, precision),
        total_balance: formatMinor(row.available + row.reserved, precision),
      });
    }
    holdings.sort((a, b) => order.get(a.chain)! - order.get(b.chain)! || a.asset_code.localeCompare(b.asset_code));
    return { account_id: input.id, addresses, holdings };
  }
}

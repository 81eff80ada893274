import { inject, injectable } from 'inversify';
import { Ledger, OnChainHoldings, type Tx } from '../../../kernel/public.js';

/**
 * What one account holds of a token on each chain, from the Ledger's
 * balances and the holding codes OnChainHoldings describes (`USDC` on its
 * default chain, `USDC@base`): the available amount, since reserved funds
 * cannot be bridged.
 */
@injectable()
export class ChainHoldings {
  constructor(
    @inject(Ledger) private readonly ledger: Ledger,
    @inject(OnChainHoldings) private readonly holdings: OnChainHoldings,
  ) {}

  async of(tx: Tx, teamId: string, accountId: string, token: string): Promise<Map<string, bigint>> {
    const result = new Map<string, bigint>();
    for (const row of await this.ledger.balances(tx, teamId, accountId)) {
      const holding = this.holdings.describe(row.assetCode);
      if (!holding || holding.chain === null || holding.asset.code !== token) continue;
      result.set(holding.chain, (result.get(holding.chain) ?? 0n) + row.available);
    }
    return result;
  }
}

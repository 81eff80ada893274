import { inject, injectable } from 'inversify';
import { Chain, type HoldingBalance, type Reconciliation, type ReconciliationDifference, type Tx } from '../../../kernel/public.js';
import { CustodyRepository, type CustodyAddress } from '../ports.js';
import { HoldingCatalog } from './holding-catalog.js';

interface Compared {
  teamId: string;
  accountId: string;
  chain: string;
  address: string;
  assetCode: string;
  ledger: bigint;
  onChain: bigint;
}

/**
 * Reconciliation as a bank does it (OnChainHoldings.reconcile): what the
 * ledger says each account holds on each chain against what its custody
 * address holds there, both ways, so a ledger balance without tokens and
 * tokens without a ledger balance (a deposit nobody booked) both show.
 */
@injectable()
export class Reconciler {
  constructor(
    @inject(HoldingCatalog) private readonly holdings: HoldingCatalog,
    @inject(CustodyRepository) private readonly custody: CustodyRepository,
    @inject(Chain) private readonly chain: Chain,
  ) {}

  async reconcile(tx: Tx, ledger: readonly HoldingBalance[]): Promise<Reconciliation> {
    const custody = await this.custody.list(tx);
    const addressOf = new Map(custody.map((one) => [accountKey(one.teamId, one.accountId, one.chain), one]));
    const compared = new Map<string, Compared>();
    const entry = (owner: { teamId: string; accountId: string }, chain: string, address: string, assetCode: string): Compared => {
      const key = `${chain}|${address}|${assetCode}|${owner.teamId}|${owner.accountId}`;
      let found = compared.get(key);
      if (!found) compared.set(key, (found = { ...owner, chain, address, assetCode, ledger: 0n, onChain: 0n }));
      return found;
    };
    for (const held of ledger) {
      const holding = this.holdings.describe(held.code);
      if (!holding?.chain) continue;
      const custodyAddress = addressOf.get(accountKey(held.teamId, held.accountId, holding.chain));
      // No custody address: the account never had a movement on chain, so its tokens cannot be there.
      entry(held, holding.chain, custodyAddress?.address ?? '', holding.asset.code).ledger += held.amount;
    }
    for (const one of custody) await this.#readChain(tx, one, entry);
    const differences: ReconciliationDifference[] = [...compared.values()].filter((item) => item.ledger !== item.onChain);
    return { checked: compared.size, differences };
  }

  async #readChain(tx: Tx, one: CustodyAddress, entry: (owner: CustodyAddress, chain: string, address: string, assetCode: string) => Compared): Promise<void> {
    for (const [assetCode, amount] of await this.chain.balancesOf(tx, one.chain, one.address)) entry(one, one.chain, one.address, assetCode).onChain += amount;
  }
}

function accountKey(teamId: string, accountId: string, chain: string): string {
  return `${teamId}|${accountId}|${chain}`;
}

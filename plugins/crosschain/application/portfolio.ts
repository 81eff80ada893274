import { inject, injectable, optional } from 'inversify';
import {
  asQueryParameters,
  AssetCatalog,
  ChainCatalog,
  chooseAccount,
  Clock,
  DefiPositions,
  formatMinor,
  Ledger,
  OnChainHoldings,
  PriceFeed,
  TransactionHistory,
  UnitOfWork,
  type Operation,
  type RequestContext,
  type Tx,
} from '../../../kernel/public.js';
import type { CrossChainPortfolioQuery, CrossChainPortfolioView } from '../operations.js';
import { BridgeTransferRepository } from '../ports.js';

type ChainView = CrossChainPortfolioView['chains'][number];
type InFlightView = CrossChainPortfolioView['in_flight'][number];

/**
 * GET /crosschain/portfolio: what the team (or one account) holds on every
 * chain, per token, valued at the price feed now; its DeFi positions per
 * chain (from defi's DefiPositions port, when enabled); the bridge transfers
 * in flight (they left the source and have not arrived, so they are in no
 * holding: counted apart, at their input amount); and totals. USD values are
 * cents rounded down. Reading changes nothing.
 */
@injectable()
export class GetCrossChainPortfolioOperation implements Operation<CrossChainPortfolioQuery, CrossChainPortfolioView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Ledger) private readonly ledger: Ledger,
    @inject(TransactionHistory) private readonly history: TransactionHistory,
    @inject(OnChainHoldings) private readonly holdings: OnChainHoldings,
    @inject(ChainCatalog) private readonly catalog: ChainCatalog,
    @inject(AssetCatalog) private readonly assets: AssetCatalog,
    @inject(PriceFeed) private readonly prices: PriceFeed,
    @inject(BridgeTransferRepository) private readonly transfers: BridgeTransferRepository,
    @inject(Clock) private readonly clock: Clock,
    @inject(DefiPositions) @optional() private readonly defi: DefiPositions | undefined,
  ) {}

  execute(input: CrossChainPortfolioQuery, ctx: RequestContext): Promise<CrossChainPortfolioView> {
    const teamId = ctx.actor.teamId;
    return asQueryParameters(() =>
      this.uow.readOnly(async (tx) => {
        const accountId = input.account_id === undefined ? null : await chooseAccount(tx, this.ledger, teamId, input.account_id, '/account_id');
        const accounts = accountId === null ? (await this.history.accounts(tx, teamId)).map((one) => one.id) : [accountId];
        const chains = new Map<string, ChainView>();
        const chainOf = (chain: string): ChainView => {
          let view = chains.get(chain);
          if (!view) chains.set(chain, (view = { chain, holdings: [], defi_positions: [], holdings_usd: '0.00', defi_usd: '0.00', total_usd: '0.00' }));
          return view;
        };
        const held = await this.#held(tx, teamId, accounts);
        const usdOf = new Map<string, bigint>();
        for (const [code, amount] of held) {
          const holding = this.holdings.describe(code)!;
          const price = await this.#price(holding.asset.code);
          const cents = price && (amount * price.numerator * 100n) / 10n ** BigInt(price.scale + holding.asset.precision);
          if (cents) usdOf.set(holding.chain!, (usdOf.get(holding.chain!) ?? 0n) + cents);
          chainOf(holding.chain!).holdings.push({ token: holding.asset.code, asset_code: code, amount: formatMinor(amount, holding.asset.precision), price_usd: price ? formatMinor(price.numerator, price.scale) : null, value_usd: cents === null ? null : formatMinor(cents, 2) });
        }
        const defiOf = new Map<string, bigint>();
        for (const position of this.defi ? await this.defi.open(tx, teamId, accountId) : []) {
          defiOf.set(position.chain, (defiOf.get(position.chain) ?? 0n) + (position.debt ? -position.valueUsdCents : position.valueUsdCents));
          chainOf(position.chain).defi_positions.push({ position_id: position.positionId, type: position.type, account_id: position.accountId, protocol: position.protocol, value_usd: formatMinor(position.valueUsdCents, 2) });
        }
        let total = 0n;
        const order = this.catalog.list().map((chain) => chain.name);
        const ordered = [...chains.values()].sort((a, b) => order.indexOf(a.chain) - order.indexOf(b.chain));
        for (const view of ordered) {
          const holdingsUsd = usdOf.get(view.chain) ?? 0n;
          const defiUsd = defiOf.get(view.chain) ?? 0n;
          view.holdings.sort((a, b) => a.token.localeCompare(b.token));
          Object.assign(view, { holdings_usd: formatMinor(holdingsUsd, 2), defi_usd: formatMinor(defiUsd, 2), total_usd: formatMinor(holdingsUsd + defiUsd, 2) });
          total += holdingsUsd + defiUsd;
        }
        const { inFlight, inFlightUsd } = await this.#inFlight(tx, teamId, accountId);
        return {
          account_id: accountId,
          chains: ordered,
          in_flight: inFlight,
          in_flight_usd: formatMinor(inFlightUsd, 2),
          total_usd: formatMinor(total + inFlightUsd, 2),
          valued_at: this.clock.now().toISOString(),
        };
      }),
    );
  }

  /** Σ available + reserved per on-chain holding code over the accounts (off-chain holdings are not on any chain). */
  async #held(tx: Tx, teamId: string, accounts: readonly string[]): Promise<Map<string, bigint>> {
    const held = new Map<string, bigint>();
    for (const account of accounts) {
      for (const balance of await this.ledger.balances(tx, teamId, account)) {
        const amount = balance.available + balance.reserved;
        if (amount === 0n || !this.holdings.describe(balance.assetCode)?.chain) continue;
        held.set(balance.assetCode, (held.get(balance.assetCode) ?? 0n) + amount);
      }
    }
    return held;
  }

  async #inFlight(tx: Tx, teamId: string, accountId: string | null): Promise<{ inFlight: InFlightView[]; inFlightUsd: bigint }> {
    let inFlightUsd = 0n;
    const inFlight: InFlightView[] = [];
    for (const transfer of await this.transfers.inFlight(tx, teamId)) {
      if (accountId !== null && transfer.accountId !== accountId) continue;
      const precision = this.assets.require(transfer.token, '/token').precision;
      const price = await this.#price(transfer.token);
      const cents = price && (transfer.inputAmount * price.numerator * 100n) / 10n ** BigInt(price.scale + precision);
      inFlightUsd += cents ?? 0n;
      inFlight.push({
        bridge_tx_id: transfer.id,
        status: transfer.status as InFlightView['status'],
        bridge_protocol: transfer.protocol,
        source_chain: transfer.sourceChain,
        destination_chain: transfer.destinationChain,
        token: transfer.token,
        amount: formatMinor(transfer.inputAmount, precision),
        receive_amount: formatMinor(transfer.receiveAmount, precision),
        value_usd: cents === null ? null : formatMinor(cents, 2),
        estimated_completion_at: transfer.schedule.completeAt.toISOString(),
      });
    }
    return { inFlight, inFlightUsd };
  }

  /** USD per whole unit, or null when the feed has no price for the asset (its value is left out of the totals). */
  async #price(assetCode: string): Promise<{ numerator: bigint; scale: number } | null> {
    try {
      return (await this.prices.usdPrice(assetCode)).usd;
    } catch {
      return null;
    }
  }
}

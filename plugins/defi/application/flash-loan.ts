import { inject, injectable, optional } from 'inversify';
import {
  AssetCatalog,
  Chain,
  ChainCatalog,
  ChainFaucet,
  chooseAccount,
  Clock,
  formatMinor,
  Ids,
  Ledger,
  OnChainHoldings,
  parseAmountField,
  UnitOfWork,
  ValidationError,
  WORLD_ACCOUNT,
  type LedgerLeg,
  type Operation,
  type RequestContext,
  type Tx,
} from '../../../kernel/public.js';
import { poolsFor, runFlashLoan, type FlashOperation, type FlashStep } from '../domain/flash-loan.js';
import { flashLenderAddress, poolAddress } from '../domain/protocol-address.js';
import { DefiConfig } from '../config.js';
import type { FlashLoanBody, FlashLoanView } from '../operations.js';
import { PoolMarket } from './pool-market.js';
import { PoolTrading } from './pool-trading.js';
import { dexId } from './quote-input.js';

const BPS = 10_000n;

/** Ends the loan's unit of work without committing, carrying the answer out. */
class RolledBack extends Error {
  constructor(readonly view: FlashLoanView) {
    super('flash loan rolled back');
  }
}

interface ValidLoan {
  readonly chain: string;
  readonly token: string;
  readonly amount: bigint;
  readonly premium: bigint;
  readonly operations: readonly FlashOperation[];
}

/**
 * POST /defi/flash-loan: borrow, run the operations, repay amount +
 * premium, all in one transaction, as one contract call would. The loan is
 * run first against the locked pools as they trade now; if it cannot
 * repay, or it is a dry run, the transaction rolls back and the answer says
 * so (nothing moved: no pool, no holding, no chain balance). Otherwise the
 * simulated lender (an Aave-like pool) lends from its address, the swaps
 * trade the pools on chain, the lender keeps the premium, and what is left
 * is the borrower's profit, paid by the Ledger to the account with the
 * lender as counterparty. Gas is the service sponsor's, as every simulated
 * transaction's: a reverted loan costs the caller nothing.
 */
@injectable()
export class FlashLoanOperation implements Operation<FlashLoanBody, FlashLoanView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(PoolMarket) private readonly market: PoolMarket,
    @inject(PoolTrading) private readonly trading: PoolTrading,
    @inject(Ledger) private readonly ledger: Ledger,
    @inject(OnChainHoldings) private readonly holdings: OnChainHoldings,
    @inject(ChainCatalog) private readonly catalog: ChainCatalog,
    @inject(AssetCatalog) private readonly assets: AssetCatalog,
    @inject(Chain) private readonly chain: Chain,
    @inject(Clock) private readonly clock: Clock,
    @inject(Ids) private readonly ids: Ids,
    @inject(DefiConfig) private readonly config: DefiConfig,
    @inject(ChainFaucet) @optional() private readonly faucet: ChainFaucet | undefined,
  ) {}

  async execute(input: FlashLoanBody, ctx: RequestContext): Promise<FlashLoanView> {
    const loan = this.#validate(input);
    try {
      return await this.uow.run(async (tx) => {
        const accountId = await chooseAccount(tx, this.ledger, ctx.actor.teamId, input.account_id, '/account_id');
        const prices = await this.market.prices(loan.chain);
        const candidates = loan.operations.flatMap((operation) => poolsFor(this.#specViews(loan.chain), operation).map((pool) => pool.spec.id));
        const pools = await this.trading.open(tx, loan.chain, candidates, prices);
        const outcome = runFlashLoan([...pools.values()], loan.token, loan.amount, loan.premium, loan.operations);
        const answer = (status: FlashLoanView['status'], extra: Partial<FlashLoanView> = {}) => this.#view(loan, accountId, status, outcome.steps, extra);
        if (!outcome.ok) throw new RolledBack(answer('reverted', { reason: outcome.reason }));
        const profit = [...outcome.balances].map(([code, left]) => ({ token: code, amount: this.#format(loan.chain, code, left) }));
        if (input.dry_run === true) throw new RolledBack(answer('simulated', { profit }));
        await this.#trade(tx, loan, outcome.steps);
        await this.trading.settle(tx, loan.chain, outcome.pools, []);
        const id = this.ids.uuid();
        const txHash = await this.#payProfit(tx, ctx.actor.teamId, accountId, loan.chain, id, outcome.balances);
        return answer('executed', { flash_loan_id: id, profit, tx_hash: txHash });
      });
    } catch (error) {
      if (error instanceof RolledBack) return error.view;
      throw error;
    }
  }

  #validate(input: FlashLoanBody): ValidLoan {
    const chain = this.catalog.require(input.chain ?? 'ethereum', '/chain').name;
    const token = this.catalog.requireToken(chain, input.token, '/token').assetCode;
    const amount = parseAmountField(input.amount, this.assets.require(token, '/token'), '/amount');
    const operations = input.operations.map((operation, index): FlashOperation => {
      const at = `/operations/${index}`;
      const from = this.catalog.requireToken(chain, operation.from, `${at}/from`).assetCode;
      const to = this.catalog.requireToken(chain, operation.to, `${at}/to`).assetCode;
      if (from === to) throw ValidationError.field(`${at}/to`, 'An operation swaps one token into another.', 'same_token');
      const dex = dexId(operation.dex, `${at}/dex`);
      const valid = { from, to, dex };
      if (poolsFor(this.#specViews(chain), valid).length === 0) throw ValidationError.field(`${at}/dex`, `${dex} has no ${from}/${to} pool on ${chain}.`, 'no_pool');
      return valid;
    });
    // Rounded up, so the lender never receives less than its rate.
    const premium = (amount * BigInt(this.config.flash_loan_premium_bps) + BPS - 1n) / BPS;
    return { chain, token, amount, premium, operations };
  }

  /** The chain's pools by spec alone (no reserves): which pools an operation may use. */
  #specViews(chain: string) {
    return this.market.specs(chain).map((spec) => ({ spec, reserves: [], decimals: [] }));
  }

  /** The lender lends from its address and the swaps run from it, on chain. */
  async #trade(tx: Tx, loan: ValidLoan, steps: readonly FlashStep[]): Promise<void> {
    const chainId = this.catalog.find(loan.chain)!.chainId;
    const lender = flashLenderAddress(chainId);
    // The simulated lender's liquidity is whatever a loan needs: minted when it lacks the amount.
    const funds = await this.chain.balanceOf(tx, loan.chain, lender, loan.token);
    if (funds < loan.amount) await this.faucet!.mint(tx, loan.chain, lender, loan.token, loan.amount - funds);
    for (const step of steps) {
      const pool = poolAddress(chainId, step.poolId);
      await this.chain.transfer(tx, { chain: loan.chain, from: lender, to: pool, assetCode: step.from, amount: step.amountIn });
      await this.chain.transfer(tx, { chain: loan.chain, from: pool, to: lender, assetCode: step.to, amount: step.out });
    }
  }

  async #payProfit(tx: Tx, teamId: string, accountId: string, chain: string, id: string, left: ReadonlyMap<string, bigint>): Promise<string | null> {
    if (left.size === 0) return null;
    const lender = flashLenderAddress(this.catalog.find(chain)!.chainId);
    const legs: LedgerLeg[] = [];
    const counterparties: Record<string, string> = {};
    for (const [token, amount] of left) {
      const code = this.holdings.resolve(this.assets.require(token, '/token'), chain, '/chain').code;
      legs.push({ accountId: WORLD_ACCOUNT, assetCode: code, amount: -amount }, { accountId, assetCode: code, amount });
      counterparties[code] = lender;
    }
    const posted = await this.ledger.post(tx, teamId, { kind: 'defi.flash_loan', reference: id, legs, counterparties });
    return posted.chainTransactions[0]?.hash ?? null;
  }

  #view(loan: ValidLoan, accountId: string, status: FlashLoanView['status'], steps: readonly FlashStep[], extra: Partial<FlashLoanView>): FlashLoanView {
    return {
      flash_loan_id: null,
      status,
      chain: loan.chain,
      account_id: accountId,
      token: loan.token,
      amount: this.#format(loan.chain, loan.token, loan.amount),
      premium: this.#format(loan.chain, loan.token, loan.premium),
      reason: null,
      operations: steps.map((step) => ({
        type: 'swap' as const,
        from: step.from,
        to: step.to,
        dex: step.dex,
        pool: step.poolId,
        amount_in: this.#format(loan.chain, step.from, step.amountIn),
        amount_out: this.#format(loan.chain, step.to, step.out),
      })),
      profit: [],
      tx_hash: null,
      created_at: this.clock.now().toISOString(),
      ...extra,
    };
  }

  #format(chain: string, token: string, amount: bigint): string {
    return formatMinor(amount, this.catalog.requireToken(chain, token, '').decimals);
  }
}

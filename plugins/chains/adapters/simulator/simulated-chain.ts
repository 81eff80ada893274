import { inject, injectable } from 'inversify';
import {
  BadRequestError,
  Clock,
  InsufficientFundsError,
  type Chain,
  type ChainFaucet,
  type ChainHead,
  type ChainReceipt,
  type ChainTransferRequest,
  type ChainTxKind,
  type Tx,
} from '../../../../kernel/public.js';
import { ChainRegistry } from '../../application/chain-registry.js';
import { checksummedAddress } from '../../domain/address.js';
import { blockTime, finalizedAt, headAt, inclusionBlock, inclusionStatus, type BlockTiming } from '../../domain/block-clock.js';
import { GasPriceWalk } from '../../domain/gas-price.js';
import { gasUsedBy, MINT_SENDER, transactionHash } from '../../domain/transaction-hash.js';
import { ChainsConfig } from '../../config.js';
import { SimulatorStateRepository, type SimulatedTransaction } from '../../ports.js';

/**
 * The embedded default Chain: every chain of the catalogue simulated in
 * process (docs/chains.md). Blocks follow from the clock (block-clock.ts),
 * gas prices from a seeded walk (gas-price.ts); balances, nonces and
 * transactions are stored with the caller's transaction, so a restart
 * continues where it stopped. Gas is reported on receipts but paid by the
 * service's sponsor (as a paymaster would), never taken from the holder.
 */
@injectable()
export class SimulatedChain implements Chain, ChainFaucet {
  readonly #epochMs: number;
  readonly #gas = new Map<string, GasPriceWalk>();

  constructor(
    @inject(ChainRegistry) private readonly registry: ChainRegistry,
    @inject(SimulatorStateRepository) private readonly state: SimulatorStateRepository,
    @inject(Clock) private readonly clock: Clock,
    @inject(ChainsConfig) private readonly config: ChainsConfig,
  ) {
    this.#epochMs = Date.parse(config.epoch);
  }

  async head(chain: string): Promise<ChainHead> {
    const timing = this.#timing(chain);
    const now = this.clock.now();
    const number = headAt(timing, now);
    return { chain, number, timestamp: blockTime(timing, number), finalizedNumber: finalizedAt(timing, now), gasPriceWei: this.#gasPrice(chain, now) };
  }

  async balanceOf(tx: Tx, chain: string, address: string, assetCode: string): Promise<bigint> {
    return this.state.balance(tx, chain, checksummed(address), assetCode);
  }

  async balancesOf(tx: Tx, chain: string, address: string): Promise<ReadonlyMap<string, bigint>> {
    return this.state.balances(tx, chain, checksummed(address));
  }

  async transfer(tx: Tx, request: ChainTransferRequest): Promise<ChainReceipt> {
    const from = checksummed(request.from);
    const to = checksummed(request.to);
    this.#requirePositive(request.amount);
    this.registry.requireToken(request.chain, request.assetCode, '/asset_code');
    if (!(await this.state.debit(tx, request.chain, from, request.assetCode, request.amount))) {
      throw new InsufficientFundsError(`${from} holds less than the amount of ${request.assetCode} on ${request.chain}.`);
    }
    await this.state.credit(tx, request.chain, to, request.assetCode, request.amount);
    return this.#record(tx, 'transfer', request.chain, from, to, request.assetCode, request.amount);
  }

  async mint(tx: Tx, chain: string, to: string, assetCode: string, amount: bigint): Promise<ChainReceipt> {
    this.#requirePositive(amount);
    this.registry.requireToken(chain, assetCode, '/asset_code');
    const recipient = checksummed(to);
    await this.state.credit(tx, chain, recipient, assetCode, amount);
    return this.#record(tx, 'mint', chain, MINT_SENDER, recipient, assetCode, amount);
  }

  async receipt(tx: Tx, chain: string, hash: string): Promise<ChainReceipt | undefined> {
    const stored = await this.state.findTransaction(tx, chain, hash.toLowerCase());
    return stored && this.#receiptOf(stored);
  }

  async #record(tx: Tx, kind: ChainTxKind, chain: string, from: string, to: string, assetCode: string, amount: bigint): Promise<ChainReceipt> {
    const model = this.registry.model(chain);
    const nonce = await this.state.takeNonce(tx, chain, from);
    const submittedAt = this.clock.now();
    const transaction: SimulatedTransaction = {
      hash: transactionHash({ chainId: model.chainId, kind, from, to, assetCode, amount, nonce }),
      chain,
      kind,
      from,
      to,
      assetCode,
      amount,
      nonce,
      blockNumber: inclusionBlock(this.#timing(chain), submittedAt),
      gasUsed: gasUsedBy(assetCode === model.nativeAsset),
      gasPriceWei: this.#gasPrice(chain, submittedAt),
      submittedAt,
    };
    await this.state.insertTransaction(tx, transaction);
    return this.#receiptOf(transaction);
  }

  #receiptOf(stored: SimulatedTransaction): ChainReceipt {
    const timing = this.#timing(stored.chain);
    const { status, confirmations } = inclusionStatus(timing, stored.blockNumber, this.clock.now());
    const { gasPriceWei, ...rest } = stored;
    return { ...rest, effectiveGasPriceWei: gasPriceWei, blockTimestamp: blockTime(timing, stored.blockNumber), status, confirmations };
  }

  #timing(chain: string): BlockTiming {
    const { blockTimeMs, finalitySeconds } = this.registry.model(chain);
    return { epochMs: this.#epochMs, blockTimeMs, finalitySeconds };
  }

  #gasPrice(chain: string, at: Date): bigint {
    let walk = this.#gas.get(chain);
    if (!walk) {
      walk = new GasPriceWalk(this.config.seed, chain, this.registry.model(chain).baseGasPriceWei, this.#epochMs);
      this.#gas.set(chain, walk);
    }
    return walk.at(at);
  }

  #requirePositive(amount: bigint): void {
    if (amount <= 0n) throw new BadRequestError('A chain transfer moves a positive amount.', 'amount_not_positive');
  }
}

/** The EIP-55 form of an address; a 400 for anything that is not one. */
function checksummed(address: string): string {
  const valid = checksummedAddress(address);
  if (valid) return valid;
  throw new BadRequestError(`${address} is not an EVM address (0x and 40 hex digits, EIP-55 checksummed when mixed case).`, 'invalid_address');
}

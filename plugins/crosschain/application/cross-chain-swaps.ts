import { inject, injectable, optional } from 'inversify';
import { AssetCatalog, Clock, formatMinor, Ids, StepFailure, TokenSwaps, type NewEvent, type Tx, type WorkflowRunMeta } from '../../../kernel/public.js';
import type { BridgeRoute, BridgeProtocolId } from '../domain/bridge-model.js';
import type { BridgeTransferRecord } from '../domain/bridge-transfer.js';
import { minimumOutput, type CrossChainSwapRecord, type CrossChainSwapStatus } from '../domain/cross-chain-swap.js';
import type { CrossChainSwapView } from '../operations.js';
import { BridgeTransferRepository, CrossChainSwapRepository } from '../ports.js';
import type { BridgeWorkflowState } from './bridge-lifecycle.js';
import { BridgeTransfers } from './bridge-transfers.js';

export const CROSS_CHAIN_SWAP_WORKFLOW = 'crosschain.cross-chain-swap';

/** The cross-chain swap run's state: the bridge lifecycle's, and which swap. */
export interface CrossChainSwapState extends BridgeWorkflowState {
  readonly swap_id: string;
}

/** A cross-chain swap to start, validated: the route and protocol chosen, the account, the destination estimate. */
export interface CrossChainSwapOrder {
  readonly teamId: string;
  readonly accountId: string;
  readonly protocol: BridgeProtocolId;
  readonly route: BridgeRoute;
  readonly amount: bigint;
  readonly bridgeFee: bigint;
  readonly toToken: string;
  readonly slippageBps: number;
  /** What the destination pools pay now for amount − fee. */
  readonly expectedOutput: bigint;
}

/**
 * Cross-chain swaps (docs/crosschain.md, "Cross-chain swaps"): a bridge
 * transfer to the account's own destination holding, carried by a workflow
 * run whose last step swaps what arrived through the TokenSwaps port (defi).
 *
 * The slippage policy: the least output accepted is fixed at initiation
 * (what the pools pay then, less slippage_bps). When on arrival the pools
 * pay less, or no pool makes the trade, nothing is swapped and the bridged
 * token stays in the account's destination holding (`bridged_not_swapped`,
 * with what was offered and why). Swapping back and bridging back would cost
 * a second bridge fee and wait and face its own price move; the caller can
 * swap later on the destination (POST /defi/swap/execute).
 */
@injectable()
export class CrossChainSwaps {
  constructor(
    @inject(BridgeTransfers) private readonly bridge: BridgeTransfers,
    @inject(BridgeTransferRepository) private readonly transfers: BridgeTransferRepository,
    @inject(CrossChainSwapRepository) private readonly swaps: CrossChainSwapRepository,
    @inject(AssetCatalog) private readonly assets: AssetCatalog,
    @inject(Clock) private readonly clock: Clock,
    @inject(Ids) private readonly ids: Ids,
    // Provided by defi; without it the operation refuses before anything moves, and a run already under way keeps the bridged token.
    @inject(TokenSwaps) @optional() private readonly tokenSwaps: TokenSwaps | undefined,
  ) {}

  get available(): boolean {
    return this.tokenSwaps !== undefined;
  }

  /** The destination pools' output for `amountIn` now; undefined when no pool makes the trade (or defi is not enabled). */
  estimate(tx: Tx, teamId: string, chain: string, tokenIn: string, tokenOut: string, amountIn: bigint): Promise<bigint | undefined> {
    return this.tokenSwaps ? this.tokenSwaps.estimate(tx, { teamId, chain, tokenIn, tokenOut, amountIn }) : Promise.resolve(undefined);
  }

  /** Debits and locks the source (the bridge's first step) and stores the swap `bridging`, in the caller's unit of work. */
  async start(tx: Tx, order: CrossChainSwapOrder): Promise<{ swap: CrossChainSwapRecord; transfer: BridgeTransferRecord }> {
    const id = this.ids.uuid();
    const transfer = await this.bridge.initiate(
      tx,
      { teamId: order.teamId, accountId: order.accountId, quoteId: null, protocol: order.protocol, route: order.route, inputAmount: order.amount, feeAmount: order.bridgeFee, recipientAddress: null, recipient: null },
      { id, definition: CROSS_CHAIN_SWAP_WORKFLOW, state: { swap_id: id } },
    );
    const now = this.clock.now();
    const swap: CrossChainSwapRecord = {
      id,
      teamId: order.teamId,
      accountId: order.accountId,
      bridgeTransferId: transfer.id,
      protocol: order.protocol,
      sourceChain: order.route.source.name,
      destinationChain: order.route.destination.name,
      fromToken: order.route.token,
      toToken: order.toToken,
      amount: order.amount,
      bridgeFee: order.bridgeFee,
      bridgedAmount: transfer.receiveAmount,
      slippageBps: order.slippageBps,
      expectedOutput: order.expectedOutput,
      minimumOutput: minimumOutput(order.expectedOutput, order.slippageBps),
      status: 'bridging',
      swapId: null,
      amountOut: null,
      swapTxHash: null,
      offeredOutput: null,
      failureReason: null,
      createdAt: now,
      updatedAt: now,
    };
    await this.swaps.insert(tx, swap);
    return { swap, transfer };
  }

  /** The run's last step: the bridged tokens are in the account's destination holding; swap them or keep them (the policy). */
  async swapOnArrival(tx: Tx, state: CrossChainSwapState): Promise<void> {
    const swap = await this.#lock(tx, state);
    if (swap.status !== 'bridging') return;
    const transfer = (await this.transfers.find(tx, swap.teamId, swap.bridgeTransferId))!;
    if (!this.tokenSwaps) {
      await this.#save(tx, swap, { status: 'bridged_not_swapped', failureReason: 'Swaps are not available (the defi module is not enabled): the bridged token was kept.' });
      return;
    }
    const result = await this.tokenSwaps.swap(tx, {
      teamId: swap.teamId,
      accountId: transfer.recipient?.accountId ?? swap.accountId,
      chain: swap.destinationChain,
      tokenIn: swap.fromToken,
      tokenOut: swap.toToken,
      amountIn: swap.bridgedAmount,
      minimumOutput: swap.minimumOutput,
    });
    if (result.ok) {
      const done = await this.#save(tx, swap, { status: 'completed', swapId: result.swapId, amountOut: result.amountOut, swapTxHash: result.txHash });
      await tx.append([this.#event(done, transfer)]);
      return;
    }
    const reason =
      result.code === 'slippage_exceeded'
        ? `On arrival the ${swap.destinationChain} pools paid ${this.#amount(swap.toToken, result.expectedOutput!)} ${swap.toToken}, under the minimum of ${this.#amount(swap.toToken, swap.minimumOutput)} (slippage ${swap.slippageBps} bps): the bridged ${swap.fromToken} was kept.`
        : `${result.detail} The bridged ${swap.fromToken} was kept.`;
    await this.#save(tx, swap, { status: 'bridged_not_swapped', offeredOutput: result.expectedOutput, failureReason: reason });
  }

  /** After the compensation of the lock: a refunded bridge fails the swap; a bridge that had completed (the swap step failed for good) keeps the token. */
  async bridgeEnded(tx: Tx, state: CrossChainSwapState, meta: WorkflowRunMeta): Promise<void> {
    const swap = await this.#lock(tx, state);
    if (swap.status !== 'bridging') return;
    const transfer = (await this.transfers.find(tx, swap.teamId, swap.bridgeTransferId))!;
    if (transfer.status === 'failed') await this.#save(tx, swap, { status: 'failed', failureReason: transfer.failureReason ?? meta.error ?? 'The bridge transfer failed.' });
    else await this.#save(tx, swap, { status: 'bridged_not_swapped', failureReason: `The swap on ${swap.destinationChain} could not be made (${meta.error ?? 'failed'}): the bridged ${swap.fromToken} was kept.` });
  }

  view(swap: CrossChainSwapRecord, transfer: BridgeTransferRecord): CrossChainSwapView {
    const from = (units: bigint) => this.#amount(swap.fromToken, units);
    const to = (units: bigint | null) => (units === null ? null : this.#amount(swap.toToken, units));
    return {
      swap_id: swap.id,
      status: swap.status,
      account_id: swap.accountId,
      bridge_tx_id: swap.bridgeTransferId,
      bridge_status: transfer.status,
      bridge_protocol: swap.protocol,
      source_chain: swap.sourceChain,
      destination_chain: swap.destinationChain,
      from_token: swap.fromToken,
      to_token: swap.toToken,
      amount: from(swap.amount),
      bridge_fee: from(swap.bridgeFee),
      bridged_amount: from(swap.bridgedAmount),
      slippage_bps: swap.slippageBps,
      expected_output: to(swap.expectedOutput)!,
      minimum_output: to(swap.minimumOutput)!,
      amount_out: to(swap.amountOut),
      offered_output: to(swap.offeredOutput),
      destination_swap_id: swap.swapId,
      swap_tx_hash: swap.swapTxHash,
      failure_reason: swap.failureReason,
      created_at: swap.createdAt.toISOString(),
      updated_at: swap.updatedAt.toISOString(),
    };
  }

  async #lock(tx: Tx, state: CrossChainSwapState): Promise<CrossChainSwapRecord> {
    const swap = await this.swaps.lock(tx, state.team_id, state.swap_id);
    if (!swap) throw new StepFailure('unknown_swap', `Cross-chain swap ${state.swap_id} is not stored.`);
    return swap;
  }

  async #save(tx: Tx, swap: CrossChainSwapRecord, change: Partial<CrossChainSwapRecord> & { status: CrossChainSwapStatus }): Promise<CrossChainSwapRecord> {
    const next: CrossChainSwapRecord = { ...swap, ...change, updatedAt: this.clock.now() };
    await this.swaps.update(tx, next);
    return next;
  }

  #event(swap: CrossChainSwapRecord, transfer: BridgeTransferRecord): NewEvent {
    return { type: 'swap.completed', teamId: swap.teamId, aggregateType: 'crosschain_swap', aggregateId: swap.id, payload: this.view(swap, transfer) };
  }

  #amount(token: string, units: bigint): string {
    return formatMinor(units, this.assets.require(token, '/token').precision);
  }
}

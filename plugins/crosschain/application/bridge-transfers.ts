import { inject, injectable } from 'inversify';
import { Clock, Ids, Ledger, OnChainHoldings, WORLD_ACCOUNT, WorkflowEngine, AssetCatalog, type Tx } from '../../../kernel/public.js';
import { CrosschainConfig } from '../config.js';
import { bridgeAddress } from '../domain/bridge-address.js';
import type { BridgeProtocolId, BridgeRoute } from '../domain/bridge-model.js';
import { bridgeSchedule, type BridgeTransferRecord } from '../domain/bridge-transfer.js';
import { BRIDGE_MODELS } from '../domain/models.js';
import { BridgeFaultRepository, BridgeTransferRepository } from '../ports.js';
import { bridgeEvent } from './bridge-events.js';
import { BRIDGE_WORKFLOW, type BridgeWorkflowState } from './bridge-lifecycle.js';

/** A transfer to start: what was priced (a quote's numbers) and who sends and receives. */
export interface BridgeOrder {
  readonly teamId: string;
  readonly accountId: string;
  readonly quoteId: string | null;
  readonly protocol: BridgeProtocolId;
  readonly route: BridgeRoute;
  readonly inputAmount: bigint;
  readonly feeAmount: bigint;
  readonly recipientAddress: string | null;
  readonly recipient: { readonly teamId: string; readonly accountId: string } | null;
}

/** A workflow run whose first steps are the bridge lifecycle (lock done here, then confirm_source, attest, deliver). */
export interface BridgeCarrierRun {
  readonly id: string;
  readonly definition: string;
  readonly state: Readonly<Record<string, unknown>>;
}

/**
 * Starts a bridge transfer in the caller's unit of work: the account's
 * source holding is debited and the tokens move on chain from its custody
 * address to the protocol's bridge contract on the source chain (locked
 * there), the transfer is stored `pending` with the source transaction's
 * hash, `bridge.initiated` is appended, and the lifecycle workflow starts
 * with its first step ('lock', this one) already done, so a failure later
 * compensates it: the refund.
 */
@injectable()
export class BridgeTransfers {
  constructor(
    @inject(Ledger) private readonly ledger: Ledger,
    @inject(OnChainHoldings) private readonly holdings: OnChainHoldings,
    @inject(AssetCatalog) private readonly assets: AssetCatalog,
    @inject(BridgeTransferRepository) private readonly transfers: BridgeTransferRepository,
    @inject(BridgeFaultRepository) private readonly faults: BridgeFaultRepository,
    @inject(WorkflowEngine) private readonly workflows: WorkflowEngine,
    @inject(Clock) private readonly clock: Clock,
    @inject(Ids) private readonly ids: Ids,
    @inject(CrosschainConfig) private readonly config: CrosschainConfig,
  ) {}

  /** The ledger code of the token on a chain (`USDC`, `USDC@base`). */
  code(chain: string, token: string): string {
    return this.holdings.resolve(this.assets.require(token, '/token'), chain, '/chain').code;
  }

  /**
   * `run`, when given, is the workflow run that carries the transfer instead
   * of its own lifecycle run: a larger workflow whose first steps are the
   * lifecycle's (a cross-chain swap), with its own id and extra state.
   */
  async initiate(tx: Tx, order: BridgeOrder, run?: BridgeCarrierRun): Promise<BridgeTransferRecord> {
    const { route } = order;
    const id = this.ids.uuid();
    const now = this.clock.now();
    const sourceCode = this.code(route.source.name, route.token);
    const destinationCode = this.code(route.destination.name, route.token);
    const posted = await this.ledger.post(tx, order.teamId, {
      kind: 'crosschain.bridge.lock',
      reference: id,
      legs: [
        { accountId: order.accountId, assetCode: sourceCode, amount: -order.inputAmount },
        { accountId: WORLD_ACCOUNT, assetCode: sourceCode, amount: order.inputAmount },
      ],
      counterparties: { [sourceCode]: bridgeAddress(route.source.chainId, order.protocol) },
    });
    const lock = posted.chainTransactions[0]!;
    const model = BRIDGE_MODELS.find((one) => one.id === order.protocol)!;
    const transfer: BridgeTransferRecord = {
      id,
      teamId: order.teamId,
      quoteId: order.quoteId,
      protocol: order.protocol,
      sourceChain: route.source.name,
      destinationChain: route.destination.name,
      token: route.token,
      sourceCode,
      destinationCode,
      accountId: order.accountId,
      senderAddress: lock.from,
      recipientAddress: order.recipientAddress,
      recipient: order.recipient ?? (order.recipientAddress === null ? { teamId: order.teamId, accountId: order.accountId } : null),
      inputAmount: order.inputAmount,
      feeAmount: order.feeAmount,
      receiveAmount: order.inputAmount - order.feeAmount,
      fault: await this.faults.take(tx, order.protocol),
      status: 'pending',
      sourceTxHash: lock.hash,
      destinationTxHash: null,
      refundTxHash: null,
      failureReason: null,
      schedule: bridgeSchedule(now, model.duration(route), this.config.time_scale),
      createdAt: now,
      updatedAt: now,
    };
    await this.transfers.insert(tx, transfer);
    await tx.append([bridgeEvent('bridge.initiated', transfer, route.tokenDecimals)]);
    const state: BridgeWorkflowState = { ...run?.state, transfer_id: id, team_id: order.teamId, ...scheduleState(transfer) };
    // The run takes the transfer's id (or the carrier's), so the transfer (or the swap) names its run.
    await this.workflows.start(tx, { id: run?.id ?? id, definition: run?.definition ?? BRIDGE_WORKFLOW, teamId: order.teamId, state, emitEvents: false, completedSteps: 1, runAt: transfer.schedule.sourceConfirmAt });
    return transfer;
  }

}

function scheduleState(transfer: BridgeTransferRecord): Pick<BridgeWorkflowState, 'source_confirm_at' | 'attest_at' | 'deliver_at'> {
  const { schedule } = transfer;
  return {
    source_confirm_at: schedule.sourceConfirmAt.toISOString(),
    attest_at: schedule.attestAt.toISOString(),
    deliver_at: (transfer.fault === 'timeout' ? schedule.timeoutAt : schedule.completeAt).toISOString(),
  };
}

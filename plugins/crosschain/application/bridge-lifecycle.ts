import { inject, injectable } from 'inversify';
import {
  AssetCatalog,
  Chain,
  ChainCatalog,
  ChainFaucet,
  Clock,
  Ledger,
  StepFailure,
  WORLD_ACCOUNT,
  type Tx,
  type WorkflowRunMeta,
} from '../../../kernel/public.js';
import { bridgeAddress } from '../domain/bridge-address.js';
import type { BridgeStatus, BridgeTransferRecord } from '../domain/bridge-transfer.js';
import { BridgeTransferRepository } from '../ports.js';
import { bridgeEvent } from './bridge-events.js';

export const BRIDGE_WORKFLOW = 'crosschain.bridge-transfer';

/** The workflow's state: which transfer, and when each step is due (ISO times, for the steps' notBefore). */
export interface BridgeWorkflowState {
  readonly transfer_id: string;
  readonly team_id: string;
  readonly source_confirm_at: string;
  readonly attest_at: string;
  /** complete_at, or timeout_at for a transfer whose relay never arrives (an injected timeout). */
  readonly deliver_at: string;
  [key: string]: unknown;
}

/**
 * The steps of a bridge transfer after its initiation (docs/crosschain.md,
 * "Lifecycle"), each in its own unit of work with the transfer's new status:
 * the source transaction is final (source_confirmed), the protocol attests
 * it (attested; an injected `fail` refuses here), the relay releases the
 * tokens on the destination (completed; an injected `timeout` never
 * arrives and gives up at the timeout). The refund is the compensation of
 * the lock: the tokens come back from the protocol's contract on the source.
 */
@injectable()
export class BridgeLifecycle {
  constructor(
    @inject(BridgeTransferRepository) private readonly transfers: BridgeTransferRepository,
    @inject(Ledger) private readonly ledger: Ledger,
    @inject(Chain) private readonly chain: Chain,
    @inject(ChainFaucet) private readonly faucet: ChainFaucet,
    @inject(ChainCatalog) private readonly catalog: ChainCatalog,
    @inject(AssetCatalog) private readonly assets: AssetCatalog,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async confirmSource(tx: Tx, state: BridgeWorkflowState): Promise<void> {
    const transfer = await this.#load(tx, state);
    if (transfer.fault === 'revert') throw new StepFailure('source_reverted', `The source transaction on ${transfer.sourceChain} was reverted before it was final (injected fault).`);
    await this.#save(tx, transfer, { status: 'source_confirmed' });
  }

  async attest(tx: Tx, state: BridgeWorkflowState): Promise<void> {
    const transfer = await this.#load(tx, state);
    if (transfer.fault === 'fail') throw new StepFailure('attestation_refused', `The ${transfer.protocol} attestation of the source transaction was refused (injected fault).`);
    await this.#save(tx, transfer, { status: 'attested' });
  }

  /** Mints (or unlocks) what arrives at the protocol's contract on the destination and pays it to the recipient. */
  async deliver(tx: Tx, state: BridgeWorkflowState): Promise<void> {
    const transfer = await this.#load(tx, state);
    if (transfer.fault === 'timeout') throw new StepFailure('relay_timeout', `The ${transfer.protocol} relay did not deliver on ${transfer.destinationChain} before the timeout (injected fault).`);
    const contract = bridgeAddress(this.catalog.find(transfer.destinationChain)!.chainId, transfer.protocol);
    await this.faucet.mint(tx, transfer.destinationChain, contract, transfer.token, transfer.receiveAmount);
    let hash: string;
    let recipientAddress = transfer.recipientAddress;
    if (transfer.recipient) {
      const posted = await this.ledger.post(tx, transfer.recipient.teamId, {
        kind: 'crosschain.bridge.release',
        reference: transfer.id,
        legs: [
          { accountId: WORLD_ACCOUNT, assetCode: transfer.destinationCode, amount: -transfer.receiveAmount },
          { accountId: transfer.recipient.accountId, assetCode: transfer.destinationCode, amount: transfer.receiveAmount },
        ],
        counterparties: { [transfer.destinationCode]: contract },
      });
      const release = posted.chainTransactions[0]!;
      hash = release.hash;
      recipientAddress ??= release.to;
    } else {
      // An external recipient: the tokens leave custody, as a withdrawal does; no ledger credit.
      hash = (await this.chain.transfer(tx, { chain: transfer.destinationChain, from: contract, to: transfer.recipientAddress!, assetCode: transfer.token, amount: transfer.receiveAmount })).hash;
    }
    const completed = await this.#save(tx, transfer, { status: 'completed', destinationTxHash: hash, recipientAddress });
    await tx.append([bridgeEvent('bridge.completed', completed, this.#decimals(completed))]);
  }

  /** The compensation of the lock: the source holding is credited back from the protocol's contract on the source chain. */
  async refund(tx: Tx, state: BridgeWorkflowState, meta: WorkflowRunMeta): Promise<void> {
    const transfer = await this.#load(tx, state);
    if (transfer.status === 'failed' || transfer.status === 'completed') return;
    const contract = bridgeAddress(this.catalog.find(transfer.sourceChain)!.chainId, transfer.protocol);
    const posted = await this.ledger.post(tx, transfer.teamId, {
      kind: 'crosschain.bridge.refund',
      reference: transfer.id,
      legs: [
        { accountId: WORLD_ACCOUNT, assetCode: transfer.sourceCode, amount: -transfer.inputAmount },
        { accountId: transfer.accountId, assetCode: transfer.sourceCode, amount: transfer.inputAmount },
      ],
      counterparties: { [transfer.sourceCode]: contract },
    });
    const failed = await this.#save(tx, transfer, { status: 'failed', refundTxHash: posted.chainTransactions[0]?.hash ?? null, failureReason: meta.error ?? 'failed' });
    await tx.append([bridgeEvent('bridge.failed', failed, this.#decimals(failed))]);
  }

  async #load(tx: Tx, state: BridgeWorkflowState): Promise<BridgeTransferRecord> {
    const transfer = await this.transfers.lock(tx, state.team_id, state.transfer_id);
    if (!transfer) throw new StepFailure('unknown_transfer', `Bridge transfer ${state.transfer_id} is not stored.`);
    return transfer;
  }

  async #save(tx: Tx, transfer: BridgeTransferRecord, change: Partial<BridgeTransferRecord> & { status: BridgeStatus }): Promise<BridgeTransferRecord> {
    const next: BridgeTransferRecord = { ...transfer, ...change, updatedAt: this.clock.now() };
    await this.transfers.update(tx, next);
    return next;
  }

  #decimals(transfer: BridgeTransferRecord): number {
    return this.assets.require(transfer.token, '/token').precision;
  }
}

import { inject, injectable } from 'inversify';
import {
  AssetCatalog,
  ChainCatalog,
  formatMinor,
  ValidationError,
  type CrossChainBridges,
  type CrossChainQuote,
  type CrossChainRoute,
  type CrossChainTransfer,
  type Tx,
} from '../../../kernel/public.js';
import { isBridgeProtocol, type BridgeRoute } from '../domain/bridge-model.js';
import type { BridgeTransferRecord } from '../domain/bridge-transfer.js';
import { BridgeTransferRepository } from '../ports.js';
import { BridgeComparison, isAvailable } from './bridge-comparison.js';
import { BridgeTransfers } from './bridge-transfers.js';

/**
 * The CrossChainBridges port for other modules (treasury rebalancing): the
 * same comparison and the same transfers as POST /crosschain/bridge, from
 * an account's holding to its own holding on another chain.
 */
@injectable()
export class CrosschainBridgesService implements CrossChainBridges {
  constructor(
    @inject(BridgeComparison) private readonly comparison: BridgeComparison,
    @inject(BridgeTransfers) private readonly bridge: BridgeTransfers,
    @inject(BridgeTransferRepository) private readonly transfers: BridgeTransferRepository,
    @inject(ChainCatalog) private readonly catalog: ChainCatalog,
    @inject(AssetCatalog) private readonly assets: AssetCatalog,
  ) {}

  async quote(route: CrossChainRoute, amount: bigint): Promise<CrossChainQuote[]> {
    const resolved = this.#route(route);
    if (!resolved) return [];
    const options = await this.comparison.options(resolved, amount);
    return options
      .filter((option) => option.estimate !== undefined)
      .map((option) => ({ protocol: option.protocol, feeAmount: option.estimate!.feeAmount, receiveAmount: option.estimate!.receiveAmount, durationSeconds: option.estimate!.durationSeconds }))
      .sort((a, b) => (a.feeAmount < b.feeAmount ? -1 : a.feeAmount > b.feeAmount ? 1 : a.durationSeconds - b.durationSeconds));
  }

  async initiate(tx: Tx, request: Parameters<CrossChainBridges['initiate']>[1]): Promise<CrossChainTransfer> {
    const route = this.#route(request.route);
    if (!route || !isBridgeProtocol(request.protocol)) throw ValidationError.field('/protocol', `No bridge carries ${request.route.token} from ${request.route.sourceChain} to ${request.route.destinationChain} over ${request.protocol}.`, 'unsupported_route');
    const option = (await this.comparison.options(route, request.amount)).find((one) => one.protocol === request.protocol)!;
    if (!option.support.ok) throw ValidationError.field('/protocol', option.support.detail, 'unsupported_route');
    if (!isAvailable(option)) throw ValidationError.field('/amount', `The amount does not cover ${option.protocol}'s fee of ${formatMinor(option.estimate!.feeAmount, route.tokenDecimals)} ${route.token}.`, 'amount_below_fee');
    const transfer = await this.bridge.initiate(tx, {
      teamId: request.teamId,
      accountId: request.accountId,
      quoteId: null,
      protocol: option.protocol,
      route,
      inputAmount: request.amount,
      feeAmount: option.estimate.feeAmount,
      recipientAddress: null,
      recipient: null,
    });
    return portView(transfer);
  }

  async status(tx: Tx, teamId: string, transferId: string): Promise<CrossChainTransfer | undefined> {
    const transfer = await this.transfers.find(tx, teamId, transferId);
    return transfer && portView(transfer);
  }

  /** The route of known chains with the token on both; undefined otherwise (nothing carries it). */
  #route(route: CrossChainRoute): BridgeRoute | undefined {
    const source = this.catalog.find(route.sourceChain);
    const destination = this.catalog.find(route.destinationChain);
    const asset = this.assets.find(route.token);
    if (!source || !destination || !asset || source.name === destination.name) return undefined;
    const onBoth = [source, destination].every((chain) => this.catalog.tokens(chain.name).some((one) => one.assetCode === route.token));
    return onBoth ? { source, destination, token: route.token, tokenDecimals: asset.precision } : undefined;
  }
}

function portView(transfer: BridgeTransferRecord): CrossChainTransfer {
  return {
    id: transfer.id,
    protocol: transfer.protocol,
    sourceChain: transfer.sourceChain,
    destinationChain: transfer.destinationChain,
    token: transfer.token,
    amount: transfer.inputAmount,
    feeAmount: transfer.feeAmount,
    receiveAmount: transfer.receiveAmount,
    status: transfer.status,
    final: transfer.status === 'completed' || transfer.status === 'failed',
    failureReason: transfer.failureReason,
  };
}

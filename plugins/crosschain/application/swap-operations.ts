import { inject, injectable } from 'inversify';
import { AssetCatalog, ChainCatalog, chooseAccount, Ledger, NotFoundError, UnitOfWork, ValidationError, type Operation, type RequestContext } from '../../../kernel/public.js';
import type { CrossChainSwapInput, CrossChainSwapParams, CrossChainSwapView } from '../operations.js';
import { BridgeTransferRepository, CrossChainSwapRepository } from '../ports.js';
import { BridgeComparison, chooseCarrier } from './bridge-comparison.js';
import { CrossChainSwaps } from './cross-chain-swaps.js';
import { preferredProtocol, validateTransfer, type RoutePointers } from './route-input.js';

const at: RoutePointers & { protocol: string } = { source: '/source_chain', destination: '/destination_chain', token: '/from_token', amount: '/amount', protocol: '/protocol' };
/** Without slippage_bps: 0.5 %, as the DeFi swap. */
const DEFAULT_SLIPPAGE_BPS = 50;

/**
 * POST /crosschain/swap: bridge from_token to the account's own holding on
 * the destination, then swap what arrives for to_token there, as one
 * workflow run. Every refusal (route, tokens, amount, fee, no pool for the
 * swap, funds) is a 4xx before anything moves.
 */
@injectable()
export class CrossChainSwapOperation implements Operation<CrossChainSwapInput, CrossChainSwapView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(BridgeComparison) private readonly comparison: BridgeComparison,
    @inject(CrossChainSwaps) private readonly swaps: CrossChainSwaps,
    @inject(Ledger) private readonly ledger: Ledger,
    @inject(ChainCatalog) private readonly catalog: ChainCatalog,
    @inject(AssetCatalog) private readonly assets: AssetCatalog,
  ) {}

  async execute(input: CrossChainSwapInput, ctx: RequestContext): Promise<CrossChainSwapView> {
    const teamId = ctx.actor.teamId;
    const { route, amount } = validateTransfer(this.catalog, this.assets, { source: input.source_chain, destination: input.destination_chain, token: input.from_token, amount: input.amount }, at);
    const toToken = this.catalog.requireToken(route.destination.name, input.to_token, '/to_token').assetCode;
    if (toToken === route.token) throw ValidationError.field('/to_token', `to_token must differ from from_token (${route.token}); to move a token between chains, POST /crosschain/bridge.`, 'same_token');
    if (!this.swaps.available) throw ValidationError.field('/to_token', 'Swaps on the destination need the defi module, which is not enabled on this service.', 'swaps_unavailable');
    const preferred = preferredProtocol(input.protocol, at.protocol);
    const chosen = chooseCarrier(await this.comparison.options(route, amount), route, preferred, at);
    const slippageBps = input.slippage_bps ?? DEFAULT_SLIPPAGE_BPS;
    const { swap, transfer } = await this.uow.run(async (tx) => {
      const accountId = await chooseAccount(tx, this.ledger, teamId, input.account_id, '/account_id');
      const bridged = chosen.estimate.receiveAmount;
      const expectedOutput = await this.swaps.estimate(tx, teamId, route.destination.name, route.token, toToken, bridged);
      if (expectedOutput === undefined) throw ValidationError.field('/to_token', `No pool on ${route.destination.name} swaps ${route.token} for ${toToken}.`, 'no_swap_route');
      return this.swaps.start(tx, { teamId, accountId, protocol: chosen.protocol, route, amount, bridgeFee: chosen.estimate.feeAmount, toToken, slippageBps, expectedOutput });
    });
    return this.swaps.view(swap, transfer);
  }
}

/** GET /crosschain/swap/{id}: a cross-chain swap of the team as it stands (404 for another team's). */
@injectable()
export class ReadCrossChainSwapOperation implements Operation<CrossChainSwapParams, CrossChainSwapView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(CrossChainSwapRepository) private readonly repository: CrossChainSwapRepository,
    @inject(BridgeTransferRepository) private readonly transfers: BridgeTransferRepository,
    @inject(CrossChainSwaps) private readonly swaps: CrossChainSwaps,
  ) {}

  execute(input: CrossChainSwapParams, ctx: RequestContext): Promise<CrossChainSwapView> {
    return this.uow.readOnly(async (tx) => {
      const swap = await this.repository.find(tx, ctx.actor.teamId, input.id);
      if (!swap) throw new NotFoundError('Cross-chain swap', input.id);
      return this.swaps.view(swap, (await this.transfers.find(tx, swap.teamId, swap.bridgeTransferId))!);
    });
  }
}

import { inject, injectable } from 'inversify';
import { AssetCatalog, ChainCatalog, Clock, formatMinor, Ids, UnitOfWork, ValidationError, type Operation, type RequestContext } from '../../../kernel/public.js';
import { CrosschainConfig } from '../config.js';
import type { BridgeQuoteRecord } from '../domain/bridge-quote.js';
import type { BridgeQuoteInput, BridgeQuoteView } from '../operations.js';
import { BridgeQuoteRepository } from '../ports.js';
import { BridgeComparison, isAvailable, type ProtocolOption } from './bridge-comparison.js';
import { preferredProtocol, validateTransfer, type RoutePointers } from './route-input.js';
import { bridgeQuoteView } from './views.js';

const at: RoutePointers = { source: '/source_chain', destination: '/destination_chain', token: '/token', amount: '/amount' };

/**
 * POST {api_root}/v1/crosschain/bridge/quote: the preferred protocol's (or
 * else the best) fee and time for the transfer, with the other protocols
 * that carry it as alternatives; stored for the team until it expires.
 */
@injectable()
export class QuoteBridgeOperation implements Operation<BridgeQuoteInput, BridgeQuoteView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(BridgeComparison) private readonly comparison: BridgeComparison,
    @inject(BridgeQuoteRepository) private readonly quotes: BridgeQuoteRepository,
    @inject(ChainCatalog) private readonly catalog: ChainCatalog,
    @inject(AssetCatalog) private readonly assets: AssetCatalog,
    @inject(Clock) private readonly clock: Clock,
    @inject(Ids) private readonly ids: Ids,
    @inject(CrosschainConfig) private readonly config: CrosschainConfig,
  ) {}

  async execute(input: BridgeQuoteInput, ctx: RequestContext): Promise<BridgeQuoteView> {
    const { route, amount } = validateTransfer(this.catalog, this.assets, { source: input.source_chain, destination: input.destination_chain, token: input.token, amount: input.amount }, at);
    const preferred = preferredProtocol(input.preferred_bridge, '/preferred_bridge');
    const options = await this.comparison.options(route, amount);
    const carriers = options.filter((option) => option.estimate);
    if (carriers.length === 0) {
      const reasons = options.map((option) => (option.support.ok ? '' : option.support.detail)).join(' ');
      // A testnet end is the chain's fault, anything else the token's.
      const pointer = route.source.testnet ? at.source : route.destination.testnet ? at.destination : at.token;
      throw ValidationError.field(pointer, `No bridge protocol carries ${route.token} from ${route.source.name} to ${route.destination.name}: ${reasons}`, 'no_bridge_route');
    }
    const chosen = preferred ? options.find((option) => option.protocol === preferred)! : carriers[0]!;
    if (!chosen.support.ok) {
      throw ValidationError.field('/preferred_bridge', `${chosen.support.detail} Protocols that carry this route: ${carriers.map((one) => one.protocol).join(', ')}.`, 'unsupported_route');
    }
    if (!isAvailable(chosen)) {
      const fee = formatMinor(chosen.estimate!.feeAmount, route.tokenDecimals);
      const whose = preferred ? `${chosen.protocol}'s fee` : `the lowest fee, ${chosen.protocol}'s`;
      throw ValidationError.field(at.amount, `The amount does not cover ${whose} of ${fee} ${route.token} for this route.`, 'amount_below_fee');
    }
    const now = this.clock.now();
    const record: BridgeQuoteRecord = {
      id: this.ids.uuid(),
      teamId: ctx.actor.teamId,
      protocol: chosen.protocol,
      sourceChain: route.source.name,
      destinationChain: route.destination.name,
      token: route.token,
      inputAmount: amount,
      feeAmount: chosen.estimate.feeAmount,
      receiveAmount: chosen.estimate.receiveAmount,
      feeUsdMicros: chosen.estimate.feeUsdMicros,
      durationSeconds: chosen.estimate.durationSeconds,
      destinationGasPriceWei: chosen.estimate.destinationGasPriceWei,
      alternatives: options
        .filter((option): option is ProtocolOption & { estimate: NonNullable<ProtocolOption['estimate']> } => option !== chosen && isAvailable(option))
        .map(({ protocol, estimate }) => ({ protocol, receiveAmount: estimate.receiveAmount, feeAmount: estimate.feeAmount, durationSeconds: estimate.durationSeconds })),
      expiresAt: new Date(now.getTime() + this.config.quote_ttl_seconds * 1000),
      createdAt: now,
    };
    await this.uow.run((tx) => this.quotes.insert(tx, record));
    return bridgeQuoteView(record, route.tokenDecimals);
  }
}

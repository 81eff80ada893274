import type { Chain, PriceFeed } from '../../../../kernel/public.js';
import type { BridgeEstimate, BridgeModel, BridgeRoute, RouteSupport } from '../../domain/bridge-model.js';
import { estimateWith, supportOf } from '../../domain/estimate.js';
import { BRIDGE_MODELS } from '../../domain/models.js';
import type { BridgeProtocol } from '../../ports.js';

/**
 * A protocol over the simulated chains: its model fed with the destination
 * chain's gas price now (Chain.head) and the USD prices of the destination's
 * native coin and of the token (PriceFeed).
 */
export class SimulatedBridge implements BridgeProtocol {
  constructor(
    private readonly model: BridgeModel,
    private readonly chain: Chain,
    private readonly feed: PriceFeed,
  ) {}

  get id() {
    return this.model.id;
  }

  support(route: BridgeRoute): RouteSupport {
    return supportOf(this.model, route);
  }

  async estimate(route: BridgeRoute, amount: bigint): Promise<BridgeEstimate> {
    const head = await this.chain.head(route.destination.name);
    const market = {
      destinationGasPriceWei: head.gasPriceWei,
      destinationNativeUsd: (await this.feed.usdPrice(route.destination.nativeAsset)).usd,
      tokenUsd: (await this.feed.usdPrice(route.token)).usd,
    };
    return estimateWith(this.model, route, market, amount);
  }
}

/** wormhole, layerzero and axelar on the simulated chains. */
export function simulatedBridges(chain: Chain, feed: PriceFeed): readonly BridgeProtocol[] {
  return BRIDGE_MODELS.map((model) => new SimulatedBridge(model, chain, feed));
}

import type { BridgeEstimate, BridgeMarket, BridgeModel, BridgeRoute, RouteSupport } from './bridge-model.js';
import { usdMicrosInToken } from './usd.js';

/**
 * Whether a model carries a route. Bridges join chains of one network:
 * a testnet (base-sepolia) has no mainnet counterpart to bridge to, and
 * no protocol here is deployed between testnets of the catalogue.
 */
export function supportOf(model: BridgeModel, route: BridgeRoute): RouteSupport {
  const { source, destination, token } = route;
  if (source.testnet || destination.testnet) {
    return { ok: false, reason: 'testnet', detail: `${model.id} does not bridge to or from a testnet (${source.testnet ? source.name : destination.name}).` };
  }
  for (const chain of [source, destination]) {
    if (!model.chains.includes(chain.name)) return { ok: false, reason: 'chain', detail: `${model.id} is not deployed on ${chain.name}.` };
  }
  for (const chain of [source, destination]) {
    if (!model.tokensOn(chain.name).includes(token)) return { ok: false, reason: 'token', detail: `${model.id} does not carry ${token} on ${chain.name}.` };
  }
  return { ok: true };
}

/** The model's fee and time for `amount` base units of the token: the fee in USD converted to the token, rounded up. */
export function estimateWith(model: BridgeModel, route: BridgeRoute, market: BridgeMarket, amount: bigint): BridgeEstimate {
  const feeLines = model.fees(route, market);
  const feeUsdMicros = feeLines.reduce((sum, line) => sum + line.usdMicros, 0n);
  const feeAmount = usdMicrosInToken(feeUsdMicros, route.tokenDecimals, market.tokenUsd);
  const durationLines = model.duration(route);
  return {
    protocol: model.id,
    feeLines,
    feeUsdMicros,
    feeAmount,
    receiveAmount: amount - feeAmount,
    durationLines,
    durationSeconds: durationLines.reduce((sum, line) => sum + line.seconds, 0),
    destinationGasPriceWei: market.destinationGasPriceWei,
  };
}

/** Most received first; ties by shorter duration, then by protocol id, so the order is total. */
export function byNetReceived(a: BridgeEstimate, b: BridgeEstimate): number {
  if (a.receiveAmount !== b.receiveAmount) return a.receiveAmount > b.receiveAmount ? -1 : 1;
  if (a.durationSeconds !== b.durationSeconds) return a.durationSeconds - b.durationSeconds;
  return a.protocol.localeCompare(b.protocol);
}

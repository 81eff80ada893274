import { inject, injectable } from 'inversify';
import { formatMinor, ValidationError } from '../../../kernel/public.js';
import type { BridgeEstimate, BridgeProtocolId, BridgeRoute, RouteSupport } from '../domain/bridge-model.js';
import { byNetReceived } from '../domain/estimate.js';
import { BridgeProtocols, type BridgeProtocol } from '../ports.js';
import type { RoutePointers } from './route-input.js';

/** One protocol's answer for a transfer: whether it carries the route, and if so its estimate. */
export interface ProtocolOption {
  readonly protocol: BridgeProtocolId;
  readonly support: RouteSupport;
  /** Present when the route is supported. */
  readonly estimate?: BridgeEstimate;
}

/** Whether an option can carry the transfer: supported, and what arrives is more than nothing. */
export function isAvailable(option: ProtocolOption): option is ProtocolOption & { estimate: BridgeEstimate } {
  return option.estimate !== undefined && option.estimate.receiveAmount > 0n;
}

/**
 * Every protocol's answer for one transfer, ranked: available ones by net
 * received (most first, then faster), then supported ones whose fee the
 * amount does not cover, then unsupported ones in the spec's order.
 */
@injectable()
export class BridgeComparison {
  constructor(@inject(BridgeProtocols) private readonly protocols: readonly BridgeProtocol[]) {}

  async options(route: BridgeRoute, amount: bigint): Promise<ProtocolOption[]> {
    const options: ProtocolOption[] = [];
    for (const protocol of this.protocols) {
      const support = protocol.support(route);
      options.push(support.ok ? { protocol: protocol.id, support, estimate: await protocol.estimate(route, amount) } : { protocol: protocol.id, support });
    }
    const rank = (option: ProtocolOption) => (isAvailable(option) ? 0 : option.estimate ? 1 : 2);
    return options
      .map((option, order) => ({ option, order }))
      .sort((a, b) => rank(a.option) - rank(b.option) || (a.option.estimate && b.option.estimate ? byNetReceived(a.option.estimate, b.option.estimate) : a.order - b.order))
      .map(({ option }) => option);
  }
}

/**
 * The protocol a transfer goes on (POST /crosschain/bridge, /crosschain/swap):
 * the preferred one, or the one that delivers the most; a 422 when none
 * carries the route (`no_bridge_route`), the preferred one does not
 * (`unsupported_route`, naming those that do) or the amount does not cover
 * its fee (`amount_below_fee`).
 */
export function chooseCarrier(
  options: readonly ProtocolOption[],
  route: BridgeRoute,
  preferred: BridgeProtocolId | undefined,
  at: RoutePointers & { readonly protocol: string },
): ProtocolOption & { estimate: BridgeEstimate } {
  const carriers = options.filter((option) => option.support.ok);
  if (carriers.length === 0) throw ValidationError.field(route.source.testnet ? at.source : route.destination.testnet ? at.destination : at.token, `No bridge protocol carries ${route.token} from ${route.source.name} to ${route.destination.name}.`, 'no_bridge_route');
  const chosen = preferred ? options.find((option) => option.protocol === preferred)! : carriers[0]!;
  if (!chosen.support.ok) throw ValidationError.field(at.protocol, `${chosen.support.detail} Protocols that carry this route: ${carriers.map((one) => one.protocol).join(', ')}.`, 'unsupported_route');
  if (!isAvailable(chosen)) throw ValidationError.field(at.amount, `The amount does not cover ${chosen.protocol}'s fee of ${formatMinor(chosen.estimate!.feeAmount, route.tokenDecimals)} ${route.token}.`, 'amount_below_fee');
  return chosen;
}

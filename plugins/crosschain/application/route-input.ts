import { parseAmountField, ValidationError, type AssetCatalog, type ChainCatalog } from '../../../kernel/public.js';
import { BRIDGE_PROTOCOLS, isBridgeProtocol, type BridgeProtocolId, type BridgeRoute } from '../domain/bridge-model.js';

/** Where each field of a bridge request is, in the route's own names. */
export interface RoutePointers {
  readonly source: string;
  readonly destination: string;
  readonly token: string;
  readonly amount: string;
}

export interface ValidatedTransfer {
  readonly route: BridgeRoute;
  readonly amount: bigint;
}

/**
 * Checks chains, token and amount, each refusal a 422 at its field (so
 * nothing is stored for bad input): both chains known (name or CAIP-2 id)
 * and different, the token deployed on both, the amount positive, at the
 * token's decimals and within the decimal limit.
 */
export function validateTransfer(
  catalog: ChainCatalog,
  assets: AssetCatalog,
  input: { source: string; destination: string; token: string; amount: string },
  at: RoutePointers,
): ValidatedTransfer {
  const source = catalog.require(input.source, at.source);
  const destination = catalog.require(input.destination, at.destination);
  if (source.name === destination.name) throw ValidationError.field(at.destination, `The destination must be another chain than the source (${source.name}).`, 'same_chain');
  const token = catalog.requireToken(source.name, input.token, at.token);
  catalog.requireToken(destination.name, input.token, at.token);
  const amount = parseAmountField(input.amount, assets.require(token.assetCode, at.token), at.amount);
  return { route: { source, destination, token: token.assetCode, tokenDecimals: token.decimals }, amount };
}

/** The preferred protocol, a 422 naming the three when unknown; undefined when left out. */
export function preferredProtocol(value: string | undefined, pointer: string): BridgeProtocolId | undefined {
  if (value === undefined) return undefined;
  if (!isBridgeProtocol(value)) throw ValidationError.field(pointer, `Unknown bridge protocol; one of ${BRIDGE_PROTOCOLS.join(', ')}.`, 'unknown_bridge');
  return value;
}


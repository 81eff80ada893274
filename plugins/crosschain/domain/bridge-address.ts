import { labelledAddress } from '../../../kernel/public.js';
import type { BridgeProtocolId } from './bridge-model.js';

/**
 * A bridge protocol's contract on a chain (Wormhole's Token Bridge,
 * LayerZero's OFT adapter, Axelar's gateway): derived from the protocol and
 * the chain id (keccak-256, EIP-55), stable across restarts, never a real
 * contract's, and nobody holds its key. Initiation locks tokens here on the
 * source chain; completion mints or unlocks them from here on the destination.
 */
export function bridgeAddress(chainId: number, protocol: BridgeProtocolId): string {
  return labelledAddress(`open-bank-crosschain:${chainId}:bridge:${protocol}`);
}

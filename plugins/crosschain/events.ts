import { eventType } from '../../kernel/public.js';
import { BridgeTransferView, CrossChainSwapView } from './operations.js';

/** Every change of a bridge transfer's outcome commits with one of these; the payload is the transfer as GET answers it. */
const bridge = { version: 1, group: 'Cross-chain', payload: BridgeTransferView, webhook: true } as const;

export const crosschainEvents = [
  eventType({ ...bridge, name: 'bridge.initiated', description: 'A bridge transfer started: the source holding was debited and the tokens locked in the protocol\'s contract on the source chain (status pending).', emittedBy: 'POST /v1/crosschain/bridge/initiate, POST /crosschain/bridge' }),
  eventType({ ...bridge, name: 'bridge.completed', description: 'The tokens were released on the destination (minted or unlocked from the protocol\'s contract) and the recipient credited: destination_tx_hash is known.', emittedBy: 'workflow crosschain.bridge-transfer' }),
  eventType({ ...bridge, name: 'bridge.failed', description: 'A bridge transfer failed (attestation refused, relay timed out, delivery impossible) and the source holding was refunded from the protocol\'s contract.', emittedBy: 'workflow crosschain.bridge-transfer' }),
  eventType({
    version: 1,
    group: 'Cross-chain',
    webhook: true,
    name: 'swap.completed',
    payload: CrossChainSwapView,
    description: 'A cross-chain swap completed: the bridged tokens arrived and were swapped on the destination chain; amount_out of to_token was credited. (A swap whose destination pools paid under the minimum is not completed: its status is bridged_not_swapped, after bridge.completed.)',
    emittedBy: 'workflow crosschain.cross-chain-swap (POST /crosschain/swap)',
  }),
];

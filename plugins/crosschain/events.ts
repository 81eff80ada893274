import { eventType } from '../../kernel/public.js';
import { BridgeTransferView } from './operations.js';

/** Every change of a bridge transfer's outcome commits with one of these; the payload is the transfer as GET answers it. */
const bridge = { version: 1, group: 'Cross-chain', payload: BridgeTransferView, webhook: true } as const;

export const crosschainEvents = [
  eventType({ ...bridge, name: 'bridge.initiated', description: 'A bridge transfer started: the source holding was debited and the tokens locked in the protocol\'s contract on the source chain (status pending).', emittedBy: 'POST /v1/crosschain/bridge/initiate, POST /crosschain/bridge' }),
  eventType({ ...bridge, name: 'bridge.completed', description: 'The tokens were released on the destination (minted or unlocked from the protocol\'s contract) and the recipient credited: destination_tx_hash is known.', emittedBy: 'workflow crosschain.bridge-transfer' }),
  eventType({ ...bridge, name: 'bridge.failed', description: 'A bridge transfer failed (attestation refused, relay timed out, delivery impossible) and the source holding was refunded from the protocol\'s contract.', emittedBy: 'workflow crosschain.bridge-transfer' }),
];

import type { NewEvent } from '../../../kernel/public.js';
import type { BridgeTransferRecord } from '../domain/bridge-transfer.js';
import { bridgeTransferView } from './views.js';

export type BridgeEventType = 'bridge.initiated' | 'bridge.completed' | 'bridge.failed';

/** A bridge event for the sending team, its payload the transfer's view. */
export function bridgeEvent(type: BridgeEventType, transfer: BridgeTransferRecord, decimals: number): NewEvent {
  return { type, teamId: transfer.teamId, aggregateType: 'bridge_transfer', aggregateId: transfer.id, payload: bridgeTransferView(transfer, decimals) };
}

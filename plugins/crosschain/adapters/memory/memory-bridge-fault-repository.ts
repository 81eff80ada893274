import { injectable } from 'inversify';
import type { Tx } from '../../../../kernel/public.js';
import { deleteUndoable, putUndoable } from '../../../../kit/memory.js';
import type { BridgeProtocolId } from '../../domain/bridge-model.js';
import type { BridgeFault } from '../../domain/bridge-transfer.js';
import type { BridgeFaultRepository } from '../../ports.js';

interface Armed {
  readonly fault: BridgeFault;
  readonly remaining: number;
}

/** Armed faults in a Map by protocol (listed by name); writes are undone on rollback. */
@injectable()
export class MemoryBridgeFaultRepository implements BridgeFaultRepository {
  readonly #armed = new Map<BridgeProtocolId, Armed>();

  async arm(tx: Tx, protocol: BridgeProtocolId, fault: BridgeFault, count: number): Promise<void> {
    if (count <= 0) deleteUndoable(tx, this.#armed, protocol);
    else putUndoable(tx, this.#armed, protocol, { fault, remaining: count });
  }

  async take(tx: Tx, protocol: BridgeProtocolId): Promise<BridgeFault | null> {
    const armed = this.#armed.get(protocol);
    if (!armed) return null;
    await this.arm(tx, protocol, armed.fault, armed.remaining - 1);
    return armed.fault;
  }

  async list(): Promise<Array<{ protocol: BridgeProtocolId; fault: BridgeFault; remaining: number }>> {
    return [...this.#armed.entries()].map(([protocol, armed]) => ({ protocol, ...armed })).sort((a, b) => a.protocol.localeCompare(b.protocol));
  }
}

import { injectable } from 'inversify';
import type { Tx } from '../../../../kernel/public.js';
import { putUndoable } from '../../../../kit/memory.js';
import type { BridgeQuoteRecord } from '../../domain/bridge-quote.js';
import type { BridgeQuoteRepository } from '../../ports.js';

/** Quotes in a Map by id; every write is undone if its unit of work rolls back. */
@injectable()
export class MemoryBridgeQuoteRepository implements BridgeQuoteRepository {
  readonly #quotes = new Map<string, BridgeQuoteRecord>();

  async insert(tx: Tx, quote: BridgeQuoteRecord): Promise<void> {
    putUndoable(tx, this.#quotes, quote.id, quote);
  }

  async find(_tx: Tx, teamId: string, id: string): Promise<BridgeQuoteRecord | undefined> {
    const quote = this.#quotes.get(id);
    return quote?.teamId === teamId ? quote : undefined;
  }
}

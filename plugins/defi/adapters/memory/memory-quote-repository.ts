import { injectable } from 'inversify';
import type { Tx } from '../../../../kernel/public.js';
import { putUndoable } from '../../../../kit/memory.js';
import type { SwapQuoteRecord } from '../../domain/swap-quote.js';
import type { QuoteRepository } from '../../ports.js';

/** Quotes in a Map by id; every write is undone if its unit of work rolls back. */
@injectable()
export class MemoryQuoteRepository implements QuoteRepository {
  readonly #quotes = new Map<string, SwapQuoteRecord>();
  readonly #executed = new Map<string, Date>();

  async insert(tx: Tx, quote: SwapQuoteRecord): Promise<void> {
    putUndoable(tx, this.#quotes, quote.id, quote);
  }

  async find(_tx: Tx, teamId: string, id: string): Promise<SwapQuoteRecord | undefined> {
    const quote = this.#quotes.get(id);
    return quote?.teamId === teamId ? quote : undefined;
  }

  async markExecuted(tx: Tx, teamId: string, id: string, at: Date): Promise<boolean> {
    if (this.#quotes.get(id)?.teamId !== teamId || this.#executed.has(id)) return false;
    putUndoable(tx, this.#executed, id, at);
    return true;
  }
}

import { injectable } from 'inversify';
import { pageOffset, type PageRequest, type Slice, type Tx } from '../../../../kernel/public.js';
import { putUndoable } from '../../../../kit/memory.js';
import type { InvestmentRecord, RoundRecord } from '../../domain/round.js';
import type { CgoRepository } from '../../ports.js';

const slice = <T>(rows: T[], page: PageRequest): Slice<T> => {
  const start = pageOffset(page);
  return { items: rows.slice(start, start + page.perPage), total: rows.length };
};

/**
 * Rounds and investments in Maps (in insertion order); every write is undone
 * if its unit of work rolls back. The memory store runs one unit of work at
 * a time, so a lock needs nothing more than a read.
 */
@injectable()
export class MemoryCgoRepository implements CgoRepository {
  readonly #rounds = new Map<string, RoundRecord>();
  readonly #investments = new Map<string, InvestmentRecord>();

  async insertRound(tx: Tx, round: RoundRecord): Promise<void> {
    putUndoable(tx, this.#rounds, round.id, round);
  }

  async findRound(_tx: Tx, id: string): Promise<RoundRecord | undefined> {
    return this.#rounds.get(id);
  }

  lockRound(tx: Tx, id: string): Promise<RoundRecord | undefined> {
    return this.findRound(tx, id);
  }

  async listRounds(_tx: Tx, page: PageRequest): Promise<Slice<RoundRecord>> {
    return slice([...this.#rounds.values()].reverse(), page);
  }

  async dueRounds(_tx: Tx, now: Date, limit: number): Promise<string[]> {
    return [...this.#rounds.values()]
      .filter((round) => round.status === 'open' && round.closesAt.getTime() <= now.getTime())
      .sort((a, b) => a.closesAt.getTime() - b.closesAt.getTime())
      .slice(0, limit)
      .map((round) => round.id);
  }

  async updateRound(tx: Tx, round: RoundRecord): Promise<void> {
    putUndoable(tx, this.#rounds, round.id, round);
  }

  async insertInvestment(tx: Tx, investment: InvestmentRecord): Promise<void> {
    if (await this.investmentOf(tx, investment.teamId, investment.roundId)) throw new Error(`team ${investment.teamId} already invested in ${investment.roundId}`);
    putUndoable(tx, this.#investments, investment.id, investment);
  }

  async findInvestment(_tx: Tx, teamId: string, id: string): Promise<InvestmentRecord | undefined> {
    const investment = this.#investments.get(id);
    return investment?.teamId === teamId ? investment : undefined;
  }

  async investmentOf(_tx: Tx, teamId: string, roundId: string): Promise<InvestmentRecord | undefined> {
    return [...this.#investments.values()].find((investment) => investment.teamId === teamId && investment.roundId === roundId);
  }

  async listInvestments(_tx: Tx, teamId: string, page: PageRequest, roundId?: string): Promise<Slice<InvestmentRecord>> {
    const rows = [...this.#investments.values()].filter((investment) => investment.teamId === teamId && (roundId === undefined || investment.roundId === roundId));
    return slice(rows.reverse(), page);
  }

  async roundInvestments(_tx: Tx, roundId: string): Promise<InvestmentRecord[]> {
    return [...this.#investments.values()].filter((investment) => investment.roundId === roundId);
  }

  async updateInvestment(tx: Tx, investment: InvestmentRecord): Promise<void> {
    if (!this.#investments.has(investment.id)) throw new Error(`investment ${investment.id} not found`);
    putUndoable(tx, this.#investments, investment.id, investment);
  }
}

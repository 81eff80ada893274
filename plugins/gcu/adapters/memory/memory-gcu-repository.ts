import { injectable } from 'inversify';
import { appendUndoable, deleteUndoable, putUndoable } from '../../../../kit/memory.js';
import type { Tx } from '../../../../kernel/public.js';
import type { ProposalRecord } from '../../domain/proposal.js';
import type { BasketRecord, BasketVersion, GcuRepository, HoldingRow, PricePoint, ReserveRecord, VoteRecord } from '../../ports.js';

/**
 * The memory store's GCU tables. The store's mutex runs one unit of work at a
 * time, so writes apply directly and register an undo for rollback.
 * Records are immutable objects, so handing them out needs no copy.
 */
@injectable()
export class MemoryGcuRepository implements GcuRepository {
  readonly #baskets = new Map<string, BasketRecord>();
  readonly #versions: BasketVersion[] = [];
  readonly #prices = new Map<string, PricePoint>();
  readonly #proposals = new Map<string, ProposalRecord>();
  readonly #votes = new Map<string, VoteRecord>();
  readonly #reserves = new Map<string, ReserveRecord>();
  readonly #holdings = new Map<string, HoldingRow>();
  readonly #snapshots = new Map<string, bigint>();

  async findBasket(_tx: Tx, code: string) {
    return this.#baskets.get(code);
  }
  lockBasket(tx: Tx, code: string) {
    return this.findBasket(tx, code);
  }
  async listBaskets() {
    return [...this.#baskets.values()].sort((a, b) => a.code.localeCompare(b.code));
  }
  async saveBasket(tx: Tx, basket: BasketRecord) {
    putUndoable(tx, this.#baskets, basket.code, basket);
  }
  async insertBasket(tx: Tx, basket: BasketRecord) {
    if (this.#baskets.has(basket.code)) return false;
    putUndoable(tx, this.#baskets, basket.code, basket);
    return true;
  }
  async insertVersion(tx: Tx, version: BasketVersion) {
    appendUndoable(tx, this.#versions, [version]);
  }
  async listVersions(_tx: Tx, code: string) {
    return this.#versions.filter((v) => v.code === code).sort((a, b) => a.version - b.version);
  }

  async recordPrices(tx: Tx, points: readonly PricePoint[]) {
    for (const point of points) {
      const key = `${point.assetCode}|${point.at.getTime()}`;
      if (!this.#prices.has(key)) putUndoable(tx, this.#prices, key, point);
    }
  }
  async lastPriceAt() {
    let last: Date | undefined;
    for (const point of this.#prices.values()) if (!last || point.at > last) last = point.at;
    return last;
  }
  async priceNear(_tx: Tx, assetCode: string, at: Date) {
    let before: PricePoint | undefined;
    let first: PricePoint | undefined;
    for (const p of this.#prices.values()) {
      if (p.assetCode !== assetCode) continue;
      if (p.at <= at && (!before || p.at > before.at)) before = p;
      if (!first || p.at < first.at) first = p;
    }
    return before ?? first;
  }
  async prices(_tx: Tx, assets: readonly string[], from: Date | null, to: Date) {
    const wanted = new Set(assets);
    return [...this.#prices.values()]
      .filter((p) => wanted.has(p.assetCode) && (!from || p.at >= from) && p.at <= to)
      .sort((a, b) => a.at.getTime() - b.at.getTime() || a.assetCode.localeCompare(b.assetCode));
  }

  async insertProposal(tx: Tx, proposal: ProposalRecord) {
    if (this.#proposals.has(proposal.id)) throw new Error(`duplicate proposal ${proposal.id}`);
    putUndoable(tx, this.#proposals, proposal.id, proposal);
  }
  async saveProposal(tx: Tx, proposal: ProposalRecord) {
    putUndoable(tx, this.#proposals, proposal.id, proposal);
  }
  async findProposal(_tx: Tx, id: string) {
    return this.#proposals.get(id);
  }
  lockProposal(tx: Tx, id: string) {
    return this.findProposal(tx, id);
  }
  async listProposals(_tx: Tx, basketCode: string) {
    return [...this.#proposals.values()]
      .filter((p) => p.basketCode === basketCode)
      .sort((a, b) => b.startsAt.getTime() - a.startsAt.getTime() || b.createdAt.getTime() - a.createdAt.getTime() || a.id.localeCompare(b.id));
  }

  async findVote(_tx: Tx, proposalId: string, teamId: string) {
    return this.#votes.get(`${proposalId}|${teamId}`);
  }
  async saveVote(tx: Tx, vote: VoteRecord) {
    putUndoable(tx, this.#votes, `${vote.proposalId}|${vote.teamId}`, vote);
  }
  async listVotes(_tx: Tx, proposalId: string) {
    return [...this.#votes.values()].filter((v) => v.proposalId === proposalId).sort((a, b) => a.teamId.localeCompare(b.teamId));
  }
  async listTeamVotes(_tx: Tx, teamId: string) {
    return [...this.#votes.values()].filter((v) => v.teamId === teamId).sort((a, b) => b.castAt.getTime() - a.castAt.getTime() || a.proposalId.localeCompare(b.proposalId));
  }

  async lockReserve(tx: Tx, teamId: string, basketCode: string, version: number) {
    const key = `${teamId}|${basketCode}`;
    const found = this.#reserves.get(key);
    if (found) return found;
    const fresh: ReserveRecord = { teamId, basketCode, outstanding: 0n, version };
    putUndoable(tx, this.#reserves, key, fresh);
    return fresh;
  }
  async saveReserve(tx: Tx, reserve: ReserveRecord) {
    putUndoable(tx, this.#reserves, `${reserve.teamId}|${reserve.basketCode}`, reserve);
  }
  async totalOutstanding(_tx: Tx, basketCode: string) {
    let total = 0n;
    for (const r of this.#reserves.values()) if (r.basketCode === basketCode) total += r.outstanding;
    return total;
  }
  async staleReserves(_tx: Tx, basketCode: string, version: number) {
    return [...this.#reserves.values()].filter((r) => r.basketCode === basketCode && r.version < version);
  }

  async recordHoldings(tx: Tx, rows: readonly HoldingRow[]) {
    for (const row of rows) {
      const key = `${row.accountId}|${row.assetCode}|${row.position}`;
      if (!this.#holdings.has(key)) putUndoable(tx, this.#holdings, key, row);
    }
  }
  async holdingsByTeam(_tx: Tx, assetCode: string, asOf?: Date) {
    const latest = new Map<string, HoldingRow>();
    for (const row of this.#holdings.values()) {
      if (row.assetCode !== assetCode || (asOf && row.occurredAt > asOf)) continue;
      const newest = latest.get(row.accountId);
      if (!newest || newest.position < row.position) latest.set(row.accountId, row);
    }
    const totals = new Map<string, bigint>();
    for (const row of latest.values()) totals.set(row.teamId, (totals.get(row.teamId) ?? 0n) + row.balance);
    return new Map([...totals].filter(([, total]) => total > 0n).sort(([a], [b]) => a.localeCompare(b)));
  }
  async pruneHoldings(tx: Tx, assetCode: string, before: Date) {
    // Per account, the newest row at or before `before` is the oldest any later "as of" can still need.
    const keep = new Map<string, bigint>();
    for (const row of this.#holdings.values()) {
      if (row.assetCode !== assetCode || row.occurredAt > before) continue;
      const newest = keep.get(row.accountId);
      if (newest === undefined || newest < row.position) keep.set(row.accountId, row.position);
    }
    for (const [key, row] of [...this.#holdings]) {
      if (row.assetCode === assetCode && row.position < (keep.get(row.accountId) ?? -1n)) deleteUndoable(tx, this.#holdings, key);
    }
  }
  async insertSnapshot(tx: Tx, proposalId: string, powers: ReadonlyMap<string, bigint>) {
    for (const [teamId, power] of powers) putUndoable(tx, this.#snapshots, `${proposalId}|${teamId}`, power);
  }
  async snapshotPower(_tx: Tx, proposalId: string, teamId: string) {
    return this.#snapshots.get(`${proposalId}|${teamId}`) ?? 0n;
  }
}


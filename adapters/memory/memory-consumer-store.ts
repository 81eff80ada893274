import type { StoredEvent } from '../../kernel/contract/event.js';
import {
  type CheckpointUpdate,
  type ConsumerCheckpoint,
  type ConsumerEvent,
  type ConsumerStore,
  type EventCount,
  type ParkedEvent,
} from '../../ports/event-consumers.js';
import type { Tx } from '../../ports/unit-of-work.js';
import type { MemoryEventStore } from './memory-event-store.js';
import { memoryTx } from './memory-tx.js';
import type { MemoryUnitOfWork } from './memory-unit-of-work.js';
import { deleteUndoable, putUndoable } from './undoable.js';

/**
 * Consumer checkpoints in this process. Units of work are serialised and
 * positions have no gaps, so the cursor is `0:<position>`. A group held by
 * one claim is skipped by another (the in-process SKIP LOCKED).
 */
export class MemoryConsumerStore implements ConsumerStore {
  readonly #checkpoints = new Map<string, ConsumerCheckpoint>();
  /** `${group}\0${position}` → the parked event. */
  readonly #parked = new Map<string, ParkedEvent>();
  readonly #held = new Set<string>();

  constructor(
    private readonly unitOfWork: MemoryUnitOfWork,
    private readonly events: MemoryEventStore,
  ) {}

  readonly wakeMode = () => 'in-process' as const;

  async ensureGroup(group: string, at: Date): Promise<void> {
    if (this.#checkpoints.has(group)) return;
    this.#checkpoints.set(group, {
      group,
      cursor: '0:0',
      position: 0n,
      handled: 0,
      parked: 0,
      attempts: 0,
      failingCursor: null,
      lastError: null,
      retryAt: null,
      updatedAt: at,
    });
  }

  async claim<T>(group: string, work: (tx: Tx, checkpoint: ConsumerCheckpoint) => Promise<T>) {
    return this.#holding(`group:${group}`, { claimed: false } as const, async () => {
      const value = await this.unitOfWork.run(async (tx) => {
        const checkpoint = this.#checkpoints.get(group);
        if (!checkpoint) throw new Error(`consumer group '${group}' does not exist`);
        return work(tx, { ...checkpoint });
      });
      return { claimed: true, value } as const;
    });
  }

  async readAfter(_tx: Tx, cursor: string, limit: number): Promise<ConsumerEvent[]> {
    const events = await this.events.readAfter(positionOf(cursor), limit);
    return events.map((event) => ({ ...event, cursor: `0:${event.position}` }));
  }

  async save(tx: Tx, group: string, update: CheckpointUpdate): Promise<void> {
    const before = this.#checkpoints.get(group);
    if (!before) throw new Error(`consumer group '${group}' does not exist`);
    const { at, retryAt, ...rest } = update;
    this.#checkpoints.set(group, { group, ...rest, retryAt: retryAt ?? null, updatedAt: at });
    memoryTx(tx).onRollback(() => this.#checkpoints.set(group, before));
  }

  async park(tx: Tx, parked: ParkedEvent): Promise<void> {
    putUndoable(tx, this.#parked, parkedKey(parked.group, parked.position), parked);
  }

  async withParked<T>(group: string, position: bigint, work: (tx: Tx, parked: ParkedEvent, event: StoredEvent) => Promise<T>) {
    const key = parkedKey(group, position);
    return this.#holding(`parked:${key}`, { found: false } as const, () =>
      this.unitOfWork.run(async (tx) => {
        const parked = this.#parked.get(key);
        const event = parked && this.events.eventAt(position);
        if (!parked || !event) return { found: false } as const;
        return { found: true, value: await work(tx, parked, event) } as const;
      }),
    );
  }

  async unpark(tx: Tx, group: string, position: bigint): Promise<void> {
    deleteUndoable(tx, this.#parked, parkedKey(group, position));
  }

  async checkpoints(): Promise<ConsumerCheckpoint[]> {
    return this.unitOfWork.exclusive(() => [...this.#checkpoints.values()].sort((a, b) => a.group.localeCompare(b.group)));
  }

  async parkedEvents(limit: number, group?: string, teamId?: string): Promise<ParkedEvent[]> {
    return this.unitOfWork.exclusive(() =>
      [...this.#parked.values()]
        .filter((p) => (group === undefined || p.group === group) && (teamId === undefined || p.teamId === teamId))
        .sort((a, b) => b.parkedAt.getTime() - a.parkedAt.getTime() || (b.position > a.position ? 1 : b.position < a.position ? -1 : 0))
        .slice(0, limit),
    );
  }

  async parkedCounts(teamId?: string): Promise<Array<{ group: string; count: number }>> {
    return this.unitOfWork.exclusive(() => {
      const counts = new Map<string, number>();
      for (const p of this.#parked.values()) if (teamId === undefined || p.teamId === teamId) counts.set(p.group, (counts.get(p.group) ?? 0) + 1);
      return [...counts].map(([group, count]) => ({ group, count })).sort((a, b) => a.group.localeCompare(b.group));
    });
  }

  async parkedPositions(group: string, limit: number): Promise<bigint[]> {
    return this.unitOfWork.exclusive(() =>
      [...this.#parked.values()]
        .filter((p) => p.group === group)
        .map((p) => p.position)
        .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
        .slice(0, limit),
    );
  }

  async hasAfter(cursor: string): Promise<boolean> {
    return (await this.events.head()) > positionOf(cursor);
  }

  async pendingByType(cursor: string, teamId?: string): Promise<EventCount[]> {
    return this.unitOfWork.exclusive(() => sorted(this.events.countAfter(positionOf(cursor), teamId)));
  }

  async nextPending(cursor: string, teamId?: string): Promise<{ type: string; occurredAt: Date; teamId: string } | undefined> {
    const next = this.events.firstAfter(positionOf(cursor), teamId);
    return next && { type: next.type, occurredAt: next.occurredAt, teamId: next.teamId };
  }

  async teamHead(teamId: string): Promise<bigint> {
    return this.events.teamHead(teamId);
  }

  async horizon(): Promise<{ committed: bigint; readable: bigint }> {
    // Commits publish at once and in order: everything committed is readable.
    const head = await this.events.head();
    return { committed: head, readable: head };
  }

  isStoreFailure(): boolean {
    return false;
  }

  async countSince(since: Date, teamId?: string): Promise<EventCount[]> {
    return this.unitOfWork.exclusive(() => sorted(this.events.countSince(since, teamId)));
  }

  async onRemoteCommit(): Promise<() => Promise<void>> {
    // One process: the kernel's in-process signal is the only source of commits.
    return async () => {};
  }

  notifyOthers(): void {
    // One process: nobody else to tell.
  }

  clear(): void {
    this.#checkpoints.clear();
    this.#parked.clear();
  }

  /** The in-process SKIP LOCKED: a key held by one caller is skipped by the others. */
  async #holding<T, B>(key: string, busy: B, work: () => Promise<T>): Promise<T | B> {
    if (this.#held.has(key)) return busy;
    this.#held.add(key);
    try {
      return await work();
    } finally {
      this.#held.delete(key);
    }
  }
}

/** `<tx>:<position>` → position. */
export function positionOf(cursor: string): bigint {
  const position = cursor.slice(cursor.indexOf(':') + 1);
  return BigInt(position || '0');
}

function parkedKey(group: string, position: bigint): string {
  return `${group}\u0000${position}`;
}

function sorted(counts: ReadonlyMap<string, number>): EventCount[] {
  return [...counts].map(([type, count]) => ({ type, count })).sort((a, b) => a.type.localeCompare(b.type));
}

import type { StoredEvent } from '../../kernel/contract/event.js';
import type {
  CheckpointUpdate,
  ConsumerCheckpoint,
  ConsumerEvent,
  ConsumerStore,
  EventCount,
  ParkedEvent,
} from '../../ports/event-consumers.js';
import type { Tx } from '../../ports/unit-of-work.js';
import type { MemoryEventStore } from './memory-event-store.js';
import { memoryTx } from './memory-tx.js';
import type { MemoryUnitOfWork } from './memory-unit-of-work.js';

/**
 * Consumer checkpoints in this process. Units of work are serialised and
 * positions have no gaps, so the cursor is `0:<position>`. A group held by
 * one claim is skipped by another (the in-process SKIP LOCKED).
 */
export class MemoryConsumerStore implements ConsumerStore {
  readonly #checkpoints = new Map<string, ConsumerCheckpoint>();
  readonly #parked: ParkedEvent[] = [];
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
      updatedAt: at,
    });
  }

  async claim<T>(group: string, work: (tx: Tx, checkpoint: ConsumerCheckpoint) => Promise<T>) {
    if (this.#held.has(group)) return { claimed: false } as const;
    this.#held.add(group);
    try {
      const value = await this.unitOfWork.run(async (tx) => {
        const checkpoint = this.#checkpoints.get(group);
        if (!checkpoint) throw new Error(`consumer group '${group}' does not exist`);
        return work(tx, { ...checkpoint });
      });
      return { claimed: true, value } as const;
    } finally {
      this.#held.delete(group);
    }
  }

  async readAfter(_tx: Tx, cursor: string, limit: number): Promise<ConsumerEvent[]> {
    const events = await this.events.readAfter(positionOf(cursor), limit);
    return events.map((event) => ({ ...event, cursor: `0:${event.position}` }));
  }

  async save(tx: Tx, group: string, update: CheckpointUpdate): Promise<void> {
    const before = this.#checkpoints.get(group);
    if (!before) throw new Error(`consumer group '${group}' does not exist`);
    this.#checkpoints.set(group, { group, ...update, updatedAt: update.at });
    memoryTx(tx).onRollback(() => this.#checkpoints.set(group, before));
  }

  async park(tx: Tx, parked: ParkedEvent): Promise<void> {
    this.#parked.push(parked);
    memoryTx(tx).onRollback(() => {
      const index = this.#parked.indexOf(parked);
      if (index >= 0) this.#parked.splice(index, 1);
    });
  }

  async checkpoints(): Promise<ConsumerCheckpoint[]> {
    return this.unitOfWork.exclusive(() => [...this.#checkpoints.values()].sort((a, b) => a.group.localeCompare(b.group)));
  }

  async parkedEvents(limit: number): Promise<ParkedEvent[]> {
    return this.unitOfWork.exclusive(() => [...this.#parked].reverse().slice(0, limit));
  }

  async hasAfter(cursor: string): Promise<boolean> {
    return (await this.events.head()) > positionOf(cursor);
  }

  async pending(cursor: string): Promise<number> {
    const head = await this.events.head();
    const after = positionOf(cursor);
    return head > after ? Number(head - after) : 0;
  }

  async oldestPendingAt(cursor: string): Promise<Date | undefined> {
    const [first] = await this.events.readAfter(positionOf(cursor), 1);
    return first?.occurredAt;
  }

  async countByType(since?: Date): Promise<EventCount[]> {
    const counts = new Map<string, number>();
    const all: StoredEvent[] = await this.events.readAfter(0n, Number.MAX_SAFE_INTEGER);
    for (const event of all) {
      if (since && event.occurredAt < since) continue;
      counts.set(event.type, (counts.get(event.type) ?? 0) + 1);
    }
    return [...counts].map(([type, count]) => ({ type, count })).sort((a, b) => a.type.localeCompare(b.type));
  }

  async onRemoteCommit(): Promise<() => Promise<void>> {
    // One process: the kernel's in-process signal is the only source of commits.
    return async () => {};
  }

  clear(): void {
    this.#checkpoints.clear();
    this.#parked.length = 0;
  }
}

/** `<tx>:<position>` → position. */
export function positionOf(cursor: string): bigint {
  const position = cursor.slice(cursor.indexOf(':') + 1);
  return BigInt(position || '0');
}

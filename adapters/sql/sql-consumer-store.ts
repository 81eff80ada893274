import { sql } from 'kysely';
import type {
  CheckpointUpdate,
  ConsumerCheckpoint,
  ConsumerEvent,
  ConsumerStore,
  EventCount,
  ParkedEvent,
} from '../../ports/event-consumers.js';
import type { Tx } from '../../ports/unit-of-work.js';
import { sqlTx } from './sql-tx.js';
import type { SqlUnitOfWork } from './sql-unit-of-work.js';

/** Subscribes to the events channel on a connection of its own; returns unsubscribe. */
export type EventsListener = (onNotify: () => void, onState: (state: 'listen' | 'disconnected') => void) => Promise<() => Promise<void>>;

/**
 * Consumer checkpoints in `event_consumer_checkpoints`. A claim is a unit of
 * work holding the group's row with FOR UPDATE SKIP LOCKED, so of several
 * processes on one database exactly one advances a group at a time, and the
 * others move on to other groups instead of waiting.
 */
export class SqlConsumerStore implements ConsumerStore {
  #state: 'listen' | 'in-process' | 'disconnected';

  constructor(
    private readonly unitOfWork: SqlUnitOfWork,
    private readonly listener?: EventsListener,
  ) {
    this.#state = listener ? 'disconnected' : 'in-process';
  }

  readonly wakeMode = () => this.#state;

  async ensureGroup(group: string, at: Date): Promise<void> {
    await this.unitOfWork.run(async (tx) => {
      await sql`insert into event_consumer_checkpoints (group_name, updated_at) values (${group}, ${at})
                on conflict (group_name) do nothing`.execute(sqlTx(tx).db);
    });
  }

  async claim<T>(group: string, work: (tx: Tx, checkpoint: ConsumerCheckpoint) => Promise<T>) {
    return this.unitOfWork.run(async (tx) => {
      const { rows } = await sql<Record<string, unknown>>`
        select ${CHECKPOINT_COLUMNS} from event_consumer_checkpoints
        where group_name = ${group} for update skip locked`.execute(sqlTx(tx).db);
      if (!rows[0]) return { claimed: false } as const;
      return { claimed: true, value: await work(tx, toCheckpoint(rows[0])) } as const;
    });
  }

  async readAfter(tx: Tx, cursor: string, limit: number): Promise<ConsumerEvent[]> {
    const [txId, position] = splitCursor(cursor);
    const { rows } = await sql<Record<string, unknown>>`
      select position, id, type, version, team_id, aggregate_type, aggregate_id, payload, occurred_at, tx_id::text as tx
      from events
      where (tx_id, position) > (${txId}::xid8, ${position}::bigint)
        and tx_id < pg_snapshot_xmin(pg_current_snapshot())
      order by tx_id, position
      limit ${limit}`.execute(sqlTx(tx).db);
    return rows.map((row) => ({
      position: BigInt(row.position as string),
      id: row.id as string,
      type: row.type as string,
      version: row.version as number,
      teamId: row.team_id as string,
      aggregateType: row.aggregate_type as string,
      aggregateId: row.aggregate_id as string,
      payload: row.payload as Record<string, unknown>,
      occurredAt: toDate(row.occurred_at),
      cursor: `${row.tx as string}:${row.position as string}`,
    }));
  }

  async save(tx: Tx, group: string, update: CheckpointUpdate): Promise<void> {
    const [txId, position] = splitCursor(update.cursor);
    await sql`
      update event_consumer_checkpoints
      set tx_id = ${txId}::xid8, position = ${position}::bigint, handled = ${update.handled}, parked = ${update.parked},
          attempts = ${update.attempts}, failing_cursor = ${update.failingCursor}, last_error = ${update.lastError},
          updated_at = ${update.at}
      where group_name = ${group}`.execute(sqlTx(tx).db);
  }

  async park(tx: Tx, parked: ParkedEvent): Promise<void> {
    await sql`
      insert into event_consumer_parked (group_name, position, event_id, type, team_id, error, attempts, parked_at)
      values (${parked.group}, ${parked.position.toString()}::bigint, ${parked.eventId}, ${parked.type}, ${parked.teamId},
              ${parked.error}, ${parked.attempts}, ${parked.parkedAt})
      on conflict (group_name, position) do nothing`.execute(sqlTx(tx).db);
  }

  async checkpoints(): Promise<ConsumerCheckpoint[]> {
    const { rows } = await this.unitOfWork.read((db) =>
      sql<Record<string, unknown>>`select ${CHECKPOINT_COLUMNS} from event_consumer_checkpoints order by group_name`.execute(db),
    );
    return rows.map(toCheckpoint);
  }

  async parkedEvents(limit: number): Promise<ParkedEvent[]> {
    const { rows } = await this.unitOfWork.read((db) =>
      sql<Record<string, unknown>>`select * from event_consumer_parked order by parked_at desc, position desc limit ${limit}`.execute(db),
    );
    return rows.map((row) => ({
      group: row.group_name as string,
      position: BigInt(row.position as string),
      eventId: row.event_id as string,
      type: row.type as string,
      teamId: row.team_id as string,
      error: row.error as string,
      attempts: row.attempts as number,
      parkedAt: toDate(row.parked_at),
    }));
  }

  async hasAfter(cursor: string): Promise<boolean> {
    const [txId, position] = splitCursor(cursor);
    const { rows } = await this.unitOfWork.read((db) =>
      sql`select 1 from events where (tx_id, position) > (${txId}::xid8, ${position}::bigint) limit 1`.execute(db),
    );
    return rows.length > 0;
  }

  async pending(cursor: string): Promise<number> {
    const [txId, position] = splitCursor(cursor);
    const { rows } = await this.unitOfWork.read((db) =>
      sql<{ n: string }>`select count(*)::text as n from events
        where (tx_id, position) > (${txId}::xid8, ${position}::bigint)`.execute(db),
    );
    return Number(rows[0]?.n ?? 0);
  }

  async oldestPendingAt(cursor: string): Promise<Date | undefined> {
    const [txId, position] = splitCursor(cursor);
    const { rows } = await this.unitOfWork.read((db) =>
      sql<{ at: unknown }>`select min(occurred_at) as at from events
        where (tx_id, position) > (${txId}::xid8, ${position}::bigint)`.execute(db),
    );
    return rows[0]?.at == null ? undefined : toDate(rows[0].at);
  }

  async countByType(since?: Date): Promise<EventCount[]> {
    const { rows } = await this.unitOfWork.read((db) =>
      since
        ? sql<{ type: string; n: string }>`select type, count(*)::text as n from events where occurred_at >= ${since} group by type order by type`.execute(db)
        : sql<{ type: string; n: string }>`select type, count(*)::text as n from events group by type order by type`.execute(db),
    );
    return rows.map((row) => ({ type: row.type, count: Number(row.n) }));
  }

  async onRemoteCommit(listener: () => void): Promise<() => Promise<void>> {
    if (!this.listener) return async () => {};
    return this.listener(listener, (state) => {
      this.#state = state;
    });
  }
}

const CHECKPOINT_COLUMNS = sql.raw(
  `group_name, tx_id::text as tx, position, handled, parked, attempts, failing_cursor, last_error, updated_at`,
);

function toCheckpoint(row: Record<string, unknown>): ConsumerCheckpoint {
  return {
    group: row.group_name as string,
    cursor: `${row.tx as string}:${row.position as string}`,
    position: BigInt(row.position as string),
    handled: Number(row.handled),
    parked: Number(row.parked),
    attempts: row.attempts as number,
    failingCursor: (row.failing_cursor as string | null) ?? null,
    lastError: (row.last_error as string | null) ?? null,
    updatedAt: toDate(row.updated_at),
  };
}

function splitCursor(cursor: string): [string, string] {
  const at = cursor.indexOf(':');
  const txId = cursor.slice(0, at);
  const position = cursor.slice(at + 1);
  if (at < 0 || !/^\d+$/.test(txId) || !/^\d+$/.test(position)) throw new Error(`malformed consumer cursor '${cursor}'`);
  return [txId, position];
}

function toDate(value: unknown): Date {
  return value instanceof Date ? value : new Date(String(value));
}

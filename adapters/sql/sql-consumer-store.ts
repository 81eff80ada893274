import { sql } from 'kysely';
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
import { toStoredEvent } from './sql-event-store.js';
import { toBigInt, toDate } from './sql-values.js';
import { isStoreFailure } from './retry.js';
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
    /** Tells other processes that something committed (PostgreSQL's coalesced NOTIFY); absent on PGlite, one process. */
    private readonly notify?: () => void,
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
        and tx_id < ${READABLE_HORIZON}
      order by tx_id, position
      limit ${limit}`.execute(sqlTx(tx).db);
    return rows.map((row) => ({ ...toStoredEvent(row), cursor: `${row.tx as string}:${row.position as string}` }));
  }

  async save(tx: Tx, group: string, update: CheckpointUpdate): Promise<void> {
    const [txId, position] = splitCursor(update.cursor);
    await sql`
      update event_consumer_checkpoints
      set tx_id = ${txId}::xid8, position = ${position}::bigint, handled = ${update.handled}, parked = ${update.parked},
          attempts = ${update.attempts}, failing_cursor = ${update.failingCursor}, last_error = ${update.lastError},
          retry_at = ${update.retryAt ?? null}, updated_at = ${update.at}
      where group_name = ${group}`.execute(sqlTx(tx).db);
  }

  async park(tx: Tx, parked: ParkedEvent): Promise<void> {
    await sql`
      insert into event_consumer_parked (group_name, position, event_id, type, team_id, error, attempts, parked_at)
      values (${parked.group}, ${parked.position.toString()}::bigint, ${parked.eventId}, ${parked.type}, ${parked.teamId},
              ${parked.error}, ${parked.attempts}, ${parked.parkedAt})
      on conflict (group_name, position) do update set error = excluded.error, attempts = excluded.attempts, parked_at = excluded.parked_at`.execute(
      sqlTx(tx).db,
    );
  }

  async withParked<T>(group: string, position: bigint, work: (tx: Tx, parked: ParkedEvent, event: StoredEvent) => Promise<T>) {
    return this.unitOfWork.run(async (tx) => {
      const { rows } = await sql<Record<string, unknown>>`
        select p.group_name, p.error, p.attempts, p.parked_at, e.position, e.id, e.type, e.version, e.team_id, e.aggregate_type,
               e.aggregate_id, e.payload, e.occurred_at
        from event_consumer_parked p join events e on e.position = p.position
        where p.group_name = ${group} and p.position = ${position.toString()}::bigint
        for update of p skip locked`.execute(sqlTx(tx).db);
      if (!rows[0]) return { found: false } as const;
      const event = toStoredEvent(rows[0]);
      return { found: true, value: await work(tx, toParked({ ...rows[0], event_id: event.id }), event) } as const;
    });
  }

  async unpark(tx: Tx, group: string, position: bigint): Promise<void> {
    await sql`delete from event_consumer_parked where group_name = ${group} and position = ${position.toString()}::bigint`.execute(sqlTx(tx).db);
  }

  async checkpoints(): Promise<ConsumerCheckpoint[]> {
    const { rows } = await this.unitOfWork.read((db) =>
      sql<Record<string, unknown>>`select ${CHECKPOINT_COLUMNS} from event_consumer_checkpoints order by group_name`.execute(db),
    );
    return rows.map(toCheckpoint);
  }

  async parkedEvents(limit: number, group?: string, teamId?: string): Promise<ParkedEvent[]> {
    const filters = [...(group === undefined ? [] : [sql`group_name = ${group}`]), ...(teamId === undefined ? [] : [sql`team_id = ${teamId}`])];
    const { rows } = await this.unitOfWork.read((db) =>
      sql<Record<string, unknown>>`select * from event_consumer_parked
        ${filters.length === 0 ? sql`` : sql`where ${sql.join(filters, sql` and `)}`}
        order by parked_at desc, position desc limit ${limit}`.execute(db),
    );
    return rows.map(toParked);
  }

  async parkedCounts(teamId?: string): Promise<Array<{ group: string; count: number }>> {
    const { rows } = await this.unitOfWork.read((db) =>
      sql<{ group_name: string; n: string }>`select group_name, count(*)::text as n from event_consumer_parked
        ${teamId === undefined ? sql`` : sql`where team_id = ${teamId}`}
        group by group_name order by group_name`.execute(db),
    );
    return rows.map((row) => ({ group: row.group_name, count: Number(row.n) }));
  }

  async parkedPositions(group: string, limit: number): Promise<bigint[]> {
    const { rows } = await this.unitOfWork.read((db) =>
      sql<{ position: string }>`select position from event_consumer_parked where group_name = ${group} order by position limit ${limit}`.execute(db),
    );
    return rows.map((row) => toBigInt(row.position));
  }

  async hasAfter(cursor: string): Promise<boolean> {
    const { rows } = await this.unitOfWork.read((db) => hasAfterQuery(cursor).execute(db));
    return rows.length > 0;
  }

  async pendingByType(cursor: string, teamId?: string): Promise<EventCount[]> {
    const [txId, position] = splitCursor(cursor);
    const { rows } = await this.unitOfWork.read((db) =>
      sql<{ type: string; n: string }>`select type, count(*)::text as n from events
        where ${teamOf(teamId)} (tx_id, position) > (${txId}::xid8, ${position}::bigint) group by type order by type`.execute(db),
    );
    return rows.map((row) => ({ type: row.type, count: Number(row.n) }));
  }

  async nextPending(cursor: string, teamId?: string): Promise<{ type: string; occurredAt: Date; teamId: string } | undefined> {
    const [txId, position] = splitCursor(cursor);
    const { rows } = await this.unitOfWork.read((db) =>
      sql<{ type: string; occurred_at: unknown; team_id: string }>`select type, occurred_at, team_id from events
        where ${teamOf(teamId)} (tx_id, position) > (${txId}::xid8, ${position}::bigint) order by tx_id, position limit 1`.execute(db),
    );
    return rows[0] ? { type: rows[0].type, occurredAt: toDate(rows[0].occurred_at), teamId: rows[0].team_id } : undefined;
  }

  async teamHead(teamId: string): Promise<bigint> {
    // events_team_order_idx read backwards: one row.
    const { rows } = await this.unitOfWork.read((db) =>
      sql<{ position: string }>`select position from events where team_id = ${teamId} order by tx_id desc, position desc limit 1`.execute(db),
    );
    return rows[0] ? toBigInt(rows[0].position) : 0n;
  }

  async horizon(): Promise<{ committed: bigint; readable: bigint }> {
    // xmax: the first transaction id not yet handed out, so past every commit so far.
    const { rows } = await this.unitOfWork.read((db) =>
      sql<{ committed: string; readable: string }>`
        select pg_snapshot_xmax(pg_current_snapshot())::text as committed, ${READABLE_HORIZON}::text as readable`.execute(db),
    );
    return { committed: toBigInt(rows[0]!.committed), readable: toBigInt(rows[0]!.readable) };
  }

  isStoreFailure(error: unknown): boolean {
    return isStoreFailure(error);
  }

  async countSince(since: Date, teamId?: string): Promise<EventCount[]> {
    const { rows } = await this.unitOfWork.read((db) =>
      sql<{ type: string; n: string }>`select type, count(*)::text as n from events
        where ${teamOf(teamId)} occurred_at >= ${since} group by type order by type`.execute(db),
    );
    return rows.map((row) => ({ type: row.type, count: Number(row.n) }));
  }

  notifyOthers(): void {
    this.notify?.();
  }

  async onRemoteCommit(listener: () => void): Promise<() => Promise<void>> {
    if (!this.listener) return async () => {};
    return this.listener(listener, (state) => {
      this.#state = state;
    });
  }
}

/**
 * How far consumers may read: the oldest transaction still running in this
 * database (else the snapshot's xmax). No transaction below it can add an
 * event any more. The snapshot's xmin would do, but it counts every database
 * on the server, so another application's (or test run's) open transaction
 * would hold our consumers back; running transactions that pg_stat_activity
 * shows in another database are left out. One that ended between the
 * snapshot and that read is kept, which only holds this statement back.
 */
const READABLE_HORIZON = sql`(
  select coalesce(min(running), pg_snapshot_xmax(pg_current_snapshot()))
  from pg_snapshot_xip(pg_current_snapshot()) as running
  where not exists (
    select 1 from pg_stat_activity as a
    where a.datid <> (select oid from pg_database where datname = current_database())
      and a.backend_xid::text::bigint = running::text::bigint % 4294967296))`;

const CHECKPOINT_COLUMNS = sql.raw(
  `group_name, tx_id::text as tx, position, handled, parked, attempts, failing_cursor, last_error, retry_at, updated_at`,
);

function toCheckpoint(row: Record<string, unknown>): ConsumerCheckpoint {
  return {
    group: row.group_name as string,
    cursor: `${row.tx as string}:${row.position as string}`,
    position: toBigInt(row.position),
    handled: Number(row.handled),
    parked: Number(row.parked),
    attempts: row.attempts as number,
    failingCursor: (row.failing_cursor as string | null) ?? null,
    lastError: (row.last_error as string | null) ?? null,
    retryAt: row.retry_at == null ? null : toDate(row.retry_at),
    updatedAt: toDate(row.updated_at),
  };
}

function toParked(row: Record<string, unknown>): ParkedEvent {
  return {
    group: row.group_name as string,
    position: toBigInt(row.position),
    eventId: row.event_id as string,
    type: row.type as string,
    teamId: row.team_id as string,
    error: row.error as string,
    attempts: row.attempts as number,
    parkedAt: toDate(row.parked_at),
  };
}

/**
 * Whether any event lies past a cursor. Asked for every caught-up group on every pass, so it must cost
 * an index probe: without the ORDER BY, the planner, expecting a third of the log past any cursor, reads
 * the table from its start and, when nothing is past the cursor, reads all of it (exported for that test).
 */
export function hasAfterQuery(cursor: string) {
  const [txId, position] = splitCursor(cursor);
  return sql`select 1 from events where (tx_id, position) > (${txId}::xid8, ${position}::bigint) order by tx_id, position limit 1`;
}

/** The team condition of a read over events (served by events_team_order_idx and events_team_occurred_idx), or nothing. */
function teamOf(teamId: string | undefined) {
  return teamId === undefined ? sql`` : sql`team_id = ${teamId} and`;
}

function splitCursor(cursor: string): [string, string] {
  const at = cursor.indexOf(':');
  const txId = cursor.slice(0, at);
  const position = cursor.slice(at + 1);
  if (at < 0 || !/^\d+$/.test(txId) || !/^\d+$/.test(position)) throw new Error(`malformed consumer cursor '${cursor}'`);
  return [txId, position];
}

import type { Kysely, Selectable } from 'kysely';
import type { NewEvent, StoredEvent } from '../../kernel/contract/event.js';
import type { Clock } from '../../ports/clock.js';
import type { EventStore } from '../../ports/event-store.js';
import type { Ids } from '../../ports/ids.js';
import type { DeferredWrite } from './deferred-writes.js';
import { toBigInt, toBigIntOrNull, toDate } from './sql-values.js';
import type { Column } from './unnest.js';
import { FixedStatement } from './fixed-sql.js';
import type { EventsTable, KernelTables } from './kernel-tables.js';
import type { SqlUnitOfWork } from './sql-unit-of-work.js';

/**
 * Turns appended events into one deferred INSERT into `events`. The row
 * values are fixed when the events are appended (a caller mutating a payload
 * later changes nothing, and a bigint in it throws there rather than losing
 * digits); the transaction writes them with its other deferred writes, at
 * the latest just before COMMIT. NewEvent carries no version, so every event
 * is version 1 until the contract grows one.
 */
export type EventWriter = (events: readonly NewEvent[]) => DeferredWrite;

const EVENT_COLUMNS: readonly Column[] = [
  ['id', 'uuid'],
  ['type', 'text'],
  ['version', 'integer'],
  ['team_id', 'text'],
  ['aggregate_type', 'text'],
  ['aggregate_id', 'text'],
  ['payload', 'jsonb'],
  ['occurred_at', 'timestamptz'],
];

/** Every append on every path goes through this one text (a FixedStatement: no query built per append). */
const INSERT_EVENTS = new FixedStatement(
  (rows) => `insert into events (${EVENT_COLUMNS.map(([name]) => name).join(', ')}) select * from ${rows}`,
  [['v', EVENT_COLUMNS]],
);

export function eventWriter(clock: Clock, ids: Ids): EventWriter {
  return (events) => {
    const occurredAt = clock.now();
    return {
      table: 'events',
      kind: 'insert',
      statement: INSERT_EVENTS.bind(
        [],
        events.map((e) => [e.id ?? ids.timeOrdered(), e.type, 1, e.teamId, e.aggregateType, e.aggregateId, jsonText(e.payload), occurredAt]),
      ),
      expectRows: events.length,
      what: 'events insert',
    };
  };
}

/**
 * Reads the event log. Positions come from an identity column, so with
 * concurrent writers on PostgreSQL a smaller position can commit after a
 * larger one has been read: a reader that remembers "last position seen"
 * may skip an event. Readers must tolerate that (consumer checkpoints will
 * re-read a window behind the head); on PGlite and memory commits are serial
 * and the order is exact.
 */
export class SqlEventStore implements EventStore {
  constructor(private readonly unitOfWork: SqlUnitOfWork) {}

  async head(): Promise<bigint> {
    const row = await this.unitOfWork.read((db) =>
      (db as Kysely<KernelTables>)
        .selectFrom('events')
        .select((eb) => eb.fn.max('position').as('head'))
        .executeTakeFirst(),
    );
    return toBigIntOrNull(row?.head) ?? 0n;
  }

  async readAfter(after: bigint, limit: number, types?: readonly string[]): Promise<StoredEvent[]> {
    if (limit <= 0 || types?.length === 0) return [];
    const rows = await this.unitOfWork.read((db) =>
      (db as Kysely<KernelTables>)
        .selectFrom('events')
        .selectAll()
        .where('position', '>', after.toString())
        .$if(types !== undefined, (query) => query.where('type', 'in', types!))
        .orderBy('position')
        .limit(limit)
        .execute(),
    );
    return rows.map(toStoredEvent);
  }

  async forAggregate(teamId: string, aggregateType: string, aggregateId: string): Promise<StoredEvent[]> {
    const rows = await this.unitOfWork.read((db) =>
      (db as Kysely<KernelTables>)
        .selectFrom('events')
        .selectAll()
        .where('team_id', '=', teamId)
        .where('aggregate_type', '=', aggregateType)
        .where('aggregate_id', '=', aggregateId)
        .orderBy('position')
        .execute(),
    );
    return rows.map(toStoredEvent);
  }
}

/** An `events` row as read by any query of this adapter (typed by kysely, or raw). */
export function toStoredEvent(row: Selectable<EventsTable> | Record<string, unknown>): StoredEvent {
  return {
    position: toBigInt(row.position),
    id: row.id as string,
    type: row.type as string,
    version: row.version as number,
    teamId: row.team_id as string,
    aggregateType: row.aggregate_type as string,
    aggregateId: row.aggregate_id as string,
    payload: row.payload as Record<string, unknown>,
    occurredAt: toDate(row.occurred_at),
  };
}

export function jsonText(value: unknown): string {
  const text = JSON.stringify(value);
  if (text === undefined) throw new TypeError('value is not JSON-serialisable');
  return text;
}

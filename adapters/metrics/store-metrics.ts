import { Gauge, type Registry } from 'prom-client';
import type { ConsumerStore } from '../../ports/event-consumers.js';
import type { PoolUsage } from '../store.js';

interface GroupState {
  readonly group: string;
  readonly lag: number;
  readonly parked: number;
  readonly failing: boolean;
}

/**
 * Read at scrape time: how far each durable consumer group trails the log.
 * prom-client collects the gauges concurrently, so they share one read of
 * the checkpoints per scrape rather than each querying the store.
 */
export function consumerMetrics(registry: Registry, consumers: ConsumerStore): void {
  const read = oneReadAtATime(async (): Promise<GroupState[]> =>
    Promise.all(
      (await consumers.checkpoints()).map(async (checkpoint) => ({
        group: checkpoint.group,
        lag: (await consumers.pendingByType(checkpoint.cursor)).reduce((sum, { count }) => sum + count, 0),
        parked: checkpoint.parked,
        failing: checkpoint.failingCursor !== null,
      })),
    ),
  );
  const gauge = (name: string, help: string, value: (state: GroupState) => number): void => {
    new Gauge({
      name,
      help,
      labelNames: ['group'],
      registers: [registry],
      async collect() {
        const states = await read();
        this.reset();
        for (const state of states) this.set({ group: state.group }, value(state));
      },
    });
  };
  gauge('bank_consumer_lag_events', 'Committed events a consumer group has still to handle.', (state) => state.lag);
  gauge('bank_consumer_parked_events', 'Events a consumer group parked after exhausting its attempts, since it was created.', (state) => state.parked);
  gauge('bank_consumer_failing', '1 while a consumer group is retrying a failing event, else 0.', (state) => (state.failing ? 1 : 0));
}

/** Callers arriving while a read runs share it; the next caller after it settles starts a fresh one. */
function oneReadAtATime<T>(read: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | undefined;
  return () => {
    running ??= read().finally(() => {
      running = undefined;
    });
    return running;
  };
}

/** The PostgreSQL connection pool, read at scrape time. */
export function poolMetrics(registry: Registry, usage: () => PoolUsage): void {
  new Gauge({
    name: 'bank_db_pool_connections',
    help: 'Database pool connections by state (idle, in_use).',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const { total, idle } = usage();
      this.set({ state: 'idle' }, idle);
      this.set({ state: 'in_use' }, total - idle);
    },
  });
  new Gauge({
    name: 'bank_db_pool_waiting_requests',
    help: 'Queries waiting for a free database pool connection.',
    registers: [registry],
    collect() {
      this.set(usage().waiting);
    },
  });
}

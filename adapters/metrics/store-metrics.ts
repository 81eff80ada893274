import { Gauge, type Registry } from 'prom-client';
import type { ConsumerStore } from '../../ports/event-consumers.js';
import type { PoolUsage } from '../store.js';

/** Read at scrape time: how far each durable consumer group trails the log. */
export function consumerMetrics(registry: Registry, consumers: ConsumerStore): void {
  const parked = new Gauge({ name: 'bank_consumer_parked_events', help: 'Events a consumer group parked after exhausting its attempts, since it was created.', labelNames: ['group'], registers: [registry] });
  const failing = new Gauge({ name: 'bank_consumer_failing', help: '1 while a consumer group is retrying a failing event, else 0.', labelNames: ['group'], registers: [registry] });
  new Gauge({
    name: 'bank_consumer_lag_events',
    help: 'Committed events a consumer group has still to handle.',
    labelNames: ['group'],
    registers: [registry],
    async collect() {
      this.reset();
      parked.reset();
      failing.reset();
      for (const checkpoint of await consumers.checkpoints()) {
        const pending = await consumers.pendingByType(checkpoint.cursor);
        this.set({ group: checkpoint.group }, pending.reduce((sum, { count }) => sum + count, 0));
        parked.set({ group: checkpoint.group }, checkpoint.parked);
        failing.set({ group: checkpoint.group }, checkpoint.failingCursor === null ? 0 : 1);
      }
    },
  });
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

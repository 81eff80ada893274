import { Counter, type Registry } from 'prom-client';
import type { StoredEvent } from '../../kernel/contract/event.js';
import type { EventStream } from '../../ports/event-stream.js';

const WORKFLOW_RUN_OUTCOMES = new Set(['started', 'completed', 'failed', 'timeout']);

/**
 * Counters derived from committed events: every label value comes from an
 * event type or a workflow definition name (declared in code, so bounded),
 * never from a team, account or payload amount.
 */
export function eventMetrics(registry: Registry): (event: StoredEvent) => void {
  const events = new Counter({ name: 'bank_events_total', help: 'Committed events by type.', labelNames: ['type'], registers: [registry] });
  const transfers = new Counter({
    name: 'bank_transfers_total',
    help: 'Transfers by status reached (created, pending, held, completed, failed, expired, reversed).',
    labelNames: ['status'],
    registers: [registry],
  });
  const workflowRuns = new Counter({
    name: 'bank_workflow_runs_total',
    help: 'Workflow runs (with events) by definition and outcome (started, completed, failed, timeout).',
    labelNames: ['workflow', 'outcome'],
    registers: [registry],
  });
  return (event) => {
    events.inc({ type: event.type });
    const [family, status] = splitType(event.type);
    if (family === 'transfer') transfers.inc({ status });
    if (family === 'workflow' && WORKFLOW_RUN_OUTCOMES.has(status) && typeof event.payload['workflow'] === 'string') {
      workflowRuns.inc({ workflow: event.payload['workflow'], outcome: status });
    }
  };
}

/**
 * Starts counting at the first scrape, not at boot: an unscraped process
 * keeps no live tail open, and counters starting late is what rate() expects.
 */
export function lazyEventSubscription(stream: EventStream, listener: (event: StoredEvent) => void): { start(): void; stop(): void } {
  let unsubscribe: (() => void) | undefined;
  let stopped = false;
  return {
    start: () => {
      if (!unsubscribe && !stopped) unsubscribe = stream.subscribe(listener);
    },
    stop: () => {
      stopped = true;
      unsubscribe?.();
    },
  };
}

function splitType(type: string): [string, string] {
  const dot = type.indexOf('.');
  return dot < 0 ? [type, ''] : [type.slice(0, dot), type.slice(dot + 1)];
}

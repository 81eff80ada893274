import { token } from '../kernel/contract/token.js';

/**
 * A counter a plugin declares for the operator's metrics (GET /metrics,
 * docs/metrics.md). Label values must come from a small fixed set (a state,
 * a kind): never an id, a team, an amount or user text, which would leak
 * data and grow the series without bound.
 */
export interface CounterDefinition<L extends string> {
  /** Prometheus name, e.g. bank_webhook_delivery_attempts_total (snake case, _total for counters). */
  readonly name: string;
  readonly help: string;
  readonly labelNames: readonly L[];
}

export interface MeterCounter<L extends string> {
  inc(labels: Readonly<Record<L, string>>, by?: number): void;
}

/** Declares the kernel's metrics; one per kernel, so kernels sharing a process never share a series. */
export interface Meter {
  counter<L extends string>(definition: CounterDefinition<L>): MeterCounter<L>;
}
export const Meter = token<Meter>('kernel.meter');

import { Counter, Registry } from 'prom-client';
import { token } from '../../kernel/contract/token.js';
import type { CounterDefinition, Meter, MeterCounter } from '../../ports/meter.js';

/** The kernel's own registry (bound next to the Meter), which GET /metrics reads. */
export const MetricsRegistry = token<Registry>('adapters.metrics-registry');

/** The Meter port over a prom-client registry. */
export class PromMeter implements Meter {
  constructor(private readonly registry: Registry) {}

  /** Declaring a counter again (a class resolved twice) returns the one already registered. */
  counter<L extends string>(definition: CounterDefinition<L>): MeterCounter<L> {
    const counter =
      (this.registry.getSingleMetric(definition.name) as Counter<L> | undefined) ??
      new Counter<L>({ name: definition.name, help: definition.help, labelNames: definition.labelNames, registers: [this.registry] });
    return { inc: (labels, by = 1) => counter.inc(labels as Partial<Record<L, string>>, by) };
  }
}

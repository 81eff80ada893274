import type { ZodType } from 'zod';

/**
 * An event type a plugin emits. The registry is built from manifests; the
 * webhook catalogue, docs/events.md and subscriptions all read from it.
 */
export interface EventType<P = unknown> {
  readonly name: string;
  readonly version: number;
  /** Webhook catalogue group, e.g. 'Account', 'Transfer'. */
  readonly group: string;
  readonly description: string;
  /** Which operation emits it (documented in the event table). */
  readonly emittedBy: string;
  readonly payload: ZodType<P>;
  /** Whether webhook subscribers may receive it. */
  readonly webhook: boolean;
}

export function eventType<P>(definition: EventType<P>): EventType<P> {
  return definition;
}

/** An event as a plugin hands it to the unit of work. */
export interface NewEvent {
  /**
   * Set only when the id was handed out before the event is stored (a test
   * webhook's delivery names it); otherwise the store takes one from the Ids port.
   */
  readonly id?: string;
  readonly type: string;
  readonly teamId: string;
  readonly aggregateType: string;
  readonly aggregateId: string;
  /** JSON-safe: amounts as decimal strings, times as ISO strings. */
  readonly payload: Record<string, unknown>;
}

/** An event as the append-only store returns it. */
export interface StoredEvent extends NewEvent {
  /** Global, gap-tolerant, strictly increasing order of commit. */
  readonly position: bigint;
  readonly id: string;
  readonly version: number;
  readonly occurredAt: Date;
}

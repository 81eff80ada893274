import { inject, injectable } from 'inversify';
import type { Operation } from '../../../kernel/public.js';
import type { EventGroupView } from '../operations.js';
import { KnownEvents } from './known-events.js';

/** GET /webhooks/events: every event type of the spec, grouped, with what this deployment emits. */
@injectable()
export class ListEventTypesOperation implements Operation<Record<string, never>, EventGroupView[]> {
  constructor(@inject(KnownEvents) private readonly known: KnownEvents) {}

  async execute(): Promise<EventGroupView[]> {
    return this.known.groups();
  }
}

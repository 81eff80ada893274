import { inject, injectable } from 'inversify';
import { EventRegistry } from '../../../kernel/public.js';
import { SPEC_EVENT_GROUPS } from '../domain/event-catalogue.js';
import type { EventGroupView } from '../operations.js';

/**
 * Which event names a subscription may use: every name of the spec, plus any
 * webhook event an enabled plugin declares (partner plugins add their own).
 */
@injectable()
export class KnownEvents {
  constructor(@inject(EventRegistry) private readonly registry: EventRegistry) {}

  names(): Set<string> {
    const names = new Set<string>(SPEC_EVENT_GROUPS.flatMap((group) => group.names));
    for (const { type } of this.registry.list()) if (type.webhook) names.add(type.name);
    return names;
  }

  /** Whether the fan-out delivers this type (declared by an enabled plugin as a webhook event). */
  delivers(type: string): boolean {
    return this.registry.find(type)?.type.webhook === true;
  }

  groups(): EventGroupView[] {
    const groups = SPEC_EVENT_GROUPS.map(({ group, names }) => ({
      group,
      events: names.map((name) => {
        const declared = this.registry.find(name);
        return { name, description: declared?.type.description ?? null, available: declared?.type.webhook === true };
      }),
    }));
    const listed = new Set(SPEC_EVENT_GROUPS.flatMap((g) => g.names));
    for (const { type } of this.registry.list()) {
      if (!type.webhook || listed.has(type.name)) continue;
      let group = groups.find((g) => g.group === type.group);
      if (!group) {
        group = { group: type.group, events: [] };
        groups.push(group);
      }
      group.events.push({ name: type.name, description: type.description, available: true });
    }
    return groups;
  }
}

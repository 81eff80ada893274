import type { EventType } from '../contract/event.js';
import type { EventRegistry as EventRegistryPort, RegisteredEvent } from '../../ports/event-registry.js';
import { BootError } from '../boot/boot-error.js';

/** Every event type of the enabled plugins and the kernel, by name; plugins read it through the EventRegistry port. */
export class EventRegistry implements EventRegistryPort {
  readonly #events = new Map<string, RegisteredEvent>();

  register(plugin: string, types: readonly EventType<unknown>[]): void {
    for (const type of types) {
      const existing = this.#events.get(type.name);
      if (existing) {
        throw new BootError(`Event type '${type.name}' of plugin '${plugin}' is already declared by '${existing.plugin}'.`);
      }
      this.#events.set(type.name, { plugin, type });
    }
  }

  find(name: string): RegisteredEvent | undefined {
    return this.#events.get(name);
  }

  list(): RegisteredEvent[] {
    return [...this.#events.values()].sort((a, b) => a.type.name.localeCompare(b.type.name));
  }
}

import type { RegisteredEvent } from '../../ports/event-registry.js';

const cell = (text: string): string => text.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');

/**
 * The "which operation emits which event" table of docs/events.md, rendered
 * from the event registry: one section per group, events by name. Generated
 * (`npm run docs:events`) and checked by a test, so it cannot drift from
 * what the plugins declare.
 */
export function renderEventTable(events: readonly RegisteredEvent[]): string {
  const groups = new Map<string, RegisteredEvent[]>();
  for (const event of events) {
    const list = groups.get(event.type.group) ?? [];
    list.push(event);
    groups.set(event.type.group, list);
  }
  const sections = [...groups.keys()]
    .sort((a, b) => a.localeCompare(b, 'en'))
    .map((group) => {
      const rows = groups
        .get(group)!
        .sort((a, b) => a.type.name.localeCompare(b.type.name, 'en'))
        .map(({ plugin, type }) => `| \`${type.name}\` | ${plugin} | ${type.webhook ? 'yes' : 'no'} | ${cell(type.emittedBy)} | ${cell(type.description)} |`);
      return [`### ${group}`, '', '| Event | Plugin | Webhook | Emitted by | Meaning |', '|---|---|---|---|---|', ...rows].join('\n');
    });
  return sections.join('\n\n') + '\n';
}

const START = '## Emitted events\n\n';
const END = '\n## Spec event types no module emits yet';

/** docs/events.md with its generated section replaced; throws when the markers are missing. */
export function withEventTable(document: string, table: string): string {
  const start = document.indexOf(START);
  const end = document.indexOf(END);
  if (start < 0 || end < start) throw new Error('docs/events.md lacks the "## Emitted events" … "## Spec event types" markers');
  return document.slice(0, start + START.length) + table + '\n' + document.slice(end);
}

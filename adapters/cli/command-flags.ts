import { z } from 'zod';
import type { CommandDeclaration } from '../../kernel/contract/command.js';

/** One `--flag` of a command, read from its zod options (input side), for parsing and for help. */
export interface Flag {
  /** As typed: `--team-name`. */
  readonly name: string;
  /** As the options schema names it: `team_name`. */
  readonly key: string;
  readonly boolean: boolean;
  /** What the value is, for `--flag <value>`: `text`, `n`, `email`, `a|b`. */
  readonly valueName: string;
  /** The value's type in words: `integer 1–100`, `string (email)`, `one of a, b`. */
  readonly type: string;
  readonly required: boolean;
  readonly defaultValue?: unknown;
  readonly description?: string;
}

interface JsonSchemaProperty {
  type?: string;
  format?: string;
  enum?: readonly unknown[];
  minimum?: number;
  maximum?: number;
  default?: unknown;
  description?: string;
}

/** `--team <team id>`: every team-scoped command runs inside the team it names. */
export const TEAM_FLAG: Flag = { name: '--team', key: 'team', boolean: false, valueName: 'team id', type: 'string', required: true, description: 'The team the command runs in' };

/**
 * A command's flags: the properties of its options as JSON Schema on the input
 * side (what is typed, before transforms), which carries type, default and the
 * `.describe()` text; `--team` first for team-scoped commands.
 */
export function commandFlags(command: CommandDeclaration): readonly Flag[] {
  const schema = z.toJSONSchema(command.options, { io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, JsonSchemaProperty>; required?: string[] };
  const required = new Set(schema.required ?? []);
  const own = Object.entries(schema.properties ?? {}).map(([key, property]) => flag(key, property, required.has(key)));
  return command.scope === 'team' ? [TEAM_FLAG, ...own] : own;
}

function flag(key: string, property: JsonSchemaProperty, required: boolean): Flag {
  return {
    name: `--${key.replace(/_/g, '-')}`,
    key,
    boolean: property.type === 'boolean',
    valueName: valueName(property),
    type: typeInWords(property),
    required,
    ...(property.default !== undefined ? { defaultValue: property.default } : {}),
    ...(property.description ? { description: property.description } : {}),
  };
}

function valueName(property: JsonSchemaProperty): string {
  if (property.enum) return property.enum.join('|');
  if (property.type === 'integer' || property.type === 'number') return 'n';
  if (property.type === 'array') return 'a,b,…';
  if (property.format === 'date-time') return 'datetime';
  return property.format ?? 'text';
}

function typeInWords(property: JsonSchemaProperty): string {
  if (property.enum) return `one of ${property.enum.join(', ')}`;
  if (property.type === 'array') return 'comma list';
  if (property.type === 'integer' && property.minimum !== undefined && property.maximum !== undefined) return `integer ${property.minimum}–${property.maximum}`;
  if (property.format) return `${property.type ?? 'string'} (${property.format})`;
  return property.type ?? 'any';
}

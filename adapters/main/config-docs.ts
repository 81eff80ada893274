import { z, type ZodType } from 'zod';
import { settingsOf, type Setting } from '../../config/env-settings.js';
import { KERNEL_ALIASES, kernelSettings } from '../../config/load.js';
import { kernelConfigSchema } from '../../config/schema.js';
import { builtinManifests } from './reference-docs.js';

/** Paths of the generated configuration references, relative to the repository root. */
export const CONFIGURATION_DOC = 'docs/configuration.md';
export const CONFIG_SCHEMA_DOC = 'docs/config.schema.json';

type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  format?: string;
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  default?: unknown;
  description?: string;
  additionalProperties?: unknown;
};

const jsonSchemaOf = (schema: ZodType): JsonSchema => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;

/** `integer 1–1000`, `` `info` | `warn` ``, `list of string`, … */
function typeText(schema: JsonSchema): string {
  if (schema.enum) return schema.enum.map((value) => `\`${String(value)}\``).join(' \\| ');
  if (schema.anyOf) return schema.anyOf.map(typeText).join(' or ');
  if (Array.isArray(schema.type)) return schema.type.join(' or ');
  if (schema.type === 'array') return `list of ${schema.items ? typeText(schema.items) : 'values'}`;
  if (schema.type === 'object') return schema.additionalProperties ? 'JSON object' : 'object';
  if (schema.type === 'string' && schema.format === 'date-time') return 'date-time';
  if (schema.type === 'integer' || schema.type === 'number') {
    const min = schema.minimum;
    const max = schema.maximum !== undefined && schema.maximum < Number.MAX_SAFE_INTEGER ? schema.maximum : undefined;
    if (min !== undefined && max !== undefined) return `${schema.type} ${min}–${max}`;
    if (min !== undefined) return `${schema.type} ≥ ${min}`;
    if (schema.exclusiveMinimum !== undefined) return `${schema.type} > ${schema.exclusiveMinimum}`;
  }
  return String(schema.type ?? 'any');
}

const cell = (text: string): string => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

function row(setting: Setting, aliases: readonly string[] = []): string {
  const json = jsonSchemaOf(setting.schema);
  const text = JSON.stringify(json.default);
  // A long default (the asset catalogue) is in config.schema.json; the table stays readable.
  const shown = json.default === undefined ? '—' : text.length > 80 ? 'see config.schema.json' : `\`${cell(text)}\``;
  const names = [setting.env, ...aliases].map((name) => `\`${name}\``).join(', ');
  return `| \`${setting.key}\` | ${names} | ${typeText(json)} | ${shown} | ${cell(setting.schema.description ?? json.description ?? '')} |`;
}

const HEADER = '| Key | Variable | Type | Default | Meaning |\n|---|---|---|---|---|';

/**
 * docs/configuration.md: every key of the kernel's schema and of every built-in plugin's slice,
 * with its variable, type, default and meaning, from the zod schemas.
 */
export async function configurationReference(): Promise<string> {
  const sections = [
    '# Configuration reference',
    '',
    '<!-- Generated from config/schema.ts and the plugins\' config.ts by `npm run docs`; do not edit. -->',
    '',
    'Every setting can be given in the JSON file named by `BANK_CONFIG` (its keys below; [config.schema.json](config.schema.json)',
    'is its JSON Schema) or in an environment variable; the environment wins, key by key (a variable for',
    '`http.groupCommit.maxBatch` leaves the file\'s `http.groupCommit.maxInFlight` in force). An empty variable counts as unset.',
    '',
    'The variable of a key is `BANK_`, then every key of its path in upper snake case, joined by a double',
    'underscore: `http.groupCommit.maxBatch` is `BANK_HTTP__GROUP_COMMIT__MAX_BATCH`, `pluginConfig.gcu.tick_interval_ms`',
    'is `BANK_PLUGIN_CONFIG__GCU__TICK_INTERVAL_MS`. The older names after the first keep working; the first wins',
    'when both are set. Text is read as the key\'s type: numbers, `true`/`false`, lists as comma-separated items or a',
    'JSON array, JSON objects and lists of objects as JSON. Text of the wrong type stops the start with an error naming',
    'the variable. A plugin\'s variables are read when the plugin is enabled (its schema is known only then); those of',
    'a disabled plugin are ignored.',
    '',
    '## Kernel',
    '',
    HEADER,
    ...kernelSettings.map((setting) => row(setting, KERNEL_ALIASES[setting.key])),
  ];
  for (const manifest of await builtinManifests()) {
    if (!manifest.config) continue;
    sections.push('', `## Plugin \`${manifest.name}\` (\`pluginConfig.${manifest.name}\`)`, '', HEADER);
    sections.push(...settingsOf(manifest.config, ['pluginConfig', manifest.name]).map((setting) => row(setting)));
  }
  return sections.join('\n') + '\n';
}

/** docs/config.schema.json: the JSON Schema of a BANK_CONFIG file, built-in plugins' slices included (every key optional). */
export async function configJsonSchema(): Promise<string> {
  const slices: Record<string, ZodType> = {};
  for (const manifest of await builtinManifests()) if (manifest.config) slices[manifest.name] = (manifest.config as ZodType).optional();
  const file = kernelConfigSchema
    .partial()
    .extend({ pluginConfig: z.object(slices).catchall(z.unknown()).optional().describe(kernelConfigSchema.shape.pluginConfig.description ?? '') })
    .meta({ title: 'open-bank configuration file (BANK_CONFIG)' });
  return JSON.stringify(jsonSchemaOf(file), null, 2) + '\n';
}

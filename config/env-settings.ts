import type { ZodType } from 'zod';

export type Env = Readonly<Record<string, string | undefined>>;

/** One leaf of a configuration schema: where it sits in the schema's values and the variable that sets it. */
export interface Setting {
  readonly path: readonly string[];
  /** The dotted path in the whole configuration (`pluginConfig.gcu.quorum`), for messages and the reference. */
  readonly key: string;
  readonly env: string;
  /** The leaf's schema with default/optional wrappers kept (for its default and description). */
  readonly schema: ZodType;
}

interface Def {
  readonly type: string;
  readonly innerType?: ZodType;
  readonly in?: ZodType;
  readonly shape?: Record<string, ZodType>;
  readonly element?: ZodType;
  readonly options?: readonly ZodType[];
}

const WRAPPERS = new Set(['default', 'prefault', 'optional', 'nullable', 'readonly', 'catch', 'nonoptional']);

function def(schema: ZodType): Def {
  return (schema as unknown as { _zod: { def: Def } })._zod.def;
}

/** The schema under default/optional/… wrappers and pipes: what a value must be. */
function unwrap(schema: ZodType): ZodType {
  let current = schema;
  for (;;) {
    const d = def(current);
    if (WRAPPERS.has(d.type) && d.innerType) current = d.innerType;
    else if (d.type === 'pipe' && d.in) current = d.in;
    else return current;
  }
}

/** The base type of a schema: 'object', 'number', 'array', … */
export function kindOf(schema: ZodType): string {
  return def(unwrap(schema)).type;
}

/** The keys of an object schema (none for any other). */
export function shapeOf(schema: ZodType): Record<string, ZodType> {
  return def(unwrap(schema)).shape ?? {};
}

/** `groupCommit` → `GROUP_COMMIT`, `core-banking` → `CORE_BANKING`, `tick_interval_ms` → `TICK_INTERVAL_MS`. */
function envSegment(key: string): string {
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .toUpperCase();
}

/**
 * The one naming rule: `BANK_`, then every key of the path in upper snake case, joined by a
 * double underscore (a single one sits inside a key): `http.groupCommit.maxBatch` is
 * BANK_HTTP__GROUP_COMMIT__MAX_BATCH, `pluginConfig.gcu.tick_interval_ms` is
 * BANK_PLUGIN_CONFIG__GCU__TICK_INTERVAL_MS.
 */
export function envName(path: readonly string[]): string {
  return `BANK_${path.map(envSegment).join('__')}`;
}

/**
 * Every leaf of an object schema, depth first in declaration order, its variable named from
 * `under` (where the schema sits in the configuration) and its path. Nested objects are
 * walked; anything else (a number, a list, a record, …) is a leaf set by one variable. `skip`
 * names keys of the schema's top level that get their variables elsewhere.
 */
export function settingsOf(schema: ZodType, under: readonly string[] = [], skip: readonly string[] = [], path: readonly string[] = []): Setting[] {
  const settings: Setting[] = [];
  for (const [key, child] of Object.entries(shapeOf(schema))) {
    if (path.length === 0 && skip.includes(key)) continue;
    const childPath = [...path, key];
    if (kindOf(child) === 'object') settings.push(...settingsOf(child, under, skip, childPath));
    else settings.push({ path: childPath, key: [...under, ...childPath].join('.'), env: envName([...under, ...childPath]), schema: child });
  }
  return settings;
}

function textTo(kind: string, text: string, schema: ZodType): unknown {
  switch (kind) {
    case 'number':
    case 'bigint':
      if (!/^-?\d+(\.\d+)?$/.test(text.trim())) throw new Error(`${JSON.stringify(text)} is not a number`);
      return Number(text);
    case 'boolean':
      if (!/^(true|false)$/i.test(text.trim())) throw new Error(`${JSON.stringify(text)} is not true or false`);
      return text.trim().toLowerCase() === 'true';
    case 'string':
    case 'enum':
    case 'literal':
    case 'template_literal':
      return text;
    case 'union': {
      const kinds = (def(unwrap(schema)).options ?? []).map(kindOf);
      if (kinds.includes('boolean') && /^(true|false)$/i.test(text.trim())) return text.trim().toLowerCase() === 'true';
      if (kinds.includes('number') && /^-?\d+(\.\d+)?$/.test(text.trim())) return Number(text);
      return text;
    }
    case 'array': {
      if (text.trim().startsWith('[')) return json(text);
      const element = def(unwrap(schema)).element!;
      return text
        .split(',')
        .map((item) => item.trim())
        .filter((item) => item.length > 0)
        .map((item) => textTo(kindOf(element), item, element));
    }
    default:
      return json(text);
  }
}

function json(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(`${JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text)} is not valid JSON`);
  }
}

/**
 * Parses a variable's text as its setting's type: numbers, true/false, comma lists (or a JSON
 * array), JSON for records and lists of objects. An empty variable counts as unset.
 */
function parseSetting(setting: Setting, text: string): unknown {
  return textTo(kindOf(setting.schema), text, setting.schema);
}

export interface EnvValues {
  /** The value of every setting the environment sets, with its path. */
  readonly assignments: readonly { readonly path: readonly string[]; readonly value: unknown }[];
  /** Dotted path → the variable that set it (to name the variable in errors). */
  readonly sources: ReadonlyMap<string, string>;
  readonly problems: readonly string[];
}

/**
 * Reads every setting's variable (or, when it is unset, its first set alias); text that is not
 * of the setting's type is a problem naming the variable.
 */
export function readEnv(settings: readonly Setting[], env: Env, aliases: Readonly<Record<string, readonly string[]>> = {}): EnvValues {
  const assignments: { path: readonly string[]; value: unknown }[] = [];
  const sources = new Map<string, string>();
  const problems: string[] = [];
  for (const setting of settings) {
    const dotted = setting.path.join('.');
    const name = [setting.env, ...(aliases[dotted] ?? [])].find((candidate) => (env[candidate] ?? '').trim() !== '');
    if (name === undefined) continue;
    try {
      assignments.push({ path: setting.path, value: parseSetting(setting, env[name]!) });
      sources.set(dotted, name);
    } catch (error) {
      problems.push(`  ${name} (${setting.key}): ${(error as Error).message}`);
    }
  }
  return { assignments, sources, problems };
}

/** A copy of the file's settings with the environment's written over them leaf by leaf (sibling keys stay). */
export function overlay(file: Readonly<Record<string, unknown>>, assignments: EnvValues['assignments']): Record<string, unknown> {
  const merged: Record<string, unknown> = structuredClone(file);
  for (const { path, value } of assignments) setPath(merged, path, value);
  return merged;
}

function setPath(target: Record<string, unknown>, path: readonly string[], value: unknown): void {
  let node = target;
  for (const key of path.slice(0, -1)) {
    const next = node[key];
    if (typeof next !== 'object' || next === null || Array.isArray(next)) node[key] = {};
    node = node[key] as Record<string, unknown>;
  }
  node[path[path.length - 1]!] = value;
}

/** ` (VARIABLE)` when the environment set the setting at or above a validation issue's dotted path, else nothing. */
export function sourceNote(sources: EnvValues['sources'], path: string): string {
  for (const [dotted, name] of sources) if (path === dotted || path.startsWith(`${dotted}.`)) return ` (${name})`;
  return '';
}

import { readFileSync } from 'node:fs';
import { overlay, readEnv, settingsOf, sourceNote, type Env } from './env-settings.js';
import { kernelConfigSchema, type KernelConfig } from './schema.js';

export type { Env } from './env-settings.js';

/** Every kernel setting with its variable; plugin slices are read at boot, against each enabled plugin's schema. */
export const kernelSettings = settingsOf(kernelConfigSchema, [], ['pluginConfig']);

/** Older, shorter names, read when the systematic one is unset. */
export const KERNEL_ALIASES: Readonly<Record<string, readonly string[]>> = {
  environment: ['BANK_ENV'],
  port: ['PORT'],
  host: ['HOST'],
  databaseUrl: ['DATABASE_URL'],
  'metrics.scrapeToken': ['BANK_METRICS_TOKEN'],
};

/** A secret mounted as a file (a Docker or systemd credential): its text without the trailing newline editors and `echo` add. */
function secretFile(path: string | undefined): string | undefined {
  return path ? readFileSync(path, 'utf8').trim() : undefined;
}

/** Reads the optional JSON file named by BANK_CONFIG, then lets the environment win, setting by setting. */
export function loadConfig(env: Env = process.env, overrides: Partial<KernelConfig> = {}): KernelConfig {
  const file = env.BANK_CONFIG ? JSON.parse(readFileSync(env.BANK_CONFIG, 'utf8')) : {};
  const fromEnv = readEnv(kernelSettings, env, KERNEL_ALIASES);
  if (fromEnv.problems.length > 0) throw new Error(`Invalid configuration:\n${fromEnv.problems.join('\n')}`);
  const merged = overlay(file, fromEnv.assignments);
  // A key file counts like BANK_ADMIN_KEY, over the config file; BANK_ADMIN_KEY itself wins over it.
  if (!fromEnv.sources.has('adminKey') && env.BANK_ADMIN_KEY_FILE) merged.adminKey = secretFile(env.BANK_ADMIN_KEY_FILE);
  if (merged.environment === undefined && env.NODE_ENV === 'production') merged.environment = 'production';
  merged.store ??= fromEnv.sources.has('databaseUrl') ? 'postgres' : 'pglite';
  const parsed = kernelConfigSchema.safeParse({ ...merged, ...overrides });
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const path = issue.path.join('.') || '(root)';
      return `  ${path}${sourceNote(fromEnv.sources, path)}: ${issue.message}`;
    });
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  if (parsed.data.store === 'postgres' && !parsed.data.databaseUrl) {
    throw new Error('Invalid configuration:\n  databaseUrl: BANK_STORE=postgres needs DATABASE_URL');
  }
  return parsed.data;
}

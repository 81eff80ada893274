import { readFileSync } from 'node:fs';
import { kernelConfigSchema, type KernelConfig } from './schema.js';

export type Env = Readonly<Record<string, string | undefined>>;

function list(value: string | undefined): string[] | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  return value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item.length > 0);
}

/** Reads the optional JSON file named by BANK_CONFIG, then lets the environment win. */
export function loadConfig(env: Env = process.env, overrides: Partial<KernelConfig> = {}): KernelConfig {
  const file = env.BANK_CONFIG ? JSON.parse(readFileSync(env.BANK_CONFIG, 'utf8')) : {};
  const store = env.BANK_STORE ?? file.store ?? (env.DATABASE_URL ? 'postgres' : 'pglite');
  const fromEnv = {
    environment: env.BANK_ENV ?? (env.NODE_ENV === 'production' ? 'production' : undefined),
    port: env.PORT,
    host: env.HOST,
    store,
    dataDir: env.BANK_DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    modules: list(env.BANK_MODULES),
    plugins: list(env.BANK_PLUGINS),
    adminKey: env.BANK_ADMIN_KEY,
    logLevel: env.BANK_LOG_LEVEL,
  };
  const defined = Object.fromEntries(Object.entries(fromEnv).filter(([, value]) => value !== undefined));
  // A secret the environment can carry without a config file; the file's other metrics settings stay.
  const metrics = env.BANK_METRICS_TOKEN === undefined ? {} : { metrics: { ...file.metrics, scrapeToken: env.BANK_METRICS_TOKEN } };
  const parsed = kernelConfigSchema.safeParse({ ...file, ...defined, ...metrics, ...overrides });
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.') || '(root)'}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  if (parsed.data.store === 'postgres' && !parsed.data.databaseUrl) {
    throw new Error('Invalid configuration:\n  databaseUrl: BANK_STORE=postgres needs DATABASE_URL');
  }
  return parsed.data;
}

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

/** A secret mounted as a file (a Docker or systemd credential): its text without the trailing newline editors and `echo` add. */
function secretFile(path: string | undefined): string | undefined {
  return path ? readFileSync(path, 'utf8').trim() : undefined;
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
    adminKey: env.BANK_ADMIN_KEY ?? secretFile(env.BANK_ADMIN_KEY_FILE),
    logLevel: env.BANK_LOG_LEVEL,
  };
  const defined = Object.fromEntries(Object.entries(fromEnv).filter(([, value]) => value !== undefined));
  const parsed = kernelConfigSchema.safeParse({ ...file, ...defined, ...overrides });
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.') || '(root)'}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  if (parsed.data.store === 'postgres' && !parsed.data.databaseUrl) {
    throw new Error('Invalid configuration:\n  databaseUrl: BANK_STORE=postgres needs DATABASE_URL');
  }
  return parsed.data;
}

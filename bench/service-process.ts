import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import pg from 'pg';

export interface ServiceProcess {
  readonly url: string;
  readonly child: ChildProcess;
  /** Peak resident set size of the service process (VmHWM), in MiB. */
  peakRssMb(): number;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * A config file beside the bench's data directory that switches the per-key
 * rate limit off: a bench drives one API key far past the default 600
 * requests a minute. Deleted with `${dataDir}.config.json`.
 */
export function benchConfigFile(dataDir: string): string {
  const file = `${dataDir}.config.json`;
  writeFileSync(file, JSON.stringify({ http: { rateLimitPerMinute: 0 } }));
  return file;
}

/** Starts `npm start`'s entry point in a child process and waits until /api/health answers. */
export async function startService(env: Record<string, string>): Promise<ServiceProcess> {
  const port = await freePort();
  // BENCH_NODE_ARGS passes flags to the service's node, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to profile it.
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, 'dist/adapters/main/server.js'], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`service exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error('service did not become healthy in 60 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    child,
    peakRssMb() {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
      return Math.round(kb / 1024);
    },
    stop() {
      return new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      });
    },
  };
}

/**
 * Drops and creates a database beside the one `url` names, called after it
 * with `suffix` (`lead` + `_bench` → `lead_bench`), so benches run from two
 * databases of one server never drop each other's; returns its URL.
 */
/**
 * `VACUUM ANALYZE` of the bench database after its warm-up: statistics for
 * the planner as autovacuum would gather them on a deployment (this
 * machine's PostgreSQL may run without it, as on CI), and as pgbench -i
 * gathers for its own tables.
 */
export async function analyzeBenchDatabase(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('VACUUM ANALYZE');
    // The database's statistics views then count the measured run only (read them after a bench).
    await client.query('SELECT pg_stat_reset()');
    if (process.env.BENCH_EXPERIMENT_SQL) await client.query(process.env.BENCH_EXPERIMENT_SQL);
  } finally {
    await client.end();
  }
}

export async function freshBenchDatabase(url: string, suffix: string): Promise<string> {
  const target = new URL(url);
  const name = `${decodeURIComponent(target.pathname.slice(1)) || 'postgres'}${suffix}`.replace(/[^a-zA-Z0-9_]/g, '_');
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  target.pathname = `/${name}`;
  return target.toString();
}

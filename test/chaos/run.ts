import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { PostgresCluster } from './faults/postgres-cluster.js';
import type { FaultKind } from './faults/schedule.js';
import { TcpProxy } from './faults/tcp-proxy.js';
import { fuzzGraphqlOnPostgres } from './fuzz/run-graphql-fuzz.js';
import { ChaosWebhookReceiver } from './faults/webhook-receiver.js';
import { ChaosRandom } from './random.js';
import { runScenario } from './scenario.js';

/**
 * `npm run chaos` (docs/reliability.md): for each scenario, two service
 * processes on a fresh database of the harness's own PostgreSQL, reached
 * through the harness's TCP proxy; CHAOS_WORKERS careful clients mix every
 * registered operation for CHAOS_SECONDS while the scenario's faults
 * strike; then the faults stop and every checker runs (scenario.ts). One
 * JSON line per scenario (the negative controls and the OpenAPI fuzz
 * after the last), then one for the GraphQL fuzz. Exit code 1 on any violation or any control a checker missed.
 */
const SCENARIOS: Record<string, FaultKind[]> = {
  baseline: [],
  'kill-9': ['kill-9'],
  'postgres-restart': ['postgres-restart'],
  'db-partition': ['db-partition'],
  'webhook-receiver': ['webhook-receiver'],
  'clock-jump': ['clock-jump'],
  all: ['kill-9', 'postgres-restart', 'db-partition', 'webhook-receiver', 'clock-jump'],
};
const SECONDS = Number(process.env.CHAOS_SECONDS ?? 45);
const WORKERS = Number(process.env.CHAOS_WORKERS ?? 8);
const MAX_OPERATIONS = Number(process.env.CHAOS_MAX_OPERATIONS ?? 20_000);
const SEED = Number(process.env.CHAOS_SEED ?? Date.now() % 2 ** 31);
const SETTLE_BOUND_MS = Number(process.env.CHAOS_SETTLE_BOUND_MS ?? 30_000);

async function createDatabase(cluster: PostgresCluster, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: cluster.url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
}

async function main(): Promise<void> {
  const names = (process.env.CHAOS_SCENARIOS ?? Object.keys(SCENARIOS).join(',')).split(',');
  const random = new ChaosRandom(SEED);
  const cluster = new PostgresCluster(mkdtempSync(join(tmpdir(), 'bank-chaos-pg-')), Number(process.env.CHAOS_PG_PORT ?? 55433));
  await cluster.start();
  const proxy = new TcpProxy(cluster.port);
  const proxyPort = await proxy.listen();
  const receiver = new ChaosWebhookReceiver(1500, (n) => random.int(n));
  await receiver.up();
  let failed = false;
  try {
    for (const [index, name] of names.entries()) {
      const faults = SCENARIOS[name];
      if (!faults) throw new Error(`unknown scenario ${name}; known: ${Object.keys(SCENARIOS).join(', ')}`);
      const database = `chaos_${index}`;
      await createDatabase(cluster, database);
      const last = index === names.length - 1;
      const result = await runScenario({
        name,
        faults,
        seed: SEED,
        seconds: SECONDS,
        workers: WORKERS,
        maxOperations: MAX_OPERATIONS,
        settleBoundMs: SETTLE_BOUND_MS,
        serviceDatabaseUrl: `postgres://postgres@127.0.0.1:${proxyPort}/${database}`,
        directDatabaseUrl: cluster.url.replace(/\/chaos$/, `/${database}`),
        random,
        proxy,
        receiver,
        cluster,
        controls: last && process.env.CHAOS_CONTROLS !== '0',
        ...(last && process.env.CHAOS_FUZZ !== '0'
          ? { fuzz: { perRoute: process.env.CHAOS_FUZZ_ROUTES === '1', ...(process.env.CHAOS_FUZZ_LIMIT ? { limit: Number(process.env.CHAOS_FUZZ_LIMIT) } : {}) } }
          : {}),
      });
      console.log(JSON.stringify(result.line));
      if (result.fuzz) console.log(JSON.stringify(result.fuzz));
      if (result.failed) failed = true;
    }
    if (process.env.CHAOS_FUZZ !== '0') {
      await createDatabase(cluster, 'chaos_graphql');
      const fuzz = await fuzzGraphqlOnPostgres({
        databaseUrl: cluster.url.replace(/\/chaos$/, '/chaos_graphql'),
        seed: SEED,
        perField: process.env.CHAOS_FUZZ_ROUTES === '1',
        ...(process.env.CHAOS_FUZZ_LIMIT ? { limit: Number(process.env.CHAOS_FUZZ_LIMIT) } : {}),
      });
      console.log(JSON.stringify(fuzz));
      if (fuzz.violations) failed = true;
    }
  } finally {
    await receiver.down();
    await proxy.close();
    cluster.stop();
  }
  if (failed) process.exitCode = 1;
}

await main();

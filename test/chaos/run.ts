import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { CarefulClient } from './careful-client.js';
import { exactBalances, ledgerAudit, workflowsFinal } from './checkers.js';
import { PostgresCluster } from './faults/postgres-cluster.js';
import { startFaults, type FaultKind } from './faults/schedule.js';
import { TcpProxy } from './faults/tcp-proxy.js';
import { ChaosWebhookReceiver } from './faults/webhook-receiver.js';
import { CHAOS_MODULES } from './modules/index.js';
import { fuzzService } from './fuzz/run-fuzz.js';
import { negativeControls } from './negative-controls.js';
import { ChaosRandom } from './random.js';
import { ServicePool } from './service-pool.js';
import { subscribe, webhookControls, webhooksDelivered } from './webhooks.js';
import { createWorkers, runWorkload, type Violation } from './workload.js';

/**
 * `npm run chaos` (docs/reliability.md): for each scenario, two service
 * processes on a fresh database of the harness's own PostgreSQL, reached
 * through the harness's TCP proxy; CHAOS_WORKERS careful clients mix every
 * registered operation for CHAOS_SECONDS while the scenario's faults
 * strike; then the faults stop and every checker runs. One JSON line per
 * scenario, then the negative controls. Exit code 1 on any violation or
 * any control a checker missed.
 */
const SCENARIOS: Record<string, FaultKind[]> = {
  baseline: [],
  'kill-9': ['kill-9'],
  'postgres-restart': ['postgres-restart'],
  'db-partition': ['db-partition'],
  'webhook-receiver': ['webhook-receiver'],
  all: ['kill-9', 'postgres-restart', 'db-partition', 'webhook-receiver'],
};
const SECONDS = Number(process.env.CHAOS_SECONDS ?? 45);
const WORKERS = Number(process.env.CHAOS_WORKERS ?? 8);
const MAX_OPERATIONS = Number(process.env.CHAOS_MAX_OPERATIONS ?? 20_000);
const SEED = Number(process.env.CHAOS_SEED ?? Date.now() % 2 ** 31);
const SETTLE_BOUND_MS = Number(process.env.CHAOS_SETTLE_BOUND_MS ?? 30_000);
const PROCESSES = 2;
/**
 * Webhook delivery tuned for a run of seconds: a 1 s attempt timeout (the
 * slow receiver answers after 1.5 s), a 3 s lease (a killed process's sends
 * come back soon), and retries every 2 s for long enough to outlast any
 * sequence of faults in a run (the production schedule waits minutes).
 * A Retry-After is honoured up to 1 s (the garbage receiver's asks for
 * centuries; the service caps it, by default at 24 h).
 */
const WEBHOOKS_CONFIG = { allow_private: true, request_timeout_ms: 1000, lease_ms: 3000, retry_delays_ms: [200, 500, 1000, ...Array<number>(40).fill(2000)], jitter: 0.1, max_retry_after_ms: 1000 };

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
  const modules = CHAOS_MODULES;
  const bankModules = [...new Set(['core-banking', 'webhooks', ...modules.flatMap((module) => module.modules)])].join(',');
  let failed = false;
  try {
    for (const [index, name] of names.entries()) {
      const faults = SCENARIOS[name];
      if (!faults) throw new Error(`unknown scenario ${name}; known: ${Object.keys(SCENARIOS).join(', ')}`);
      const database = `chaos_${index}`;
      await createDatabase(cluster, database);
      const dataDir = mkdtempSync(join(tmpdir(), 'bank-chaos-'));
      writeFileSync(`${dataDir}.config.json`, JSON.stringify({ http: { rateLimitPerMinute: 0 }, pluginConfig: { webhooks: WEBHOOKS_CONFIG } }));
      const adminKey = `fak_chaos_${randomBytes(24).toString('hex')}`;
      const pool = new ServicePool({
        BANK_STORE: 'postgres',
        DATABASE_URL: `postgres://postgres@127.0.0.1:${proxyPort}/${database}`,
        BANK_DATA_DIR: dataDir,
        BANK_ADMIN_KEY: adminKey,
        BANK_MODULES: bankModules,
        BANK_LOG_LEVEL: 'error',
        BANK_CONFIG: `${dataDir}.config.json`,
      });
      try {
        await pool.start(PROCESSES);
        const admin = new CarefulClient(() => pool.urls(), adminKey, (n) => random.int(n));
        const workers = await createWorkers(admin, () => pool.urls(), modules, WORKERS, random);
        receiver.all.length = 0;
        receiver.acknowledged.length = 0;
        const subscriptions = await subscribe(workers, receiver, () => random.hex(16));
        const databaseUrl = cluster.url.replace(/\/chaos$/, `/${database}`);
        const violations: Violation[] = [];
        const started = Date.now();
        const until = started + SECONDS * 1000;
        const faultRun = startFaults(faults, random, pool, cluster, proxy, receiver);
        const figures = await runWorkload(workers, modules, random, () => Date.now() < until, MAX_OPERATIONS, violations);
        const faultFigures = await faultRun.stop();
        const seconds = (Date.now() - started) / 1000;
        violations.push(...(await workflowsFinal(workers, SETTLE_BOUND_MS)));
        const exact = await exactBalances(workers);
        violations.push(...exact.violations);
        const audit = await ledgerAudit(admin);
        violations.push(...audit.violations);
        const hooks = await webhooksDelivered(databaseUrl, admin, subscriptions, () => receiver.acknowledged, () => receiver.all, SETTLE_BOUND_MS);
        violations.push(...hooks.violations);
        const serverErrors = [admin, ...workers.map((worker) => worker.client)].reduce((sum, client) => sum + client.serverErrors, 0);
        const retries = workers.reduce((sum, worker) => sum + worker.client.retries, 0);
        const line: Record<string, unknown> = {
          chaos: name,
          seed: SEED,
          seconds: Math.round(seconds * 10) / 10,
          processes: PROCESSES,
          workers: WORKERS,
          modules: bankModules,
          ...figures,
          retries,
          answers_5xx: serverErrors,
          faults: faultFigures.injected,
          holdings_checked: exact.checked,
          accounts_skipped_ambiguous: exact.skipped,
          reconciled_pairs: audit.reconciled,
          webhook_events_expected: hooks.expected,
          webhook_requests_received: hooks.received,
          violations: violations.length,
          ...(violations.length ? { first_violations: violations.slice(0, 10) } : {}),
        };
        if (violations.length) failed = true;
        if (index === names.length - 1 && process.env.CHAOS_CONTROLS !== '0') {
          const controls = [...(await negativeControls(admin, workers, random)), ...(await webhookControls(databaseUrl, admin, subscriptions, receiver))];
          line.negative_controls = controls;
          if (controls.some((control) => !control.caught)) failed = true;
        }
        console.log(JSON.stringify(line));
        if (index === names.length - 1 && process.env.CHAOS_FUZZ !== '0') {
          const user = await admin.send('POST', '/api/v2/admin/users', { name: 'Fuzz', email: `fuzz-${SEED}@example.test` }, `fuzz-user-${SEED}`);
          const fuzz = await fuzzService({
            baseUrl: pool.urls()[0]!,
            databaseUrl,
            operatorKey: adminKey,
            userKey: user.body.data.api_key.key,
            client: new CarefulClient(() => pool.urls(), user.body.data.api_key.key, (n) => random.int(n)),
            seed: SEED,
            ...(process.env.CHAOS_FUZZ_LIMIT ? { limit: Number(process.env.CHAOS_FUZZ_LIMIT) } : {}),
          });
          if (fuzz.violations) failed = true;
          if (process.env.CHAOS_FUZZ_ROUTES !== '1') delete fuzz.per_route;
          console.log(JSON.stringify(fuzz));
        }
      } finally {
        await pool.stop();
        rmSync(dataDir, { recursive: true, force: true });
        rmSync(`${dataDir}.config.json`, { force: true });
      }
    }
  } finally {
    await receiver.down();
    await proxy.close();
    cluster.stop();
  }
  if (failed) process.exitCode = 1;
}

await main();

import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_ASSETS, DEFAULT_USD_PRICES } from '../../config/assets.js';
import { CarefulClient } from './careful-client.js';
import { exactBalances, ledgerAudit, workflowsFinal } from './checkers.js';
import { ClockJump } from './faults/clock-jump.js';
import type { PostgresCluster } from './faults/postgres-cluster.js';
import { startFaults, type FaultKind } from './faults/schedule.js';
import { TcpProxy } from './faults/tcp-proxy.js';
import type { ChaosWebhookReceiver } from './faults/webhook-receiver.js';
import { fuzzService } from './fuzz/run-fuzz.js';
import { CHAOS_MODULES } from './modules/index.js';
import { negativeControls } from './negative-controls.js';
import type { ChaosRandom } from './random.js';
import { ServicePool } from './service-pool.js';
import { subscribe, webhookControls, webhooksDelivered } from './webhooks.js';
import { createWorkers, runWorkload, type Violation } from './workload.js';

/**
 * One scenario of the chaos run (docs/reliability.md), shared by
 * `npm run chaos` (run.ts) and the slice in `npm test`
 * (chaos-slice.test.ts): two service processes on a fresh database
 * reached through the harness's TCP proxy, careful clients mixing every
 * registered operation while the faults strike, then every checker, and
 * optionally the negative controls and the OpenAPI fuzz.
 */
export interface ScenarioOptions {
  readonly name: string;
  readonly faults: readonly FaultKind[];
  /** A fault that strikes first, so a short run is sure to see it. */
  readonly firstFault?: FaultKind;
  readonly seed: number;
  readonly seconds: number;
  readonly workers: number;
  readonly maxOperations: number;
  readonly settleBoundMs: number;
  /** The database as the services reach it (through the proxy) and as the checkers read it directly. */
  readonly serviceDatabaseUrl: string;
  readonly directDatabaseUrl: string;
  readonly random: ChaosRandom;
  readonly proxy: TcpProxy;
  readonly receiver: ChaosWebhookReceiver;
  /** Only for the postgres-restart fault: the harness's own cluster. */
  readonly cluster?: PostgresCluster;
  readonly controls: boolean;
  readonly fuzz?: { readonly limit?: number; readonly perRoute: boolean };
}

export interface ScenarioResult {
  readonly line: Record<string, unknown>;
  readonly fuzz?: Record<string, unknown>;
  readonly failed: boolean;
}

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
/** Simulated bridges 60 times faster than the clock: a transfer between polygon and base takes seconds, within the settle bound. */
const CROSSCHAIN_CONFIG = { time_scale: 60 };

export async function runScenario(options: ScenarioOptions): Promise<ScenarioResult> {
  const { random, receiver, seed } = options;
  const modules = CHAOS_MODULES;
  const bankModules = [...new Set(['core-banking', 'webhooks', ...modules.flatMap((module) => module.modules)])].join(',');
  const dataDir = mkdtempSync(join(tmpdir(), 'bank-chaos-'));
  const pluginConfig = Object.assign({ webhooks: WEBHOOKS_CONFIG, crosschain: CROSSCHAIN_CONFIG }, ...modules.map((module) => module.pluginConfig ?? {}));
  // Assets a module adds (stablecoin's token) join the default catalogue, each with its price.
  const extraAssets = modules.flatMap((module) => module.assets ?? []);
  const catalogue = extraAssets.length
    ? { assets: [...DEFAULT_ASSETS, ...extraAssets.map(({ usdPrice: _, ...asset }) => asset)], usdPrices: { ...DEFAULT_USD_PRICES, ...Object.fromEntries(extraAssets.map((asset) => [asset.code, asset.usdPrice])) } }
    : {};
  writeFileSync(`${dataDir}.config.json`, JSON.stringify({ http: { rateLimitPerMinute: 0 }, ...catalogue, pluginConfig }));
  const adminKey = `fak_chaos_${randomBytes(24).toString('hex')}`;
  const clock = new ClockJump(`${dataDir}.clock`);
  const pool = new ServicePool({
    BANK_STORE: 'postgres',
    DATABASE_URL: options.serviceDatabaseUrl,
    BANK_DATA_DIR: dataDir,
    BANK_ADMIN_KEY: adminKey,
    BANK_MODULES: bankModules,
    BANK_LOG_LEVEL: 'error',
    BANK_CONFIG: `${dataDir}.config.json`,
    CHAOS_CLOCK_FILE: clock.file,
  });
  // The service's public address: a front door to whichever processes are alive.
  const frontDoor = new TcpProxy(() => {
    const live = pool.urls();
    return live.length ? Number(new URL(live[random.int(live.length)]!).port) : undefined;
  });
  const serviceUrl = `http://127.0.0.1:${await frontDoor.listen()}`;
  try {
    await pool.start(PROCESSES);
    const admin = new CarefulClient(() => pool.urls(), adminKey, (n) => random.int(n));
    const workers = await createWorkers(admin, () => pool.urls(), modules, options.workers, random);
    receiver.all.length = 0;
    receiver.acknowledged.length = 0;
    const subscriptions = await subscribe(workers, receiver, () => random.hex(16));
    const violations: Violation[] = [];
    const started = Date.now();
    const until = started + options.seconds * 1000;
    const faultRun = startFaults(options.faults, random, pool, options.proxy, { receiver, cluster: options.cluster, clock, first: options.firstFault });
    // The faults stop before anything else happens, even when the workload throws: a respawn must not race the pool's stop.
    const figures = await runWorkload(workers, modules, random, () => Date.now() < until, options.maxOperations, violations, serviceUrl).finally(() => faultRun.stop());
    const faultFigures = await faultRun.stop();
    const seconds = (Date.now() - started) / 1000;
    violations.push(...(await workflowsFinal(workers, options.settleBoundMs)));
    const exact = await exactBalances(workers);
    violations.push(...exact.violations);
    const audit = await ledgerAudit(admin);
    violations.push(...audit.violations);
    const hooks = await webhooksDelivered(options.directDatabaseUrl, admin, subscriptions, () => receiver.acknowledged, () => receiver.all, options.settleBoundMs);
    violations.push(...hooks.violations);
    const serverErrors = [admin, ...workers.map((worker) => worker.client)].reduce((sum, client) => sum + client.serverErrors, 0);
    const internalErrors = [admin, ...workers.map((worker) => worker.client)].reduce((sum, client) => sum + client.internalErrors, 0);
    const retries = workers.reduce((sum, worker) => sum + worker.client.retries, 0);
    const line: Record<string, unknown> = {
      chaos: options.name,
      seed,
      seconds: Math.round(seconds * 10) / 10,
      processes: PROCESSES,
      workers: options.workers,
      modules: bankModules,
      ...figures,
      retries,
      answers_5xx: serverErrors,
      answers_500: internalErrors,
      faults: faultFigures.injected,
      ...(clock.jumps ? { clock_jumped_ms: clock.offsetMs } : {}),
      holdings_checked: exact.checked,
      accounts_skipped_ambiguous: exact.skipped,
      reconciled_pairs: audit.reconciled,
      webhook_events_expected: hooks.expected,
      webhook_requests_received: hooks.received,
      ...Object.fromEntries(modules.flatMap((module) => (module.figures ? [[module.name, module.figures()]] : []))),
      violations: violations.length,
      ...(violations.length ? { first_violations: violations.slice(0, 10) } : {}),
    };
    let failed = violations.length > 0;
    if (options.controls) {
      const controls = [...(await negativeControls(admin, workers, random)), ...(await webhookControls(options.directDatabaseUrl, admin, subscriptions, receiver))];
      line.negative_controls = controls;
      if (controls.some((control) => !control.caught)) failed = true;
    }
    if (!options.fuzz) return { line, failed };
    const user = await admin.send('POST', '/api/v2/admin/users', { name: 'Fuzz', email: `fuzz-${seed}@example.test` }, `fuzz-user-${seed}`);
    const fuzz = await fuzzService({
      baseUrl: pool.urls()[0]!,
      databaseUrl: options.directDatabaseUrl,
      operatorKey: adminKey,
      userKey: user.body.data.api_key.key,
      client: new CarefulClient(() => pool.urls(), user.body.data.api_key.key, (n) => random.int(n)),
      seed,
      ...(options.fuzz.limit !== undefined ? { limit: options.fuzz.limit } : {}),
    });
    if (fuzz.violations) failed = true;
    if (!options.fuzz.perRoute) delete fuzz.per_route;
    return { line, fuzz, failed };
  } finally {
    await pool.stop();
    await frontDoor.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(`${dataDir}.config.json`, { force: true });
    rmSync(clock.file, { force: true });
  }
}

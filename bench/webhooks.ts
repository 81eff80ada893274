import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { databaseName, ownCpuMs, PostgresCpuSampler, processCpuMs } from './cpu.js';
import { JsonClient, runConcurrently } from './http-client.js';
import { auditLedger } from './ledger-audit.js';
import { analyzeBenchDatabase, benchConfigFile, freshBenchDatabase, startService } from './service-process.js';

/**
 * `npm run bench:webhooks`: deposits from BENCH_CONNECTIONS (16) keep-alive
 * connections for BENCH_SECONDS (10) against `npm start`'s process, with
 * BENCH_SUBSCRIPTIONS (4) webhooks of one team subscribed to every event, each
 * at its own path of one local receiver answering 204: every event is
 * delivered that many times, so the figure measures delivery, not how fast
 * deposits can be created. Prints one JSON line: deliveries per second
 * (first deposit to last delivery), event-to-delivery latency (the body's
 * created_at to arrival) p50/p99, missing and duplicate deliveries, and the
 * CPU each delivery cost in the service, PostgreSQL and this process (the
 * load generator and the receiver), with this process's event-loop
 * utilisation: below 1 it was not the bottleneck. BENCH_DEPOSITS_PER_S paces
 * the deposits (each is 2 × BENCH_SUBSCRIPTIONS deliveries): unpaced, the
 * connections offer more than is delivered and p50 is the backlog's age.
 * Uses PostgreSQL when
 * DATABASE_URL is set (a fresh <database>_bench_webhooks database), else
 * PGlite in a temporary directory. BENCH_BASELINE=1: no subscription, to see
 * what the same load costs without webhooks.
 *
 * Before the measured run, BENCH_WARM_UP_DEPOSITS (200) deposits are made and
 * delivered, not counted, and on PostgreSQL the database is VACUUM ANALYZEd:
 * a deployment runs autovacuum, which gathers the planner's statistics once
 * tables have rows; this machine's PostgreSQL runs without it, and plans made
 * on empty tables (sequential scans of `events`) would stay in use.
 */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const SUBSCRIPTIONS = process.env.BENCH_BASELINE === '1' ? 0 : Number(process.env.BENCH_SUBSCRIPTIONS ?? 4);
const WARM_UP_DEPOSITS = Number(process.env.BENCH_WARM_UP_DEPOSITS ?? 200);
/** 0: as fast as the connections go. A rate below that measures latency at a load the service keeps up with. */
const DEPOSITS_PER_S = Number(process.env.BENCH_DEPOSITS_PER_S ?? 0);
const DRAIN_TIMEOUT_MS = 120_000;
/** A deposit commits account.balance_updated and deposit.completed. */
const EVENTS_PER_DEPOSIT = 2;

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function main(): Promise<void> {
  const store = process.env.DATABASE_URL ? 'postgres' : 'pglite';
  const databaseUrl = store === 'postgres' ? await freshBenchDatabase(process.env.DATABASE_URL!, '_bench_webhooks') : undefined;
  const dataDir = mkdtempSync(join(tmpdir(), 'bank-bench-webhooks-'));
  const adminKey = `fak_bench_${randomBytes(24).toString('hex')}`;

  const latencies: number[] = [];
  // Each (subscription path, event id) once; an event's arrivals across the subscriptions.
  const seen = new Set<string>();
  const perEvent = new Map<string, number>();
  const types: Record<string, number> = {};
  let duplicates = 0;
  let lastArrival = 0;
  const receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const arrived = Date.now();
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id: string; event_type: string; created_at: string };
      const key = `${req.url} ${body.id}`;
      if (seen.has(key)) duplicates += 1;
      else {
        seen.add(key);
        perEvent.set(body.id, (perEvent.get(body.id) ?? 0) + 1);
        types[body.event_type] = (types[body.event_type] ?? 0) + 1;
        latencies.push(arrived - Date.parse(body.created_at));
      }
      lastArrival = arrived;
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;

  const service = await startService({
    BANK_STORE: store,
    BANK_DATA_DIR: dataDir,
    BANK_ADMIN_KEY: adminKey,
    BANK_MODULES: 'core-banking,webhooks',
    BANK_WEBHOOK_ALLOW_PRIVATE: 'true',
    // A JSON log line per request would cost the service and this process more than some of what is measured.
    BANK_LOG_LEVEL: 'warn',
    BANK_CONFIG: benchConfigFile(dataDir),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const admin = new JsonClient(service.url, 1, adminKey);
  try {
    const created = await admin.send('POST', '/api/v2/admin/users', { name: 'Bench', email: 'bench@example.test' });
    const client = new JsonClient(service.url, CONNECTIONS, created.body.data.api_key.key);
    for (let i = 0; i < SUBSCRIPTIONS; i++) {
      const hook = await client.send('POST', '/api/v2/webhooks', { url: `${receiverUrl}/${i}`, events: ['*'] });
      if (hook.status !== 201) throw new Error(`webhook not created: ${JSON.stringify(hook.body)}`);
    }
    const accounts: string[] = [];
    for (let i = 0; i < CONNECTIONS; i++) {
      const account = await client.send('POST', '/api/v2/accounts', { name: `bench ${i}`, type: 'personal' });
      accounts.push(account.body.data.uuid);
    }
    // The warm-up and the account.created deliveries are not part of the measured run.
    let warmUps = 0;
    await runConcurrently(CONNECTIONS, () => warmUps < WARM_UP_DEPOSITS, async (worker) => {
      warmUps += 1;
      const response = await client.send('POST', `/api/v2/accounts/${accounts[worker]}/deposit`, { amount: '1.00', asset_code: 'USD' });
      if (response.status !== 201) throw new Error(`warm-up deposit answered ${response.status}`);
    });
    const warmDeliveries = SUBSCRIPTIONS * (accounts.length + EVENTS_PER_DEPOSIT * warmUps);
    const warmDeadline = Date.now() + DRAIN_TIMEOUT_MS;
    while (seen.size < warmDeliveries && Date.now() < warmDeadline) await new Promise((resolve) => setTimeout(resolve, 20));
    if (seen.size < warmDeliveries) throw new Error(`warm-up: ${seen.size} of ${warmDeliveries} deliveries arrived`);
    if (databaseUrl) await analyzeBenchDatabase(databaseUrl);
    const before = seen.size;
    const eventsBefore = perEvent.size;

    const postgresCpu = databaseUrl ? new PostgresCpuSampler(databaseUrl, databaseName(databaseUrl)) : undefined;
    await postgresCpu?.start();
    const serviceCpuBefore = processCpuMs(service.child.pid!)!;
    const ownCpuBefore = ownCpuMs();
    const loopBefore = performance.eventLoopUtilization();
    latencies.length = 0;
    let deposits = 0;
    const statuses: Record<string, number> = {};
    const stopAt = Date.now() + SECONDS * 1000;
    const started = Date.now();
    let ticket = 0;
    await runConcurrently(CONNECTIONS, () => Date.now() < stopAt, async (worker) => {
      // Paced: the n-th deposit starts no earlier than n / rate seconds into the run, and none after its end.
      const due = DEPOSITS_PER_S > 0 ? started + (ticket++ * 1000) / DEPOSITS_PER_S : 0;
      if (due > Date.now()) await new Promise((resolve) => setTimeout(resolve, Math.min(due, stopAt) - Date.now()));
      if (due >= stopAt) return;
      const response = await client.send('POST', `/api/v2/accounts/${accounts[worker]}/deposit`, { amount: '1.00', asset_code: 'USD' });
      statuses[response.status] = (statuses[response.status] ?? 0) + 1;
      if (response.status === 201) deposits += 1;
    });
    const loadEnded = Date.now();
    // Every event must reach every subscription: each deposit answered 201 committed EVENTS_PER_DEPOSIT events, and
    // an event that reached some subscriptions but not all counts as missing for the others.
    const deadline = Date.now() + DRAIN_TIMEOUT_MS;
    const expectedEvents = () => EVENTS_PER_DEPOSIT * deposits;
    const complete = () => SUBSCRIPTIONS === 0 || ([...perEvent.values()].every((n) => n === SUBSCRIPTIONS) && perEvent.size - eventsBefore >= expectedEvents());
    while (!complete() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    const cpuMs = {
      service: processCpuMs(service.child.pid!)! - serviceCpuBefore,
      postgres: (await postgresCpu?.stop()) ?? 0,
      load_generator_and_receiver: ownCpuMs() - ownCpuBefore,
    };
    const loop = performance.eventLoopUtilization(loopBefore);
    const delivered = seen.size - before;
    const events = perEvent.size - eventsBefore;
    const missing = [...perEvent.values()].reduce((sum, n) => sum + (SUBSCRIPTIONS - n), 0) + SUBSCRIPTIONS * Math.max(0, expectedEvents() - events);
    const sorted = [...latencies].sort((a, b) => a - b);
    const deliverySeconds = (lastArrival - started) / 1000;
    const perDelivery = (ms: number) => Number((ms / Math.max(1, delivered)).toFixed(3));
    process.stdout.write(
      JSON.stringify({
        webhook_deliveries_per_s: Math.round(delivered / deliverySeconds),
        event_to_delivery_p50_ms: percentile(sorted, 50),
        event_to_delivery_p99_ms: percentile(sorted, 99),
        store,
        subscriptions: SUBSCRIPTIONS,
        connections: CONNECTIONS,
        deposits_per_s_offered: DEPOSITS_PER_S || 'unpaced',
        deposits_per_s: Math.round(deposits / ((loadEnded - started) / 1000)),
        statuses,
        events: expectedEvents(),
        events_seen: events,
        event_types: types,
        delivered,
        duplicates,
        missing,
        backlog_drained_s: SUBSCRIPTIONS === 0 ? 0 : Number(((lastArrival - loadEnded) / 1000).toFixed(2)),
        cpu_ms_per_delivery: {
          service: perDelivery(cpuMs.service),
          postgres: perDelivery(cpuMs.postgres),
          load_generator_and_receiver: perDelivery(cpuMs.load_generator_and_receiver),
          total: perDelivery(cpuMs.service + cpuMs.postgres + cpuMs.load_generator_and_receiver),
        },
        // With BENCH_BASELINE=1 the same load without webhooks: the difference per deposit is what its deliveries cost.
        cpu_ms_per_deposit: {
          service: Number((cpuMs.service / Math.max(1, deposits)).toFixed(3)),
          postgres: Number((cpuMs.postgres / Math.max(1, deposits)).toFixed(3)),
        },
        bench_event_loop_utilization: Number(loop.utilization.toFixed(2)),
        peak_rss_mb: service.peakRssMb(),
        ledger_audit: await auditLedger(admin),
      }) + '\n',
    );
    client.close();
    if (missing > 0 || duplicates > 0) process.exitCode = 1;
  } finally {
    admin.close();
    await service.stop();
    receiver.closeAllConnections();
    receiver.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(`${dataDir}.config.json`, { force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${(error as Error)?.stack ?? String(error)}\n`);
  process.exit(1);
});

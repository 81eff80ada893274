import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { formatMinor, parseDecimal } from '../kernel/money/decimal.js';
import { JsonClient, runConcurrently } from './http-client.js';
import { auditLedger } from './ledger-audit.js';
import { databaseName, ownCpuMs, PostgresCpuSampler, processTreeCpuMs, type WalCount } from './cpu.js';
import { runPgbench } from './pgbench.js';
import { analyzeBenchDatabase, benchConfigFile, freshBenchDatabase, startService } from './service-process.js';

/**
 * `npm run bench`: POST /api/v2/transfers over keep-alive HTTP from 8
 * connections for a fixed time between random pairs of 10,000 accounts,
 * waits until every one has settled, checks conservation through the API and
 * prints one JSON line: creation rate and latency, the settled rate
 * (transfers ÷ time until the last settled, less the settlement delay),
 * answers by status, PostgreSQL deadlocks during the run, and the ratio of
 * the creation rate to pgbench's TPC-B-like rate on the same database and
 * connection count. BENCH_IDEMPOTENCY=1 sends a fresh Idempotency-Key with
 * every transfer (the keyed path). BENCH_STORE=memory|pglite|postgres picks
 * the store (default postgres when DATABASE_URL is set, else pglite); the
 * memory store runs the whole service with no database at all, the ceiling
 * any database adapter can approach on the machine (pgbench still runs for
 * the ratio when DATABASE_URL is set). BANK_WORKERS passes on to the service
 * (several serving processes on PostgreSQL): its CPU is then the primary's and
 * every worker's.
 */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 10_000);
const CONNECTIONS = 8;
const KEYED = process.env.BENCH_IDEMPOTENCY === '1';
const DEPOSIT = '1000.00';
const AMOUNT = '1.00';
/** core-banking's default settlement_delay_ms: a transfer is due this long after creation. */
const SETTLEMENT_DELAY_S = 2;
/** Transfers before the measured run, not counted (see the warm-up below). */
const WARM_UP_S = 3;

function minor(decimal: string): bigint {
  const parsed = parseDecimal(decimal, 2);
  if (!parsed.ok) throw new Error(`bad amount ${decimal}`);
  return parsed.minor;
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** PostgreSQL's own deadlock counter for the bench database. */
async function deadlocks(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('select pg_stat_clear_snapshot()');
    const { rows } = await client.query('select deadlocks from pg_stat_database where datname = current_database()');
    return Number(rows[0].deadlocks);
  } finally {
    await client.end();
  }
}

/** Each process's CPU divided by the operations it served, in ms, with the total. */
function perOperation(cpuMs: Record<string, number>, operations: number): Record<string, number> & { total: number } {
  const each = Object.fromEntries(Object.entries(cpuMs).map(([name, ms]) => [name, Number((ms / operations).toFixed(3))]));
  const total = Object.values(cpuMs).reduce((sum, ms) => sum + ms, 0);
  return { ...each, total: Number((total / operations).toFixed(3)) };
}

/** WAL records and bytes per operation: what PostgreSQL had to log for it, unmoved by the machine's noise. */
function walPerOperation(wal: WalCount, operations: number): { records: number; bytes: number; fpi: number } {
  return { records: Number((wal.records / operations).toFixed(1)), bytes: Math.round(wal.bytes / operations), fpi: Number((wal.fullPageImages / operations).toFixed(2)) };
}

async function main(): Promise<void> {
  const store = process.env.BENCH_STORE ?? (process.env.DATABASE_URL ? 'postgres' : 'pglite');
  if (!['memory', 'pglite', 'postgres'].includes(store)) throw new Error(`BENCH_STORE must be memory, pglite or postgres, not ${store}`);
  if (store === 'postgres' && !process.env.DATABASE_URL) throw new Error('BENCH_STORE=postgres needs DATABASE_URL');
  const databaseUrl = store === 'postgres' ? await freshBenchDatabase(process.env.DATABASE_URL!, '_bench') : undefined;
  const referenceUrl = process.env.DATABASE_URL;
  const dataDir = mkdtempSync(join(tmpdir(), 'bank-bench-'));
  const adminKey = `fak_bench_${randomBytes(24).toString('hex')}`;
  const service = await startService({
    BANK_STORE: store,
    BANK_DATA_DIR: dataDir,
    BANK_ADMIN_KEY: adminKey,
    // BENCH_MODULES= (empty) enables every module, as `npm start` does, for its resident memory.
    BANK_MODULES: process.env.BENCH_MODULES ?? 'core-banking',
    BANK_LOG_LEVEL: 'warn',
    // The bench drives one API key far past the default 600 requests/minute.
    BANK_CONFIG: benchConfigFile(dataDir),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const admin = new JsonClient(service.url, CONNECTIONS, adminKey);
  try {
    const created = await admin.send('POST', '/api/v2/admin/users', { name: 'Bench', email: 'bench@example.test' });
    const client = new JsonClient(service.url, CONNECTIONS, created.body.data.api_key.key);

    const accounts: string[] = [];
    let next = 0;
    await runConcurrently(CONNECTIONS, () => next < ACCOUNTS, async () => {
      next += 1;
      const account = await client.send('POST', '/api/v2/accounts', { name: `bench ${next}`, type: 'personal' });
      await client.send('POST', `/api/v2/accounts/${account.body.data.uuid}/deposit`, { amount: DEPOSIT, asset_code: 'USD' });
      accounts.push(account.body.data.uuid);
    });

    let fees = 0n;
    const transfer = async (): Promise<{ status: number; ms: number }> => {
      const from = accounts[Math.floor(Math.random() * accounts.length)]!;
      let to = from;
      while (to === from) to = accounts[Math.floor(Math.random() * accounts.length)]!;
      const begin = performance.now();
      const headers: Record<string, string> = KEYED ? { 'idempotency-key': randomBytes(12).toString('hex') } : {};
      const response = await client.send('POST', '/api/v2/transfers', { from_account: from, to_account: to, amount: AMOUNT, asset_code: 'USD' }, undefined, headers);
      if (response.status >= 200 && response.status < 300) fees += minor(response.body.data.fees.transfer_fee);
      return { status: response.status, ms: performance.now() - begin };
    };

    // A warm-up, not counted, so every table has rows; then VACUUM ANALYZE, as pgbench -i ends with
    // for its own tables. The planner then plans with statistics, as on a database that has been
    // running with autovacuum (CI's PostgreSQL runs without it).
    const warmUntil = Date.now() + WARM_UP_S * 1000;
    await runConcurrently(CONNECTIONS, () => Date.now() < warmUntil, async () => void (await transfer()));
    if (databaseUrl) await analyzeBenchDatabase(databaseUrl);

    const latencies: number[] = [];
    const statuses: Record<string, number> = {};
    let refused = 0;
    const deadlocksBefore = databaseUrl ? await deadlocks(databaseUrl) : 0;
    // CPU over the measured run and its settlement: the service, PostgreSQL's processes, this load generator.
    const postgresCpu = databaseUrl ? new PostgresCpuSampler(databaseUrl, databaseName(databaseUrl)) : undefined;
    await postgresCpu?.start();
    const serviceCpuBefore = processTreeCpuMs(service.child.pid!);
    const ownCpuBefore = ownCpuMs();
    const stopAt = Date.now() + SECONDS * 1000;
    const started = performance.now();
    await runConcurrently(CONNECTIONS, () => Date.now() < stopAt, async () => {
      const { status, ms } = await transfer();
      statuses[status] = (statuses[status] ?? 0) + 1;
      if (status >= 200 && status < 300) latencies.push(ms);
      else refused += 1;
    });
    const elapsedS = (performance.now() - started) / 1000;
    const peakRssMb = service.peakRssMb();

    // Settlement is asynchronous: wait until no transaction of the team is pending any more.
    for (let tries = 0; ; tries += 1) {
      const pending = await client.send('GET', '/api/v2/transactions?status=pending&per_page=1');
      if (pending.body.meta.total === 0) break;
      if (tries > 1200) throw new Error(`${pending.body.meta.total} transfers did not settle`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // Creation can outrun settlement for a while; this counts both, so a growing backlog shows.
    const settledS = (performance.now() - started) / 1000 - SETTLEMENT_DELAY_S;
    const cpuMs = {
      service: processTreeCpuMs(service.child.pid!) - serviceCpuBefore,
      postgres: (await postgresCpu?.stop()) ?? 0,
      load_generator: ownCpuMs() - ownCpuBefore,
    };
    let total = 0n;
    let negative = 0;
    await runConcurrently(CONNECTIONS, () => accounts.length > 0, async () => {
      const id = accounts.pop()!;
      const balances = await client.send('GET', `/api/v2/accounts/${id}/balances`);
      for (const balance of balances.body.data.balances) {
        total += minor(balance.total_balance);
        if (balance.available_balance.startsWith('-') || balance.reserved_balance.startsWith('-')) negative += 1;
      }
    });
    const deposited = minor(DEPOSIT) * BigInt(ACCOUNTS);
    const conserved = total + fees === deposited && negative === 0;
    client.close();

    const sorted = [...latencies].sort((a, b) => a - b);
    const result: Record<string, unknown> = {
      transfers_per_s: Math.round(latencies.length / elapsedS),
      settled_per_s: Math.round(latencies.length / Math.max(settledS, elapsedS)),
      p50_ms: Number(percentile(sorted, 50).toFixed(2)),
      p99_ms: Number(percentile(sorted, 99).toFixed(2)),
      peak_rss_mb: peakRssMb,
      store,
      keyed: KEYED,
      transfers: latencies.length,
      refused,
      statuses,
      ...(databaseUrl ? { deadlocks: (await deadlocks(databaseUrl)) - deadlocksBefore } : {}),
      seconds: Number(elapsedS.toFixed(1)),
      cpu_ms_per_transfer: perOperation(cpuMs, latencies.length),
      ...(postgresCpu ? { wal_per_transfer: walPerOperation(postgresCpu.wal, latencies.length) } : {}),
      ledger_audit: await auditLedger(admin),
      conservation: conserved ? 'ok' : `FAILED: balances ${formatMinor(total, 2)} + fees ${formatMinor(fees, 2)} != deposits ${formatMinor(deposited, 2)}, negative ${negative}`,
    };
    if (referenceUrl) {
      const pgbench = await runPgbench(databaseUrl ?? (await freshBenchDatabase(referenceUrl, '_bench')), SECONDS, CONNECTIONS);
      if (pgbench !== undefined) {
        result.pgbench_tps = Math.round(pgbench.tps);
        result.ratio = Number(((result.transfers_per_s as number) / pgbench.tps).toFixed(2));
        const pgbenchCpu = perOperation({ pgbench: pgbench.pgbenchCpuMs, postgres: pgbench.postgresCpuMs }, pgbench.transactions);
        result.pgbench_cpu_ms_per_tx = pgbenchCpu;
        result.cpu_ratio = Number(((result.cpu_ms_per_transfer as { total: number }).total / pgbenchCpu.total).toFixed(2));
        result.pgbench_wal_per_tx = walPerOperation(pgbench.wal, pgbench.transactions);
      }
    }
    process.stdout.write(JSON.stringify(result) + '\n');
    if (!conserved) process.exitCode = 1;
  } finally {
    admin.close();
    await service.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(`${dataDir}.config.json`, { force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${(error as Error)?.stack ?? String(error)}\n`);
  process.exit(1);
});

import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JsonClient, runConcurrently } from './http-client.js';
import { benchConfigFile, freshBenchDatabase, startService } from './service-process.js';

/**
 * `npm run bench:defi`: GET /api/v2/defi/swap/quote over keep-alive HTTP
 * from 8 connections for a fixed time, against a service in its own process
 * with the chains and DeFi modules, cycling through trades that take every
 * kind of route (a direct pair, two hops through a hub, Curve's 3pool) on
 * several chains. Each quote evaluates every pool and route and is stored.
 * Prints one JSON line: quotes/s, latency percentiles, answers by status.
 * BENCH_STORE=memory|pglite|postgres (default postgres with DATABASE_URL).
 */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 8;
const WARM_UP_S = 2;
const TRADES = [
  'from=USDC&to=WETH&amount=2500&chain=ethereum',
  'from=WETH&to=USDC&amount=1.5&chain=base',
  'from=DAI&to=WBTC&amount=10000&chain=arbitrum',
  'from=USDC&to=DAI&amount=50000&chain=ethereum',
  'from=USDT&to=WETH&amount=900&chain=polygon',
  'from=WBTC&to=USDT&amount=0.2&chain=optimism',
];

function percentile(sorted: readonly number[], p: number): number {
  return sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function main(): Promise<void> {
  const store = process.env.BENCH_STORE ?? (process.env.DATABASE_URL ? 'postgres' : 'pglite');
  if (store === 'postgres' && !process.env.DATABASE_URL) throw new Error('BENCH_STORE=postgres needs DATABASE_URL');
  const databaseUrl = store === 'postgres' ? await freshBenchDatabase(process.env.DATABASE_URL!, 'bank_bench_defi') : undefined;
  const dataDir = mkdtempSync(join(tmpdir(), 'bank-bench-defi-'));
  const adminKey = `fak_bench_${randomBytes(24).toString('hex')}`;
  const service = await startService({
    BANK_STORE: store,
    BANK_DATA_DIR: dataDir,
    BANK_ADMIN_KEY: adminKey,
    BANK_MODULES: 'core-banking,chains,defi',
    BANK_LOG_LEVEL: 'warn',
    BANK_CONFIG: benchConfigFile(dataDir),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const admin = new JsonClient(service.url, CONNECTIONS, adminKey);
  try {
    const created = await admin.send('POST', '/api/v2/admin/users', { name: 'Bench', email: 'bench@example.test' });
    const client = new JsonClient(service.url, CONNECTIONS, created.body.data.api_key.key);
    let next = 0;
    const quote = async (): Promise<{ status: number; ms: number }> => {
      const trade = TRADES[next++ % TRADES.length]!;
      const begin = performance.now();
      const response = await client.send('GET', `/api/v2/defi/swap/quote?${trade}`);
      return { status: response.status, ms: performance.now() - begin };
    };
    const warmUntil = Date.now() + WARM_UP_S * 1000;
    await runConcurrently(CONNECTIONS, () => Date.now() < warmUntil, async () => void (await quote()));

    const latencies: number[] = [];
    const statuses: Record<string, number> = {};
    const started = Date.now();
    const until = started + SECONDS * 1000;
    await runConcurrently(CONNECTIONS, () => Date.now() < until, async () => {
      const { status, ms } = await quote();
      statuses[status] = (statuses[status] ?? 0) + 1;
      latencies.push(ms);
    });
    const elapsed = (Date.now() - started) / 1000;
    const sorted = latencies.sort((a, b) => a - b);
    const round = (value: number) => Math.round(value * 100) / 100;
    console.log(
      JSON.stringify({
        bench: 'defi-quotes',
        store,
        seconds: round(elapsed),
        connections: CONNECTIONS,
        quotes_per_second: round(latencies.length / elapsed),
        latency_ms: { p50: round(percentile(sorted, 50)), p95: round(percentile(sorted, 95)), p99: round(percentile(sorted, 99)) },
        statuses,
        peak_rss_mb: service.peakRssMb(),
      }),
    );
    client.close();
  } finally {
    admin.close();
    await service.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(`${dataDir}.config.json`, { force: true });
  }
}

await main();

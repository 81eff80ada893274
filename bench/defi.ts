import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JsonClient, runConcurrently } from './http-client.js';
import { auditLedger } from './ledger-audit.js';
import { benchConfigFile, freshBenchDatabase, startService } from './service-process.js';

/**
 * `npm run bench:defi`: against a service in its own process with the
 * chains and DeFi modules, over keep-alive HTTP from 8 connections for a
 * fixed time each:
 * - quotes: GET /api/v2/defi/swap/quote cycling through trades that take
 *   every kind of route (a direct pair, two hops through a hub, Curve's
 *   3pool) on several chains; each evaluates every pool and route and is stored;
 * - swaps: POST /api/v2/defi/swap/execute, each connection its own account
 *   trading USDC and WETH back and forth on two chains, so swaps contend
 *   for the same pools' locks; each locks the route's pools, trades them,
 *   moves the holdings through the ledger and mirrors it on chain.
 * Prints one JSON line per phase: operations/s, latency percentiles,
 * answers by status. BENCH_STORE=memory|pglite|postgres (default postgres
 * with DATABASE_URL).
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

/** Swaps trade on these chains, so connections contend for their pools. */
const SWAP_CHAINS = ['ethereum', 'base'];

function percentile(sorted: readonly number[], p: number): number {
  return sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function main(): Promise<void> {
  const store = process.env.BENCH_STORE ?? (process.env.DATABASE_URL ? 'postgres' : 'pglite');
  if (store === 'postgres' && !process.env.DATABASE_URL) throw new Error('BENCH_STORE=postgres needs DATABASE_URL');
  const databaseUrl = store === 'postgres' ? await freshBenchDatabase(process.env.DATABASE_URL!, '_bench_defi') : undefined;
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
    const timed = async (send: () => Promise<{ status: number }>): Promise<{ status: number; ms: number }> => {
      const begin = performance.now();
      const response = await send();
      return { status: response.status, ms: performance.now() - begin };
    };
    const quote = () => timed(() => client.send('GET', `/api/v2/defi/swap/quote?${TRADES[next++ % TRADES.length]!}`));
    const measure = async (bench: string, perSecond: string, operation: () => Promise<{ status: number; ms: number }>): Promise<void> => {
      const warmUntil = Date.now() + WARM_UP_S * 1000;
      await runConcurrently(CONNECTIONS, () => Date.now() < warmUntil, async () => void (await operation()));
      const latencies: number[] = [];
      const statuses: Record<string, number> = {};
      const started = Date.now();
      const until = started + SECONDS * 1000;
      await runConcurrently(CONNECTIONS, () => Date.now() < until, async () => {
        const { status, ms } = await operation();
        statuses[status] = (statuses[status] ?? 0) + 1;
        latencies.push(ms);
      });
      const elapsed = (Date.now() - started) / 1000;
      const sorted = latencies.sort((a, b) => a - b);
      const round = (value: number) => Math.round(value * 100) / 100;
      console.log(
        JSON.stringify({
          bench,
          store,
          seconds: round(elapsed),
          connections: CONNECTIONS,
          [perSecond]: round(latencies.length / elapsed),
          latency_ms: { p50: round(percentile(sorted, 50)), p95: round(percentile(sorted, 95)), p99: round(percentile(sorted, 99)) },
          statuses,
          peak_rss_mb: service.peakRssMb(),
        }),
      );
    };
    await measure('defi-quotes', 'quotes_per_second', quote);

    // One account per connection, funded on both chains; a swap alternates direction so the holdings never run out.
    const accounts: string[] = [];
    for (let i = 0; i < CONNECTIONS; i++) {
      const id = (await client.send('POST', '/api/v2/accounts', { name: `Swapper ${i}`, type: 'business' })).body.data.uuid as string;
      for (const chain of SWAP_CHAINS) {
        await client.send('POST', `/api/v2/accounts/${id}/deposit`, { amount: '10000000', asset_code: 'USDC', chain });
        await client.send('POST', `/api/v2/accounts/${id}/deposit`, { amount: '5000', asset_code: 'WETH', chain });
      }
      accounts.push(id);
    }
    let swaps = 0;
    const swap = () => {
      const n = swaps++;
      const [from, to, amount] = n % 2 === 0 ? ['USDC', 'WETH', '2500'] : ['WETH', 'USDC', '0.7'];
      const body = { from_token: from, to_token: to, amount, slippage_bps: 5000, chain: SWAP_CHAINS[Math.floor(n / 2) % SWAP_CHAINS.length], account_id: accounts[n % CONNECTIONS] };
      return timed(() => client.send('POST', '/api/v2/defi/swap/execute', body));
    };
    await measure('defi-swaps', 'swaps_per_second', swap);
    console.log(JSON.stringify({ bench: 'defi-ledger-audit', ledger_audit: await auditLedger(admin) }));
    client.close();
  } finally {
    admin.close();
    await service.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(`${dataDir}.config.json`, { force: true });
  }
}

await main();

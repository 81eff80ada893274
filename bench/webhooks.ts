import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JsonClient, runConcurrently } from './http-client.js';
import { benchConfigFile, freshBenchDatabase, startService } from './service-process.js';

/**
 * `npm run bench:webhooks`: deposits from 8 keep-alive connections for a
 * fixed time against `npm start`'s process, with one webhook subscribed to
 * every event and a local receiver answering 200. Prints one JSON line:
 * webhook deliveries per second (first event to last delivery) and
 * event-to-delivery latency (the body's created_at to arrival) p50/p99.
 * Uses PostgreSQL when DATABASE_URL is set (a fresh <database>_bench_webhooks
 * database), else PGlite in a temporary directory.
 */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 8;
const DRAIN_TIMEOUT_MS = 120_000;

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
  const seen = new Set<string>();
  let duplicates = 0;
  let lastArrival = 0;
  const receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const arrived = Date.now();
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id: string; created_at: string };
      if (seen.has(body.id)) duplicates += 1;
      else {
        seen.add(body.id);
        latencies.push(arrived - Date.parse(body.created_at));
      }
      lastArrival = arrived;
      res.writeHead(200).end();
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
    BANK_CONFIG: benchConfigFile(dataDir),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const admin = new JsonClient(service.url, 1, adminKey);
  try {
    const created = await admin.send('POST', '/api/v2/admin/users', { name: 'Bench', email: 'bench@example.test' });
    const client = new JsonClient(service.url, CONNECTIONS, created.body.data.api_key.key);
    // BENCH_BASELINE=1: no subscription, to see what the same load costs without webhooks.
    const baseline = process.env.BENCH_BASELINE === '1';
    if (!baseline) {
      const hook = await client.send('POST', '/api/v2/webhooks', { url: receiverUrl, events: ['*'] });
      if (hook.status !== 201) throw new Error(`webhook not created: ${JSON.stringify(hook.body)}`);
    }
    const accounts: string[] = [];
    for (let i = 0; i < CONNECTIONS; i++) {
      const account = await client.send('POST', '/api/v2/accounts', { name: `bench ${i}`, type: 'personal' });
      accounts.push(account.body.data.uuid);
    }

    let deposits = 0;
    const stopAt = Date.now() + SECONDS * 1000;
    const started = Date.now();
    await runConcurrently(CONNECTIONS, () => Date.now() < stopAt, async (worker) => {
      const response = await client.send('POST', `/api/v2/accounts/${accounts[worker]}/deposit`, { amount: '1.00', asset_code: 'USD' });
      if (response.status === 201) deposits += 1;
    });
    const loadEnded = Date.now();
    // One account.created per account and one account.balance_updated per deposit.
    const expected = baseline ? 0 : accounts.length + deposits;
    const deadline = Date.now() + DRAIN_TIMEOUT_MS;
    while (seen.size < expected && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    const sorted = [...latencies].sort((a, b) => a - b);
    const deliverySeconds = (lastArrival - started) / 1000;
    process.stdout.write(
      JSON.stringify({
        webhook_deliveries_per_s: Math.round(seen.size / deliverySeconds),
        event_to_delivery_p50_ms: percentile(sorted, 50),
        event_to_delivery_p99_ms: percentile(sorted, 99),
        store,
        deposits_per_s: Math.round(deposits / ((loadEnded - started) / 1000)),
        events: expected,
        delivered: seen.size,
        duplicates,
        missing: expected - seen.size,
        backlog_drained_s: Number(((lastArrival - loadEnded) / 1000).toFixed(2)),
        peak_rss_mb: service.peakRssMb(),
      }) + '\n',
    );
    client.close();
    if (seen.size < expected) process.exitCode = 1;
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

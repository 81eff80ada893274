import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, type Client } from 'graphql-ws';
import { MAX_CONNECTIONS_PER_KEY } from '../adapters/graphql/subscriptions.js';
import WebSocket from 'ws';
import { JsonClient, runConcurrently } from './http-client.js';
import { processCpuMs } from './cpu.js';
import { benchConfigFile } from './service-process.js';

/**
 * `npm run bench:graphql`: against a service in its own process,
 * 1. GraphQL queries/s of account(id) from CONNECTIONS keep-alive connections
 *    for SECONDS, with latency percentiles;
 * 2. with SUBSCRIPTIONS accountUpdated subscriptions open (one WebSocket and
 *    one account each), the latency from sending a deposit to its
 *    subscriber receiving the message, over SAMPLES deposits.
 * Prints one JSON line with the figures.
 */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8);
const SUBSCRIPTIONS = Number(process.env.BENCH_SUBSCRIPTIONS ?? 1_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200);
const STORE = process.env.BENCH_STORE ?? (process.env.DATABASE_URL ? 'postgres' : 'pglite');

const ACCOUNT = 'query($id: ID!) { account(id: $id) { id name balance currency status created_at } }';
const DEPOSIT = 'mutation($id: ID!) { deposit(input: {account_id: $id, amount: "1.00", asset_code: "USD"}) { uuid } }';

function percentile(sorted: readonly number[], p: number): number {
  return sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

function summary(samples: number[]): Record<string, number> {
  const sorted = [...samples].sort((a, b) => a - b);
  const round = (value: number) => Math.round(value * 100) / 100;
  return { p50: round(percentile(sorted, 50)), p95: round(percentile(sorted, 95)), p99: round(percentile(sorted, 99)), max: round(sorted.at(-1) ?? 0) };
}

async function startServer(env: Record<string, string>): Promise<{ url: string; stop(): Promise<void>; peakRssMb(): number; cpuMs(): number }> {
  // BENCH_NODE_ARGS passes flags to the server's node, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to profile it.
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, 'dist/bench/graphql-server.js'], { env: { ...process.env, ...env, PORT: '0' }, stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve, reject) => {
    let text = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      const match = /READY (\d+)/.exec(text);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    cpuMs: () => processCpuMs(child.pid!)!,
    peakRssMb: () => Math.round(Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024),
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

async function gql(client: JsonClient, query: string, variables: Record<string, unknown>): Promise<any> {
  const response = await client.send('POST', '/api/graphql', { query, variables });
  if (response.status !== 200 || response.body.errors) throw new Error(`GraphQL ${response.status}: ${JSON.stringify(response.body)}`);
  return response.body.data;
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bank-bench-graphql-'));
  const adminKey = `fak_bench_${randomBytes(24).toString('hex')}`;
  const server = await startServer({ BANK_STORE: STORE, BANK_DATA_DIR: dataDir, BANK_ADMIN_KEY: adminKey, BANK_MODULES: 'core-banking', BANK_CONFIG: benchConfigFile(dataDir) });
  try {
    const admin = new JsonClient(server.url, 1, adminKey);
    const created = await admin.send('POST', '/api/v2/admin/users', { name: 'Bench', email: `bench-${randomBytes(4).toString('hex')}@example.test` });
    const key: string = created.body.data.api_key.key;
    const client = new JsonClient(server.url, CONNECTIONS, key);

    // 1. account(id) queries per second.
    const accountId: string = (await gql(client, 'mutation { createAccount(input: {name: "bench"}) { id } }', {})).createAccount.id;
    await gql(client, DEPOSIT, { id: accountId });
    // Warm up (connection pool, JIT, caches) so neither measured phase pays for it.
    const warmUntil = Date.now() + 2_000;
    await runConcurrently(CONNECTIONS, () => Date.now() < warmUntil, async () => {
      await client.send('POST', '/api/graphql', { query: ACCOUNT, variables: { id: accountId } });
      await client.send('GET', `/api/v2/accounts/${accountId}`);
    });
    // Baseline first: the same read over REST (GET /api/v2/accounts/{id}), to show what GraphQL adds. (On PostgreSQL
    // whichever phase runs first after creating accounts is slower, so the figure that matters runs second.)
    let restCount = 0;
    const restDeadline = Date.now() + SECONDS * 1000;
    const restStarted = Date.now();
    const restCpuBefore = server.cpuMs();
    await runConcurrently(CONNECTIONS, () => Date.now() < restDeadline, async () => {
      const response = await client.send('GET', `/api/v2/accounts/${accountId}`);
      if (response.status === 200) restCount += 1;
    });
    const restPerSecond = Math.round(restCount / ((Date.now() - restStarted) / 1000));
    // The server's CPU per answer (user + system, /proc): what the shared machine's noise moves least.
    const restCpuMs = (server.cpuMs() - restCpuBefore) / restCount;
    const latencies: number[] = [];
    let failures = 0;
    const deadline = Date.now() + SECONDS * 1000;
    const started = Date.now();
    const cpuBefore = server.cpuMs();
    await runConcurrently(CONNECTIONS, () => Date.now() < deadline, async () => {
      const t0 = performance.now();
      const response = await client.send('POST', '/api/graphql', { query: ACCOUNT, variables: { id: accountId } });
      latencies.push(performance.now() - t0);
      if (response.status !== 200 || response.body.errors) failures += 1;
    });
    const elapsed = (Date.now() - started) / 1000;
    const cpuMs = (server.cpuMs() - cpuBefore) / latencies.length;

    // 2. deposit → accountUpdated with SUBSCRIPTIONS open.
    const accounts: string[] = [];
    for (let i = 0; i < SUBSCRIPTIONS; i++) accounts.push((await gql(client, `mutation { createAccount(input: {name: "sub ${i}"}) { id } }`, {})).createAccount.id);
    const waiting = new Map<string, (at: number) => void>();
    const live = new Set<string>();
    const clients: Client[] = [];
    let reported = false;
    const report = (error: unknown): void => {
      if (reported) return;
      reported = true;
      process.stderr.write(`subscription failed: ${error instanceof Error ? error.message : String((error as { code?: number })?.code ?? error)}\n`);
    };
    // One socket per subscription, as many clients would open them: the server allows MAX_CONNECTIONS_PER_KEY per key.
    const socketKeys: string[] = [];
    for (let i = 0; i < Math.ceil(accounts.length / MAX_CONNECTIONS_PER_KEY); i++) {
      const issued = await client.send('POST', '/api/v2/api-keys', { name: `bench sockets ${i}`, permissions: ['read'] });
      socketKeys.push(issued.body.data.key);
    }
    for (const [index, id] of accounts.entries()) {
      const socketKey = socketKeys[Math.floor(index / MAX_CONNECTIONS_PER_KEY)]!;
      const ws = createClient({ url: server.url.replace('http', 'ws') + '/api/graphql', webSocketImpl: WebSocket, lazy: false, retryAttempts: 0, onNonLazyError: report, connectionParams: { Authorization: `Bearer ${socketKey}` } });
      clients.push(ws);
      ws.subscribe(
        { query: 'subscription($id: ID!) { accountUpdated(id: $id) { id available_balance } }', variables: { id } },
        { next: () => (live.add(id), waiting.get(id)?.(performance.now())), error: report, complete: () => undefined },
      );
    }
    const deposit = async (id: string): Promise<number> => {
      const arrived = new Promise<number>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no accountUpdated for ${id} within 10 s`)), 10_000);
        waiting.set(id, (at) => {
          clearTimeout(timer);
          waiting.delete(id);
          resolve(at);
        });
      });
      const t0 = performance.now();
      await gql(client, DEPOSIT, { id });
      return (await arrived) - t0;
    };
    // Every subscription proves it is live (a message for a warm-up deposit) before anything is measured.
    for (let round = 0; live.size < accounts.length; round++) {
      if (round > 50) throw new Error(`only ${live.size} of ${accounts.length} subscriptions became live`);
      for (const id of accounts) if (!live.has(id)) await gql(client, DEPOSIT, { id });
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const delivery: number[] = [];
    for (let i = 0; i < SAMPLES; i++) delivery.push(await deposit(accounts[(i * 7919) % accounts.length]!));
    reported = true; // closing our own sockets is not a failure
    for (const ws of clients) await ws.dispose();

    const sorted = [...latencies].sort((a, b) => a - b);
    process.stdout.write(
      JSON.stringify({
        bench: 'graphql',
        store: STORE,
        account_query: { seconds: Math.round(elapsed * 10) / 10, connections: CONNECTIONS, queries: latencies.length, failures, queries_per_second: Math.round(latencies.length / elapsed), latency_ms: summary(sorted), server_cpu_ms_per_query: Number(cpuMs.toFixed(3)) },
        rest_account_get_per_second: restPerSecond,
        rest_server_cpu_ms_per_get: Number(restCpuMs.toFixed(3)),
        graphql_to_rest: { rate: Number((latencies.length / elapsed / restPerSecond).toFixed(2)), cpu: Number((cpuMs / restCpuMs).toFixed(2)) },
        deposit_to_account_updated: { open_subscriptions: SUBSCRIPTIONS, websockets: SUBSCRIPTIONS, samples: delivery.length, latency_ms: summary(delivery)},
        server_peak_rss_mb: server.peakRssMb(),
      }) + '\n',
    );
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(`${dataDir}.config.json`, { force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${(error as Error)?.stack ?? String(error)}\n`);
  process.exit(1);
});

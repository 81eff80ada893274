import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { IncomingMessage, ServerResponse, type RequestListener, type ServerOptions } from 'node:http';
import { createRequire, syncBuiltinESMExports } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Duplex } from 'node:stream';
import { loadConfig } from '../config/load.js';
import { createHttpApi } from '../adapters/http/http-api.js';
import { httpDeps } from '../adapters/main/http-deps.js';
import { kernelGraphql } from '../adapters/main/graphql-deps.js';
import { openService } from '../adapters/main/service.js';
import { JsonLogger } from '../adapters/system/json-logger.js';
import { OperatorKeys } from '../ports/operator-keys.js';
import { JsonClient } from './http-client.js';
import { benchConfigFile } from './service-process.js';

/**
 * The service's own CPU per answer, GraphQL `account(id)` against REST's
 * `GET /accounts/{id}`, without sockets: node's request listener is called
 * with a request and a response on a stream that swallows what is written,
 * in one process, one request at a time, the two kinds in alternating rounds.
 * On a machine other runs keep busy, `bench/graphql.ts`'s CPU per answer
 * moves with how many requests each wakeup finds (0.05 to 0.7 ms for the
 * same build); this counts only the work, so two builds compare on a busy
 * machine too. The body is pushed when the listener returns and the message
 * completed after its microtasks, as node's parser does for a request that
 * arrives in one packet. BENCH_STORE (memory, or postgres with DATABASE_URL),
 * BENCH_ROUNDS, BENCH_PER_ROUND. Prints one JSON line: medians over the
 * rounds, µs of CPU per request (user + system), and their ratio.
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 16);
const PER_ROUND = Number(process.env.BENCH_PER_ROUND ?? 2_000);
const STORE = process.env.BENCH_STORE ?? (process.env.DATABASE_URL ? 'postgres' : 'memory');
const ACCOUNT = 'query($id: ID!) { account(id: $id) { id name balance currency status created_at } }';

// The service's node server is created inside createHttpApi; its request listener is taken as it is created (node:http's
// module object, then its ES module bindings, which the server's named import reads).
let listener: RequestListener | undefined;
const nodeHttp = createRequire(import.meta.url)('node:http') as typeof import('node:http');
const createServer = nodeHttp.createServer;
nodeHttp.createServer = ((options: ServerOptions, handler: RequestListener) => {
  listener = handler;
  return createServer(options, handler);
}) as typeof createServer;
syncBuiltinESMExports();

/** What a socket is to a request and response here: a peer address, and writes that go nowhere (or to `captured`). */
class NullSocket extends Duplex {
  readonly remoteAddress = '127.0.0.1';
  captured: Buffer[] | undefined;
  override _read(): void {}
  override _write(chunk: Buffer, _encoding: BufferEncoding, done: () => void): void {
    this.captured?.push(Buffer.from(chunk));
    done();
  }
  override _writev(chunks: { chunk: Buffer }[], done: () => void): void {
    for (const { chunk } of chunks) this.captured?.push(Buffer.from(chunk));
    done();
  }
}

interface Headers {
  readonly raw: string[];
  readonly single: Record<string, string>;
  readonly distinct: Record<string, string[]>;
}

function headerSet(headers: Record<string, string>): Headers {
  const entries = Object.entries({ Host: '127.0.0.1', ...headers });
  return {
    raw: entries.flat(),
    single: Object.fromEntries(entries.map(([name, value]) => [name.toLowerCase(), value])),
    distinct: Object.fromEntries(entries.map(([name, value]) => [name.toLowerCase(), [value]])),
  };
}

function serve(handle: RequestListener, socket: NullSocket, method: string, url: string, headers: Headers, body?: Buffer): Promise<number> {
  return new Promise((resolve) => {
    const req = new IncomingMessage(socket as never);
    Object.assign(req, { method, url, httpVersion: '1.1', httpVersionMajor: 1, httpVersionMinor: 1, rawHeaders: headers.raw });
    req.headers = { ...headers.single };
    req.headersDistinct = { ...headers.distinct };
    const res = new ServerResponse(req);
    res.shouldKeepAlive = true;
    res.assignSocket(socket as never);
    res.on('finish', () => {
      res.detachSocket(socket as never);
      resolve(res.statusCode);
    });
    handle(req, res);
    if (body) req.push(body);
    setImmediate(() => {
      req.complete = true;
      req.push(null);
    });
  });
}

async function cpuPerRequest(send: () => Promise<number>, count: number): Promise<number> {
  const before = process.cpuUsage();
  for (let i = 0; i < count; i++) if ((await send()) !== 200) throw new Error('a request was not answered 200');
  const used = process.cpuUsage(before);
  return (used.user + used.system) / count;
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bank-bench-graphql-cpu-'));
  const adminKey = `fak_bench_${randomBytes(24).toString('hex')}`;
  Object.assign(process.env, { BANK_STORE: STORE, BANK_DATA_DIR: dataDir, BANK_ADMIN_KEY: adminKey, BANK_MODULES: 'core-banking', BANK_CONFIG: benchConfigFile(dataDir) });
  const config = loadConfig();
  const service = await openService({ config, logger: new JsonLogger('silent') });
  await service.kernel.start({ background: true });
  await service.kernel.get(OperatorKeys).ensureOperator(config.adminKey);
  const api = createHttpApi(httpDeps(service.kernel, service.store, kernelGraphql(service.kernel, { rateLimits: false })));
  const { port } = await api.listen(0, '127.0.0.1');
  try {
    // The user, key and account are made over HTTP, as bench/graphql.ts makes them.
    const url = `http://127.0.0.1:${port}`;
    const admin = new JsonClient(url, 1, adminKey);
    const created = await admin.send('POST', '/api/v2/admin/users', { name: 'Bench', email: `bench-${randomBytes(4).toString('hex')}@example.test` });
    const key: string = created.body.data.api_key.key;
    const client = new JsonClient(url, 1, key);
    const accountId: string = (await client.send('POST', '/api/graphql', { query: 'mutation { createAccount(input: {name: "bench"}) { id } }' })).body.data.createAccount.id;
    await client.send('POST', '/api/graphql', { query: 'mutation($id: ID!) { deposit(input: {account_id: $id, amount: "1.00", asset_code: "USD"}) { uuid } }', variables: { id: accountId } });
    admin.close();
    client.close();

    const socket = new NullSocket();
    const body = Buffer.from(JSON.stringify({ query: ACCOUNT, variables: { id: accountId } }));
    const graphqlHeaders = headerSet({ 'Content-Type': 'application/json', 'Content-Length': String(body.length), Authorization: `Bearer ${key}` });
    const restHeaders = headerSet({ Authorization: `Bearer ${key}` });
    const graphql = () => serve(listener!, socket, 'POST', '/api/graphql', graphqlHeaders, body);
    const rest = () => serve(listener!, socket, 'GET', `/api/v2/accounts/${accountId}`, restHeaders);
    // The answer measured is the account, without errors.
    socket.captured = [];
    await graphql();
    const answer = Buffer.concat(socket.captured).toString();
    socket.captured = undefined;
    if (!answer.includes('{"data":{"account":{"id":') || answer.includes('"errors"')) throw new Error(`unexpected GraphQL answer: ${answer}`);
    // Warm up (JIT, the compiled query, caches) so no round pays for it.
    await cpuPerRequest(graphql, 5_000);
    await cpuPerRequest(rest, 5_000);
    const graphqlUs: number[] = [];
    const restUs: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      graphqlUs.push(await cpuPerRequest(graphql, PER_ROUND));
      restUs.push(await cpuPerRequest(rest, PER_ROUND));
    }
    const round2 = (value: number) => Math.round(value * 100) / 100;
    process.stdout.write(
      `${JSON.stringify({
        bench: 'graphql-cpu',
        store: STORE,
        rounds: ROUNDS,
        per_round: PER_ROUND,
        graphql_cpu_us: round2(median(graphqlUs)),
        rest_cpu_us: round2(median(restUs)),
        graphql_to_rest_cpu: round2(median(graphqlUs) / median(restUs)),
        graphql_extra_us: round2(median(graphqlUs) - median(restUs)),
      })}\n`,
    );
  } finally {
    await api.close();
    await service.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(`${dataDir}.config.json`, { force: true });
  }
}

await main();

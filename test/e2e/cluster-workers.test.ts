import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import WebSocket from 'ws';
import { openStore } from '../../adapters/open-store.js';
import { JsonLogger } from '../../adapters/system/json-logger.js';

/** `BANK_WORKERS=2 npm start` as an operator runs it: one primary, two serving processes on one port. */
const server = fileURLToPath(new URL('../../adapters/main/server.js', import.meta.url));
const databaseUrl = process.env.DATABASE_URL;
const test = suite('cluster workers');

interface Started {
  readonly child: ChildProcess;
  readonly port: number;
  readonly workerPids: readonly number[];
  readonly stderr: () => string;
}

function run(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--enable-source-maps', server], { env: { PATH: process.env.PATH, HOST: '127.0.0.1', PORT: '0', ...env } });
}

/** Waits for both workers' "listening" lines (each names its port and pid). */
function startCluster(env: Record<string, string>): Promise<Started> {
  const child = run({ BANK_WORKERS: '2', ...env });
  let stderr = '';
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the server exited with ${code}: ${stderr}`)));
    child.stderr!.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      const listening = stderr
        .split('\n')
        .filter((line) => line.includes('"listening"'))
        .map((line) => JSON.parse(line));
      if (listening.length === 2) resolve({ child, port: listening[0].port, workerPids: listening.map((line) => line.pid), stderr: () => stderr });
    });
  });
}

/**
 * The worker holding the server end of a connection from `clientPort`:
 * /proc/net/tcp names the socket's inode, and the worker with a descriptor
 * on that inode holds it (Linux, as the benches' /proc figures).
 */
function workerOf(started: Started, clientPort: number): number | undefined {
  const hex = (port: number) => port.toString(16).toUpperCase().padStart(4, '0');
  const row = readFileSync('/proc/net/tcp', 'utf8')
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .find((fields) => fields[1]?.endsWith(`:${hex(started.port)}`) && fields[2]?.endsWith(`:${hex(clientPort)}`));
  const socket = row && `socket:[${row[9]}]`;
  return started.workerPids.find((pid) => readdirSync(`/proc/${pid}/fd`).some((fd) => {
    try {
      return readlinkSync(`/proc/${pid}/fd/${fd}`) === socket;
    } catch {
      return false;
    }
  }));
}

/** One keep-alive connection: every request goes over the same socket, so through the same worker. */
function connection(port: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  let localPort = 0;
  const send = (method: string, path: string, key: string, body?: unknown) =>
    new Promise<{ status: number; body: any }>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, method, path, agent, headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' } }, (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode!, body: text === '' ? undefined : JSON.parse(text) }));
      });
      req.on('socket', (socket) => socket.once('connect', () => (localPort = socket.localPort!)));
      req.on('error', reject);
      req.end(body === undefined ? undefined : JSON.stringify(body));
    });
  return { send, localPort: () => localPort, close: () => agent.destroy() };
}

function stop(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.kill('SIGTERM');
  });
}

test('more than one worker needs PostgreSQL: a clear refusal on the memory store', async () => {
  const child = run({ BANK_STORE: 'memory', BANK_MODULES: 'identity', BANK_WORKERS: '2' });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  assert.is(code, 1);
  assert.match(stderr, /^Cannot start: workers \(BANK_WORKERS\) is 2, but only the PostgreSQL store is shared between processes/);
});

test('two workers serve one port, and a subscription on one receives an event made through the other', async () => {
  if (!databaseUrl) {
    console.log('cluster workers: the PostgreSQL test is skipped (set DATABASE_URL to run it)');
    return;
  }
  const store = await openStore({ kind: 'postgres', dataDir: 'memory://', databaseUrl, logger: new JsonLogger('silent') });
  await store.init();
  await store.truncateAll();
  await store.close();
  const dataDir = mkdtempSync(join(tmpdir(), 'bank-cluster-'));
  const adminKey = `fak_cluster_${randomBytes(16).toString('hex')}`;
  const started = await startCluster({ BANK_STORE: 'postgres', DATABASE_URL: databaseUrl, BANK_ADMIN_KEY: adminKey, BANK_DATA_DIR: dataDir, BANK_MODULES: 'core-banking' });
  const connections: Array<{ close(): void }> = [];
  let socket: WebSocket | undefined;
  try {
    assert.is(new Set(started.workerPids).size, 2, 'two serving processes');
    const admin = connection(started.port);
    connections.push(admin);
    const created = await admin.send('POST', '/api/v2/admin/users', adminKey, { name: 'Ada', email: 'ada@example.test' });
    assert.is(created.status, 201);
    const key: string = created.body.data.api_key.key;
    const account = await admin.send('POST', '/api/v2/accounts', key, { name: 'cluster', type: 'personal' });
    const accountId: string = account.body.data.uuid;

    // The subscription's socket, and which worker holds it.
    socket = new WebSocket(`ws://127.0.0.1:${started.port}/api/graphql`, 'graphql-transport-ws');
    await new Promise((resolve) => socket!.once('open', resolve));
    const messages: any[] = [];
    const acked = new Promise<void>((resolve) =>
      socket!.on('message', (data) => {
        const message = JSON.parse(String(data));
        if (message.type === 'connection_ack') resolve();
        else messages.push(message);
      }),
    );
    socket.send(JSON.stringify({ type: 'connection_init', payload: { Authorization: `Bearer ${key}` } }));
    await acked;
    const subscriber = workerOf(started, (socket as unknown as { _socket: { localPort: number } })._socket.localPort);
    assert.ok(subscriber, 'the socket is held by a worker');
    socket.send(JSON.stringify({ id: 'a', type: 'subscribe', payload: { query: 'subscription($id: ID!) { accountUpdated(id: $id) { id available_balance } }', variables: { id: accountId } } }));

    // A connection the other worker holds (new connections are dealt round-robin).
    let other: ReturnType<typeof connection> | undefined;
    for (let tries = 0; tries < 20 && !other; tries++) {
      const candidate = connection(started.port);
      connections.push(candidate);
      assert.is((await candidate.send('GET', `/api/v2/accounts/${accountId}`, key)).status, 200);
      const holder = workerOf(started, candidate.localPort());
      if (holder !== undefined && holder !== subscriber) other = candidate;
    }
    assert.ok(other, 'a connection reached the other worker');

    // Deposits through the other worker until the subscription (set up asynchronously) reports one.
    for (let tries = 0; tries < 20 && messages.length === 0; tries++) {
      assert.is((await other.send('POST', `/api/v2/accounts/${accountId}/deposit`, key, { amount: '1.00', asset_code: 'USD' })).status, 201);
      const deadline = Date.now() + 2_000;
      while (messages.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    assert.is(messages[0]?.type, 'next', JSON.stringify(messages[0]));
    assert.is(messages[0].payload.data.accountUpdated.id, accountId);
  } finally {
    socket?.close();
    for (const open of connections) open.close();
    assert.is(await stop(started.child), 0, started.stderr());
    rmSync(dataDir, { recursive: true, force: true });
  }
  const lines = started.stderr().trimEnd().split('\n').map((line) => JSON.parse(line).message);
  assert.is(lines.filter((message) => message === 'stopped').length, 2, 'each worker drains and stops');
});

test.run();

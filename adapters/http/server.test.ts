import { request as httpRequest, Agent } from 'node:http';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { call, KEYS, startFixture } from './http-test-kit.js';

const test = suite('http: listen and graceful close');

function get(port: number, path: string, agent: Agent, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, method: path === '/api/v2/slow' ? 'POST' : 'GET', agent, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

test('close waits for an in-flight request, then closes keep-alive sockets and refuses new connections', async () => {
  const f = await startFixture({ http: { shutdownGraceMs: 5_000 } });
  const agent = new Agent({ keepAlive: true, maxSockets: 4 });
  try {
    // An idle keep-alive socket.
    assert.is((await get(f.port, '/api/ping', agent)).status, 200);
    const inFlight = get(f.port, '/api/v2/slow', agent, { authorization: `Bearer ${KEYS.writer}` });
    await f.world.slowStarted.promise;

    const started = Date.now();
    let closed = false;
    const closing = f.api.close().then(() => (closed = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.not.ok(closed, 'close waits for the in-flight request');
    await assert_refused(f.url);

    f.world.slowGate.open();
    const response = await inFlight;
    assert.is(response.status, 201);
    await closing;
    assert.ok(Date.now() - started < 2_000, 'closed promptly, not after the keep-alive timeout');
  } finally {
    agent.destroy();
    await f.close();
  }
});

test('after the grace period the remaining connections are cut', async () => {
  const f = await startFixture({ http: { shutdownGraceMs: 100 } });
  const agent = new Agent({ keepAlive: true });
  try {
    const inFlight = get(f.port, '/api/v2/slow', agent, { authorization: `Bearer ${KEYS.writer}` }).catch((error: Error) => error);
    await f.world.slowStarted.promise;
    const started = Date.now();
    await f.api.close();
    assert.ok(Date.now() - started < 1_500);
    assert.instance(await inFlight, Error, 'the stuck request was cut');
    assert.ok(f.logger.entries.some((entry) => entry.message === 'http.shutdown_grace_expired'));
  } finally {
    f.world.slowGate.open();
    agent.destroy();
    await f.close();
  }
});

test('close before listen, and twice, is harmless; listening twice is refused', async () => {
  const f = await startFixture();
  await assert_rejects(() => f.api.listen(0, '127.0.0.1'));
  assert.is((await call(f, 'GET', '/api/health')).status, 200);
  await f.close();
  await f.api.close();
});

test('a failing health check is 503 in the envelope', async () => {
  const f = await startFixture({
    health: async () => {
      throw new Error('store down');
    },
  });
  try {
    const res = await call(f, 'GET', '/api/health');
    assert.is(res.status, 503);
    assert.is(res.json.errors[0].code, 'service_unavailable');
    assert.not.match(res.text, /store down/);
  } finally {
    await f.close();
  }
});

async function assert_refused(url: string): Promise<void> {
  try {
    await fetch(url + '/api/ping', { headers: { connection: 'close' } });
  } catch {
    return;
  }
  assert.unreachable('a new connection was accepted while closing');
}

async function assert_rejects(run: () => Promise<unknown>): Promise<void> {
  try {
    await run();
  } catch {
    return;
  }
  assert.unreachable('expected a rejection');
}

test.run();

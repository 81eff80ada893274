import { request as httpRequest, Agent } from 'node:http';
import { suite } from 'uvu';
import { kernelConfigSchema } from '../../config/schema.js';
import * as assert from 'uvu/assert';
import { call, KEYS, rawRequest, startFixture } from './http-test-kit.js';

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

test('a client that stops sending its headers or its body gets 408 in the envelope once the timeout passes', async () => {
  const f = await startFixture({ http: { headersTimeoutMs: 200, requestTimeoutMs: 400 } });
  try {
    const auth = `Authorization: Bearer ${KEYS.writer}\r\n`;
    const stalled = [
      `POST /api/v2/accounts/acc-1/deposit HTTP/1.1\r\nHost: x\r\n${auth}Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"amount"`,
      'GET /api/ping HTTP/1.1\r\nHost: x\r\nX-Half: ',
    ];
    for (const request of stalled) {
      const res = await rawRequest(f.port, request, { stall: true });
      assert.is(res.status, 408, request);
      assert.equal(JSON.parse(res.body).errors[0].code, 'request_timeout');
    }
    assert.is(f.world.deposits, 0);
  } finally {
    await f.close();
  }
});

test('an Expect other than 100-continue is 417 in the envelope, naming the header', async () => {
  const f = await startFixture();
  try {
    const res = await rawRequest(f.port, 'GET /api/ping HTTP/1.1\r\nHost: x\r\nExpect: bogus\r\n\r\n');
    assert.is(res.status, 417);
    assert.match(res.head, /content-type: application\/json/i);
    const [error] = JSON.parse(res.body).errors;
    assert.equal([error.status, error.code, error.source], [417, 'expectation_failed', { header: 'Expect' }]);
  } finally {
    await f.close();
  }
});

test('a headers timeout longer than the request timeout is refused at start', () => {
  assert.throws(() => kernelConfigSchema.parse({ store: 'memory', http: { headersTimeoutMs: 2_000, requestTimeoutMs: 1_000 } }), /headersTimeoutMs/);
  assert.equal(
    (({ headersTimeoutMs, requestTimeoutMs, keepAliveTimeoutMs }) => ({ headersTimeoutMs, requestTimeoutMs, keepAliveTimeoutMs }))(kernelConfigSchema.parse({ store: 'memory' }).http),
    { headersTimeoutMs: 30_000, requestTimeoutMs: 60_000, keepAliveTimeoutMs: 5_000 },
  );
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

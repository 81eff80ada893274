import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { call, startFixture } from './http-test-kit.js';

const test = suite('http: liveness and readiness probes');

test('live is 200 without a key and without asking the readiness checks', async () => {
  let asked = 0;
  const f = await startFixture({ readiness: async () => (asked++, [{ name: 'store', ok: false }]) });
  try {
    const res = await call(f, 'GET', '/api/health/live');
    assert.is(res.status, 200);
    assert.equal(res.json, { data: { status: 'live' } });
    assert.is(asked, 0);
  } finally {
    await f.close();
  }
});

test('ready is 200 naming every passed check, shutdown included', async () => {
  const f = await startFixture({ readiness: async () => [{ name: 'store', ok: true }, { name: 'consumers', ok: true }] });
  try {
    const res = await call(f, 'GET', '/api/health/ready');
    assert.is(res.status, 200);
    assert.equal(res.json.data, { status: 'ready', checks: { store: 'ok', consumers: 'ok', shutdown: 'ok' } });
  } finally {
    await f.close();
  }
});

test('a failing check is 503 naming the check; its reason goes to the log only', async () => {
  const f = await startFixture({
    readiness: async () => [
      { name: 'store', ok: true },
      { name: 'consumers', ok: false, reason: 'ledger trails by 12 events at db.internal' },
    ],
  });
  try {
    const res = await call(f, 'GET', '/api/health/ready');
    assert.is(res.status, 503);
    assert.is(res.json.errors[0].code, 'service_unavailable');
    assert.match(res.json.errors[0].detail, /consumers/);
    assert.not.match(res.text, /db\.internal|ledger/);
    assert.ok(f.logger.entries.some((entry) => entry.message === 'http.not_ready' && JSON.stringify(entry.fields).includes('ledger trails')));
  } finally {
    await f.close();
  }
});

test('ready is 503 "shutdown" from the moment shutdown begins, while other routes are still served', async () => {
  const f = await startFixture();
  try {
    assert.is((await call(f, 'GET', '/api/health/ready')).status, 200);
    f.api.beginShutdown();
    const res = await call(f, 'GET', '/api/health/ready');
    assert.is(res.status, 503);
    assert.is(res.json.errors[0].detail, 'Not ready: shutdown.');
    assert.is((await call(f, 'GET', '/api/health/live')).status, 200);
    assert.is((await call(f, 'GET', '/api/ping')).status, 200);
  } finally {
    await f.close();
  }
});

test.run();

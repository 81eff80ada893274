import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { expandRoutes } from '../../adapters/http/routes.js';
import { EventStore } from '../../ports/event-store.js';
import { assertConservation } from '../fixtures/conservation.js';
import { bootTestKernel, type TestKernel, type TestUser } from '../fixtures/boot.js';
import { SeededRandom } from '../fixtures/seeded.js';

/**
 * No input produces a 500. Every route of every enabled module is sent
 * hostile path parameters, query strings and bodies (wrong types, huge and
 * odd strings, deep nesting, prototype keys) with a seeded generator, as a
 * team user and as the operator. Every answer must be a 2xx or a 4xx in the
 * envelope, and a refused request must leave the event store as it was.
 */
const test = suite('hostile input never yields a 5xx');
let k: TestKernel;
let ada: TestUser;
/** A real account of the caller, so half the requests get past the 404 into validation and business rules. */
let accountId: string;
const random = new SeededRandom('bad-input');

test.before(async () => {
  k = await bootTestKernel({ store: 'memory' });
  ada = await k.createUser('Ada');
  const account = await k.request('POST', '/api/v2/accounts', { key: ada.key, body: { name: 'Target', type: 'personal' } });
  accountId = account.body.data.uuid;
  await k.request('POST', `/api/v2/accounts/${accountId}/deposit`, { key: ada.key, body: { amount: '50.00', asset_code: 'USD' } });
});
test.after(async () => {
  await k?.close();
});

const pick = <T>(items: readonly T[]): T => items[Math.floor(random.next() * items.length)]!;

const strings = [
  '',
  ' ',
  'x',
  '0',
  '-1',
  '1e309',
  'NaN',
  'null',
  '../../etc/passwd',
  '%00',
  '\u0000',
  '😀'.repeat(50),
  'a'.repeat(5000),
  "'; DROP TABLE accounts; --",
  '00000000-0000-0000-0000-000000000000',
  '2026-02-30',
  '9'.repeat(400),
  '0.' + '1'.repeat(60),
  '__proto__',
  'constructor',
];

function value(depth = 0): unknown {
  switch (Math.floor(random.next() * (depth > 3 ? 6 : 9))) {
    case 0:
      return pick(strings);
    case 1:
      return pick([0, -1, 1.5, 1e308, -0, Number.MAX_SAFE_INTEGER + 2]);
    case 2:
      return pick([true, false, null]);
    case 3:
      return pick(strings);
    case 4:
      return '1.00';
    case 5:
      return 'USD';
    case 6:
      return [value(depth + 1), value(depth + 1)];
    case 7:
      return { [pick(strings)]: value(depth + 1) };
    default:
      return JSON.parse('{"__proto__": {"polluted": true}, "constructor": {"prototype": {"x": 1}}}');
  }
}

function keysOf(schema: unknown): string[] {
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape ? Object.keys(shape) : [];
}

function body(schema: unknown): unknown {
  const keys = keysOf(schema);
  switch (Math.floor(random.next() * 4)) {
    case 0:
      return value();
    case 1:
      return Object.fromEntries(keys.map((key) => [key, value()]));
    case 2:
      return { ...Object.fromEntries(keys.map((key) => [key, value()])), unexpected: value() };
    default:
      return Object.fromEntries(keys.filter(() => random.next() < 0.5).map((key) => [key, value()]));
  }
}

function query(schema: unknown): string {
  const keys = keysOf(schema);
  const pairs = keys.filter(() => random.next() < 0.6).map((key) => `${encodeURIComponent(key)}=${encodeURIComponent(String(pick(strings)))}`);
  if (random.next() < 0.3) pairs.push(`${pick(keys.length ? keys : ['page'])}=1&${pick(keys.length ? keys : ['page'])}=2`);
  return pairs.length ? `?${pairs.join('&')}` : '';
}

function fillPath(path: string): string {
  return path.replace(/:([A-Za-z_]+)/g, () => (random.next() < 0.5 ? accountId : encodeURIComponent(pick(strings)) || 'x'));
}

test('every route answers hostile requests with a 2xx or a 4xx in the envelope', async () => {
  const routes = expandRoutes(k.kernel.routes);
  assert.ok(routes.length > 10, `only ${routes.length} routes`);
  let requests = 0;
  for (const { route, path } of routes) {
    for (let round = 0; round < 12; round++) {
      const key = route.access === 'operator' && round % 2 === 0 ? k.operatorKey : ada.key;
      const target = fillPath(path) + query(route.query);
      const withBody = route.method !== 'GET' && route.method !== 'DELETE';
      const payload = withBody ? JSON.stringify(body(route.body)) : undefined;
      const head = await k.get(EventStore).head();
      const response = await k.request(route.method, target, {
        key,
        rawBody: payload,
        headers: payload === undefined ? {} : { 'content-type': 'application/json' },
      });
      requests += 1;
      const where = `${route.method} ${target.slice(0, 200)} ${payload?.slice(0, 200) ?? ''}`;
      assert.ok(response.status < 500, `${where} → ${response.status} ${JSON.stringify(response.body).slice(0, 300)}`);
      if (response.status >= 400) {
        assert.ok(Array.isArray(response.body?.errors), `${where}: no errors array`);
        for (const error of response.body.errors) {
          assert.is(error.status, response.status, where);
          assert.match(error.code, /^[a-z][a-z0-9_]*$/, where);
        }
        if (response.status !== 429) assert.is(await k.get(EventStore).head(), head, `${where} changed state`);
      }
    }
  }
  assert.ok(requests > 100);
  assert.is(Object.prototype.hasOwnProperty.call({}, 'polluted'), false);
  await assertConservation(k);
});

test('malformed JSON, wrong media types and oversize bodies are 400, 415 and 413', async () => {
  const account = await k.request('POST', '/api/v2/accounts', { key: ada.key, body: { name: 'A', type: 'personal' } });
  const path = `/api/v2/accounts/${account.body.data.uuid}/deposit`;
  const malformed = await k.request('POST', path, { key: ada.key, rawBody: '{"amount": "1.00",', headers: { 'content-type': 'application/json' } });
  assert.is(malformed.status, 400);
  const text = await k.request('POST', path, { key: ada.key, rawBody: 'amount=1', headers: { 'content-type': 'text/plain' } });
  assert.is(text.status, 415);
  const huge = await k.request('POST', path, {
    key: ada.key,
    rawBody: JSON.stringify({ amount: '1.00', asset_code: 'USD', reference: 'x'.repeat(200_000) }),
    headers: { 'content-type': 'application/json' },
  });
  assert.is(huge.status, 413);
  const deep = await k.request('POST', path, { key: ada.key, rawBody: '['.repeat(10_000) + ']'.repeat(10_000), headers: { 'content-type': 'application/json' } });
  assert.ok(deep.status === 400 || deep.status === 422, String(deep.status));
});

test.run();

import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { call, KEYS, rawRequest, startFixture, type Fixture } from './http-test-kit.js';
import { requestHash } from '../edge/idempotency.js';

const test = suite('http: idempotency');

const DEPOSIT = '/api/v2/accounts/acc-1/deposit';
const body = { amount: '10', asset_code: 'USD', reference: 'r' };

async function withFixture(run: (f: Fixture) => Promise<void>, options: Parameters<typeof startFixture>[0] = {}): Promise<void> {
  const f = await startFixture(options);
  try {
    await run(f);
  } finally {
    await f.close();
  }
}

test('a repeated POST replays the saved status and exact body with Idempotent-Replayed: true', () =>
  withFixture(async (f) => {
    const headers = { 'idempotency-key': 'deposit-0001' };
    const first = await call(f, 'POST', DEPOSIT, { key: KEYS.writer, body, headers });
    assert.is(first.status, 201);
    assert.is(first.headers.get('idempotent-replayed'), null);
    assert.is((f.world.lastContext as any).idempotencyKey, 'deposit-0001');

    const again = await call(f, 'POST', DEPOSIT, { key: KEYS.writer, body, headers });
    assert.is(again.status, 201);
    assert.is(again.headers.get('idempotent-replayed'), 'true');
    assert.is(again.text, first.text);
    assert.is(f.world.deposits, 1, 'the operation ran once');
    assert.is(f.world.balance, 10n);

    // Key order and whitespace do not make a different request.
    const reordered = await call(f, 'POST', DEPOSIT, {
      key: KEYS.writer,
      rawBody: '{ "reference": "r",  "asset_code": "USD", "amount": "10" }',
      headers: { ...headers, 'content-type': 'application/json' },
    });
    assert.is(reordered.status, 201);
    assert.is(reordered.headers.get('idempotent-replayed'), 'true');
    assert.is(f.world.deposits, 1);
  }));

test('the same key with a different request is 422 idempotency_key_reused and changes nothing', () =>
  withFixture(async (f) => {
    const headers = { 'idempotency-key': 'k-2' };
    assert.is((await call(f, 'POST', DEPOSIT, { key: KEYS.writer, body, headers })).status, 201);
    for (const [path, other] of [
      [DEPOSIT, { ...body, amount: '11' }],
      ['/api/v2/accounts/acc-2/deposit', body],
      ['/api/v1/accounts/acc-1/deposit', body],
    ] as const) {
      const res = await call(f, 'POST', path, { key: KEYS.writer, body: other, headers });
      assert.is(res.status, 422, path);
      assert.equal(res.json.errors, [
        {
          status: 422,
          code: 'idempotency_key_reused',
          title: 'Idempotency key reused',
          detail: 'This Idempotency-Key was already used for a different request.',
          source: { header: 'Idempotency-Key' },
        },
      ]);
    }
    assert.is(f.world.deposits, 1);
  }));

test('keys are scoped per team', () =>
  withFixture(async (f) => {
    const headers = { 'idempotency-key': 'shared-key' };
    await call(f, 'POST', DEPOSIT, { key: KEYS.writer, body, headers });
    const otherTeam = await call(f, 'POST', DEPOSIT, { key: KEYS.otherTeam, body, headers });
    assert.is(otherTeam.status, 201);
    assert.is(otherTeam.headers.get('idempotent-replayed'), null);
    assert.is(f.world.deposits, 2);
  }));

test('keys are the team’s: another key of the same team replays the first response, and the operation ran once', () =>
  withFixture(async (f) => {
    const headers = { 'idempotency-key': 'shared-in-team' };
    const first = await call(f, 'POST', DEPOSIT, { key: KEYS.writer, body, headers });
    const twin = await call(f, 'POST', DEPOSIT, { key: KEYS.writerTwin, body, headers });
    assert.is(twin.status, 201);
    assert.equal([twin.headers.get('idempotent-replayed'), twin.text], ['true', first.text]);
    assert.is(f.world.deposits, 1);
    // Another request under the team's used key is refused whichever key sends it.
    const other = await call(f, 'POST', DEPOSIT, { key: KEYS.writerTwin, body: { ...body, amount: '11' }, headers });
    assert.equal([other.status, other.json.errors[0].code], [422, 'idempotency_key_reused']);
    assert.is(f.world.deposits, 1);
  }));

test('a concurrent duplicate gets 409 idempotency_key_in_use; after the first finishes it replays', () =>
  withFixture(async (f) => {
    const headers = { 'idempotency-key': 'slow-1' };
    const first = call(f, 'POST', '/api/v2/slow', { key: KEYS.writer, headers });
    await f.world.slowStarted.promise;
    const duplicate = await call(f, 'POST', '/api/v2/slow', { key: KEYS.writer, headers });
    assert.is(duplicate.status, 409);
    assert.is(duplicate.json.errors[0].code, 'idempotency_key_in_use');
    f.world.slowGate.open();
    const done = await first;
    assert.is(done.status, 201);
    assert.equal(done.json, { data: { done: true } });
    const replay = await call(f, 'POST', '/api/v2/slow', { key: KEYS.writer, headers });
    assert.is(replay.status, 201);
    assert.is(replay.headers.get('idempotent-replayed'), 'true');
  }));

test('a key locked by another process (tryLock false) is 409 and the operation does not run', () =>
  withFixture(
    async (f) => {
      const res = await call(f, 'POST', DEPOSIT, { key: KEYS.writer, body, headers: { 'idempotency-key': 'elsewhere' } });
      assert.is(res.status, 409);
      assert.is(res.json.errors[0].code, 'idempotency_key_in_use');
      assert.is(f.world.deposits, 0);
    },
    { idempotency: (store) => ({ ...bind(store), tryLock: async (_tx, refs) => refs.map(() => false) }) },
  ));

test('a failed request is not saved: its writes roll back and the same key may be retried', () =>
  withFixture(async (f) => {
    const headers = { 'idempotency-key': 'fails-1' };
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const res = await call(f, 'POST', '/api/v2/fail', { key: KEYS.writer, body: {}, headers });
      assert.is(res.status, 422);
      assert.is(res.json.errors[0].code, 'account_frozen');
      assert.is(res.headers.get('idempotent-replayed'), null);
      assert.is(f.world.failures, 0, 'the write was rolled back');
    }
    // A validation failure is not saved either: the key stays usable.
    const invalid = await call(f, 'POST', DEPOSIT, { key: KEYS.writer, body: { amount: 'x' }, headers: { 'idempotency-key': 'later' } });
    assert.is(invalid.status, 422);
    const valid = await call(f, 'POST', DEPOSIT, { key: KEYS.writer, body, headers: { 'idempotency-key': 'later' } });
    assert.is(valid.status, 201);
  }));

test('the response is saved in the same transaction: if saving fails, the operation rolls back', () =>
  withFixture(
    async (f) => {
      const res = await call(f, 'POST', DEPOSIT, { key: KEYS.writer, body, headers: { 'idempotency-key': 'save-fails' } });
      assert.is(res.status, 500);
      assert.is(f.world.deposits, 0);
      assert.is(f.world.balance, 0n);
    },
    {
      idempotency: (store) => ({
        ...bind(store),
        save: async () => {
          throw new Error('disk full');
        },
      }),
    },
  ));

test('a malformed Idempotency-Key is 422 with source.header', () =>
  withFixture(async (f) => {
    for (const key of ['x'.repeat(256)]) {
      const res = await call(f, 'POST', DEPOSIT, { key: KEYS.writer, body, headers: { 'idempotency-key': key } });
      assert.is(res.status, 422);
      assert.equal(res.json.errors[0].source, { header: 'Idempotency-Key' });
      assert.is(res.json.errors[0].code, 'invalid_idempotency_key');
    }
    const empty = await rawRequest(
      f.port,
      `POST ${DEPOSIT} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${KEYS.writer}\r\nIdempotency-Key:\r\n` +
        `Content-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`,
    );
    assert.is(empty.status, 422);
    assert.match(empty.body, /Idempotency-Key/);
    assert.is(f.world.deposits, 0);
    const longest = await call(f, 'POST', DEPOSIT, { key: KEYS.writer, body, headers: { 'idempotency-key': 'k'.repeat(255) } });
    assert.is(longest.status, 201);
  }));

test('two Idempotency-Key headers are 422 invalid_idempotency_key, not one key "a, b"; one header "a, b" is a key', () =>
  withFixture(async (f) => {
    const head = (keys: string) => `POST ${DEPOSIT} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${KEYS.writer}\r\n${keys}Content-Type: application/json\r\n`;
    const payload = JSON.stringify(body);
    const tail = `Content-Length: ${payload.length}\r\nConnection: close\r\n\r\n${payload}`;
    const twice = await rawRequest(f.port, head('Idempotency-Key: a\r\nIdempotency-Key: b\r\n') + tail);
    assert.is(twice.status, 422);
    const [error] = JSON.parse(twice.body).errors;
    assert.equal([error.code, error.source], ['invalid_idempotency_key', { header: 'Idempotency-Key' }]);
    assert.is(f.world.deposits, 0);
    const once = await rawRequest(f.port, head('Idempotency-Key: a, b\r\n') + tail);
    assert.is(once.status, 201);
    assert.equal((f.world.lastContext as { idempotencyKey?: string }).idempotencyKey, 'a, b');
  }));

test('keys on GET and on public (team-less) routes have no effect', () =>
  withFixture(async (f) => {
    const headers = { 'idempotency-key': 'ignored' };
    const get = await call(f, 'GET', '/api/v2/things', { key: KEYS.reader, headers });
    assert.is(get.status, 200);
    await call(f, 'POST', '/api/v2/public/echo', { body: { word: 'a' }, headers });
    const second = await call(f, 'POST', '/api/v2/public/echo', { body: { word: 'a' }, headers });
    assert.is(second.headers.get('idempotent-replayed'), null);
  }));

test('the request hash covers method, path, sorted query and canonical body', () => {
  const a = requestHash('POST', '/p', 'b=2&a=1', { x: 1, y: [1, { b: 1, a: 2 }] });
  assert.is(a, requestHash('post', '/p', 'a=1&b=2', { y: [1, { a: 2, b: 1 }], x: 1 }));
  assert.is.not(a, requestHash('POST', '/q', 'a=1&b=2', { x: 1, y: [1, { b: 1, a: 2 }] }));
  assert.is.not(a, requestHash('POST', '/p', 'a=1&b=3', { x: 1, y: [1, { b: 1, a: 2 }] }));
  assert.is.not(a, requestHash('POST', '/p', 'a=1&b=2', { x: 1, y: [{ b: 1, a: 2 }, 1] }));
});

/** The store's methods bound to it, so a test can replace one. */
function bind<T extends object>(store: T): T {
  const out: Record<string, unknown> = {};
  for (const name of ['tryLock', 'find', 'save', 'prune']) {
    const method = (store as Record<string, unknown>)[name] as (...args: unknown[]) => unknown;
    out[name] = method.bind(store);
  }
  return out as T;
}

test.run();

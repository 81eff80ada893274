import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { rawRequest } from '../../adapters/http/http-test-kit.js';
import { expandRoutes } from '../../adapters/http/routes.js';
import type { StoreKind } from '../../adapters/store.js';
import { EventStore } from '../../ports/event-store.js';
import { assertConservation } from '../fixtures/conservation.js';
import type { TestResponse, TestUser } from '../fixtures/boot.js';
import { SeededRandom } from '../fixtures/seeded.js';
import { bootGraphql, gql, subscribe, wsClient, type GraphqlKernel } from './graphql-kit.js';

/**
 * No input produces a 500, on every store: the memory store accepts values
 * PostgreSQL refuses, so a check that only the memory store sees proves
 * nothing. Every route of every enabled module is sent hostile path
 * parameters, query strings and bodies with a seeded generator; then the
 * known classes one by one — NUL and unpaired surrogates in every path
 * parameter, body field, query parameter, metadata key, GraphQL variable,
 * literal and subscription argument; amounts past 30 digits and balances
 * past the ledger's limit; dates outside 1970–9999; clients that stop
 * sending. Every answer must be a 2xx or a 4xx in the envelope, no refusal
 * may come from the SQL store's safety net (the edge must catch it first),
 * and a refused request must leave the event store as it was.
 */
const stores: StoreKind[] = process.env.DATABASE_URL ? ['memory', 'pglite', 'postgres'] : ['memory', 'pglite'];

const NUL = 'a\u0000b';
const SURROGATE = 'a\ud800b';
/** The USD balance limit: MAX_BALANCE_MINOR (10^30 − 1) cents. */
const FULL_USD = `${'9'.repeat(28)}.99`;

/** encodeURIComponent, except that an unpaired surrogate becomes its (invalid) CESU-8 bytes instead of throwing. */
function urlEncode(text: string): string {
  return encodeURIComponent(text.replace(/\p{Cs}/gu, '\u{F8FF}')).replace(/%EF%A3%BF/g, '%ED%A0%80');
}

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
  NUL,
  '\ud800',
  SURROGATE,
  '\udfff\ud800',
  '😀'.repeat(50),
  'a'.repeat(5000),
  "'; DROP TABLE accounts; --",
  '00000000-0000-0000-0000-000000000000',
  '2026-02-30',
  '0000-01-01',
  '9999-12-31',
  '9999-12-31T23:00:00-14:00',
  '9'.repeat(400),
  '1' + '0'.repeat(30),
  FULL_USD,
  '0.' + '1'.repeat(60),
  '__proto__',
  'constructor',
];

for (const store of stores) {
  const test = suite(`hostile input never yields a 5xx (${store})`);
  const random = new SeededRandom('bad-input');
  let g: GraphqlKernel;
  let ada: TestUser;
  /** A real account of the caller, so half the requests get past the 404 into validation and business rules. */
  let accountId: string;
  /** An account the random requests never see (they may freeze or close theirs), for the cases that need a usable one. */
  let mine: string;
  let port: number;

  const head = (): Promise<bigint> => g.k.get(EventStore).head();
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random.next() * items.length)]!;
  const routes = () => expandRoutes(g.k.kernel.routes);
  /** Partner calls (/partner/… below v2) carry a partner user's key and X-Partner-Key, so they reach validation too. */
  let partner: { key: string; headers: Record<string, string> } | undefined;
  const callerFor = (route: { access: string; path: string }): { key: string; headers?: Record<string, string> } =>
    route.access === 'operator' ? { key: g.k.operatorKey } : partner && route.path.startsWith('/partner/') ? partner : { key: ada.key };

  /** A 4xx in the envelope whose errors all carry that status and a snake_case code, none from the SQL safety net. */
  function assertRefused(response: { status: number; body: any }, where: string): void {
    assert.ok(response.status >= 400 && response.status < 500, `${where} → ${response.status} ${JSON.stringify(response.body).slice(0, 300)}`);
    assert.ok(Array.isArray(response.body?.errors), `${where}: no errors array`);
    for (const error of response.body.errors) {
      assert.is(error.status, response.status, where);
      assert.match(error.code, /^[a-z][a-z0-9_]*$/, where);
      assert.is.not(error.code, 'unstorable_value', `${where}: refused by the store, not at the edge`);
    }
  }

  /** The response's error codes with their sources, to look for one. */
  const sources = (response: TestResponse): string[] => response.body.errors.map((error: any) => `${error.code} ${JSON.stringify(error.source)}`);

  /** Runs `send`, asserts it was refused and changed nothing. */
  async function refused(where: string, send: () => Promise<TestResponse>): Promise<TestResponse> {
    const before = await head();
    const response = await send();
    assertRefused(response, where);
    assert.is(await head(), before, `${where} changed state`);
    return response;
  }

  const openAccount = async (name: string): Promise<string> => {
    const created = await g.request('POST', '/api/v2/accounts', { key: ada.key, body: { name, type: 'personal' } });
    assert.is(created.status, 201, JSON.stringify(created.body));
    return created.body.data.uuid;
  };
  const deposit = (id: string, amount: string) => g.request('POST', `/api/v2/accounts/${id}/deposit`, { key: ada.key, body: { amount, asset_code: 'USD' } });
  const usd = async (id: string): Promise<{ available: string; reserved: string }> => {
    const { body } = await g.request('GET', `/api/v2/accounts/${id}/balances`, { key: ada.key });
    const row = body.data.balances.find((balance: any) => balance.asset_code === 'USD');
    return { available: row.available_balance, reserved: row.reserved_balance };
  };

  test.before(async () => {
    // Short timeouts so the slow-client cases end quickly; they bound receiving a request, never answering it.
    g = await bootGraphql({
      store,
      config: { http: { headersTimeoutMs: 300, requestTimeoutMs: 600 }, pluginConfig: { webhooks: { allow_private: true } } },
    });
    port = Number(new URL(g.url).port);
    ada = await g.createUser('Ada');
    accountId = await openAccount('Target');
    assert.is((await deposit(accountId, '50.00')).status, 201);
    mine = await openAccount('Mine');
    assert.is((await deposit(mine, '50.00')).status, 201);
    const onboarded = await g.request('POST', '/api/v1/partner/onboard', {
      key: g.k.operatorKey,
      body: { organization_name: 'Hostile Partner', contact_email: 'hostile@partner.example', tier: 'enterprise', modules: ['core-banking'] },
    });
    if (onboarded.status === 201) partner = { key: onboarded.body.data.api_credentials.user_api_key, headers: { 'x-partner-key': onboarded.body.data.api_credentials.api_key } };
  });
  test.after(async () => {
    await g?.close();
  });

  function value(depth = 0): unknown {
    switch (Math.floor(random.next() * (depth > 3 ? 6 : 9))) {
      case 0:
      case 3:
        return pick(strings);
      case 1:
        return pick([0, -1, 1.5, 1e308, -0, Number.MAX_SAFE_INTEGER + 2]);
      case 2:
        return pick([true, false, null]);
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
    const pairs = keys.filter(() => random.next() < 0.6).map((key) => `${urlEncode(key)}=${urlEncode(String(pick(strings)))}`);
    if (random.next() < 0.3) pairs.push(`${pick(keys.length ? keys : ['page'])}=1&${pick(keys.length ? keys : ['page'])}=2`);
    return pairs.length ? `?${pairs.join('&')}` : '';
  }

  function fillPath(path: string): string {
    return path.replace(/:([A-Za-z_]+)/g, () => (random.next() < 0.5 ? accountId : urlEncode(pick(strings)) || 'x'));
  }

  test('every route answers hostile requests with a 2xx or a 4xx in the envelope', async () => {
    assert.ok(routes().length > 10, `only ${routes().length} routes`);
    let requests = 0;
    for (const { route, path } of routes()) {
      for (let round = 0; round < 12; round++) {
        const key = route.access === 'operator' && round % 2 === 0 ? g.k.operatorKey : ada.key;
        const target = fillPath(path) + query(route.query);
        const withBody = route.method !== 'GET' && route.method !== 'DELETE';
        const payload = withBody ? JSON.stringify(body(route.body)) : undefined;
        const before = await head();
        const response = await g.request(route.method, target, {
          key,
          ...(payload === undefined ? {} : { rawBody: payload, headers: { 'content-type': 'application/json' } }),
        });
        requests += 1;
        const where = `${route.method} ${target.slice(0, 200)} ${payload?.slice(0, 200) ?? ''}`;
        if (response.status < 400) assert.ok(response.status >= 200 && response.status < 300, `${where} → ${response.status}`);
        else {
          assertRefused(response, where);
          if (response.status !== 429) assert.is(await head(), before, `${where} changed state`);
        }
      }
    }
    assert.ok(requests > 100);
    assert.is(Object.prototype.hasOwnProperty.call({}, 'polluted'), false);
    await assertConservation(g.k);
  });

  test('NUL in any path parameter of any route is 422 invalid_characters naming the parameter', async () => {
    let checked = 0;
    for (const { route, path } of routes()) {
      for (const [, name] of path.matchAll(/:([A-Za-z_]+)/g)) {
        const target = path.replace(/:([A-Za-z_]+)/g, (_all, other: string) => (other === name ? urlEncode(NUL) : accountId));
        const where = `${route.method} ${target}`;
        const response = await refused(where, () => g.request(route.method, target, callerFor(route)));
        assert.is(response.status, 422, where);
        assert.ok(sources(response).includes(`invalid_characters {"parameter":"${name}"}`), `${where}: ${sources(response)}`);
        checked += 1;
      }
    }
    assert.ok(checked >= 20, `only ${checked} path parameters`);
  });

  test('NUL or an unpaired surrogate in any body field or query parameter is 422 invalid_characters pointing at it', async () => {
    let checked = 0;
    for (const { route, path } of routes()) {
      const target = path.replace(/:([A-Za-z_]+)/g, accountId);
      for (const [index, field] of keysOf(route.body).entries()) {
        const bad = index % 2 === 0 ? NUL : SURROGATE;
        const where = `${route.method} ${target} {${field}: ${JSON.stringify(bad)}}`;
        const response = await refused(where, () => g.request(route.method, target, { ...callerFor(route), body: { [field]: bad } }));
        assert.ok(sources(response).includes(`invalid_characters {"pointer":"/${field}"}`), `${where}: ${sources(response)}`);
        checked += 1;
      }
      for (const parameter of keysOf(route.query)) {
        const where = `${route.method} ${target}?${parameter}=%00`;
        const response = await refused(where, () => g.request(route.method, `${target}?${parameter}=${urlEncode(NUL)}`, callerFor(route)));
        assert.ok(sources(response).includes(`invalid_characters {"parameter":"${parameter}"}`), `${where}: ${sources(response)}`);
        checked += 1;
      }
    }
    assert.ok(checked >= 30, `only ${checked} fields and parameters`);
  });

  test('metadata keys and values at any depth are refused, and so is every stored string of a real request', async () => {
    const cases: Array<[string, string, unknown, string]> = [
      ['POST', '/api/v2/accounts', { name: 'ok', type: 'personal', metadata: { 'k\u0000': 1 } }, '/metadata'],
      ['POST', '/api/v2/accounts', { name: 'ok', type: 'personal', metadata: { a: { b: ['fine', '\udc00'] } } }, '/metadata/a/b/1'],
      ['POST', '/api/v2/accounts', { name: SURROGATE, type: 'personal' }, '/name'],
      ['POST', '/api/v2/transfers', { from_account: accountId, to_account: NUL, amount: '1.00', asset_code: 'USD' }, '/to_account'],
      ['POST', '/api/v2/transfers', { from_account: accountId, to_account: accountId, amount: '1.00', asset_code: 'USD', reference: NUL, routing: SURROGATE }, '/reference'],
      ['POST', '/api/v2/transfers', { from_account: accountId, to_account: accountId, amount: '1.00', asset_code: 'USD', metadata: { [SURROGATE]: 'v' } }, '/metadata'],
      ['POST', `/api/v2/accounts/${accountId}/deposit`, { amount: '1.00', asset_code: 'USD', reference: NUL }, '/reference'],
      ['POST', '/api/v2/webhooks', { url: 'https://example.com/hook', events: ['account.created'], description: NUL }, '/description'],
      ['POST', '/api/v2/api-keys', { name: SURROGATE }, '/name'],
    ];
    for (const [method, path, payload, pointer] of cases) {
      const where = `${method} ${path} ${JSON.stringify(payload)}`;
      const response = await refused(where, () => g.request(method, path, { key: ada.key, body: payload }));
      assert.ok(sources(response).includes(`invalid_characters {"pointer":"${pointer}"}`), `${where}: ${sources(response)}`);
    }
    const admin = await refused('create user', () =>
      g.request('POST', '/api/v2/admin/users', { key: g.k.operatorKey, body: { name: NUL, email: 'nul@example.test', team_name: SURROGATE } }),
    );
    assert.equal(sources(admin).filter((source) => source.startsWith('invalid_characters')), ['invalid_characters {"pointer":"/name"}', 'invalid_characters {"pointer":"/team_name"}']);
  });

  test('GraphQL: NUL or an unpaired surrogate in a variable or a literal is refused before execution', async () => {
    const before = await head();
    for (const id of [NUL, SURROGATE]) {
      const response = await gql(g, 'query($id: ID!) { account(id: $id) { id } }', { id }, ada.key);
      assert.equal([response.status, response.body.errors[0].extensions], [400, { code: 'invalid_characters', source: { pointer: '/variables/id' } }]);
    }
    const literal = await gql(g, 'mutation { createAccount(input: {name: "a\\u0000b"}) { id } }', undefined, ada.key);
    assert.is(literal.status, 400);
    assert.is(literal.body.errors[0].extensions.code, 'invalid_characters');
    assert.ok(literal.body.errors[0].locations);
    const nested = await gql(g, 'mutation($input: MoneyMovementInput!) { deposit(input: $input) { uuid } }', { input: { account_id: mine, amount: '1.00', asset_code: 'USD', reference: SURROGATE } }, ada.key);
    assert.equal([nested.status, nested.body.errors[0].extensions.source], [400, { pointer: '/variables/input/reference' }]);
    assert.is(await head(), before);
  });

  test('GraphQL over WebSocket: a subscription argument with NUL or a surrogate is refused; the connection stays usable', async () => {
    const { client } = wsClient(g, `Bearer ${ada.key}`);
    try {
      const literal = subscribe(client, 'subscription { accountUpdated(id: "a\\u0000") { id } }');
      const variable = subscribe(client, 'subscription($id: ID!) { accountUpdated(id: $id) { id } }', { id: SURROGATE });
      for (const live of [literal, variable]) {
        const message = await live.next();
        const errors = message.error ?? message.errors;
        assert.is(errors?.[0]?.extensions?.code, 'invalid_characters', JSON.stringify(message));
      }
      const fine = subscribe(client, 'subscription($id: ID!) { accountUpdated(id: $id) { id event } }', { id: mine });
      await g.listening(1);
      assert.is((await deposit(mine, '0.01')).status, 201);
      assert.is((await fine.next()).data.accountUpdated.id, mine);
      fine.dispose();
    } finally {
      await client.dispose();
      await g.quiet();
    }
  });

  test('amounts past 30 whole digits are 422 amount_too_large on REST and GraphQL; nothing overflows a column', async () => {
    const huge = '9'.repeat(80);
    const thirtyOne = '1' + '0'.repeat(30);
    for (const [path, payload] of [
      [`/api/v2/accounts/${mine}/deposit`, { amount: huge, asset_code: 'USD' }],
      [`/api/v2/accounts/${mine}/deposit`, { amount: thirtyOne, asset_code: 'JPY' }],
      [`/api/v2/accounts/${mine}/withdraw`, { amount: huge, asset_code: 'USD' }],
      ['/api/v2/transfers', { from_account: mine, to_account: accountId, amount: '9'.repeat(5000), asset_code: 'USD' }],
    ] as const) {
      const response = await refused(`${path} ${payload.amount.slice(0, 40)}`, () => g.request('POST', path, { key: ada.key, body: payload }));
      assert.equal(sources(response), ['amount_too_large {"pointer":"/amount"}']);
    }
    const before = await head();
    const graphql = await gql(g, 'mutation($id: ID!, $amount: String!) { deposit(input: {account_id: $id, amount: $amount, asset_code: "USD"}) { uuid } }', { id: mine, amount: huge }, ada.key);
    assert.is(graphql.body.errors[0].extensions.code, 'amount_too_large');
    assert.is(await head(), before);
  });

  test('no customer balance passes the ledger limit: deposits are 422 balance_limit_exceeded, a transfer into a full account fails at settlement', async () => {
    const full = await openAccount('Full');
    assert.is((await deposit(full, FULL_USD)).status, 201);
    const over = await refused('deposit past the limit', () => deposit(full, '0.01'));
    assert.equal(sources(over), ['balance_limit_exceeded undefined']);
    const before = await head();
    const graphql = await gql(g, 'mutation($id: ID!) { deposit(input: {account_id: $id, amount: "0.01", asset_code: "USD"}) { uuid } }', { id: full }, ada.key);
    assert.is(graphql.body.errors[0].extensions.code, 'balance_limit_exceeded');
    assert.is(await head(), before);

    const sender = await openAccount('Sender');
    assert.is((await deposit(sender, '10.00')).status, 201);
    const transfer = await g.request('POST', '/api/v2/transfers', { key: ada.key, body: { from_account: sender, to_account: full, amount: '1.00', asset_code: 'USD', workflow_enabled: true } });
    assert.is(transfer.status, 201);
    g.k.clock.advance(60_000);
    await g.k.runWorkflows();
    const settled = await g.request('GET', `/api/v2/transfers/${transfer.body.data.uuid}`, { key: ada.key });
    assert.is(settled.body.data.status, 'failed');
    assert.equal(await usd(sender), { available: '10.00', reserved: '0.00' });
    assert.equal(await usd(full), { available: FULL_USD, reserved: '0.00' });
    // Spending from a full balance is never refused for the limit.
    assert.is((await g.request('POST', `/api/v2/accounts/${full}/withdraw`, { key: ada.key, body: { amount: '0.99', asset_code: 'USD' } })).status, 201);
    await assertConservation(g.k);
  });

  test('dates outside 1970–9999 are 422 date_out_of_range naming the parameter; 9999-12-31 as an end works', async () => {
    const list = (search: string) => g.request('GET', `/api/v2/accounts/${mine}/transactions?${search}`, { key: ada.key });
    const open = await list('end_date=9999-12-31');
    assert.is(open.status, 200);
    assert.ok(open.body.data.length > 0);
    for (const [search, parameter] of [
      ['start_date=0000-01-01', 'start_date'],
      ['start_date=1969-12-31', 'start_date'],
      ['end_date=9999-12-31T23:00:00-14:00', 'end_date'],
    ]) {
      const response = await refused(search, () => list(search));
      assert.equal(sources(response), [`date_out_of_range {"parameter":"${parameter}"}`]);
    }
    const expiry = await refused('expires_at past 9999', () => g.request('POST', '/api/v2/api-keys', { key: ada.key, body: { name: 'far', expires_at: '9999-12-31T23:00:00-14:00' } }));
    assert.equal(sources(expiry), ['date_out_of_range {"pointer":"/expires_at"}']);
    const TRANSACTIONS = 'query($id: ID!, $from: Date, $to: Date) { transactions(account_id: $id, start_date: $from, end_date: $to) { paginatorInfo { total } } }';
    const graphql = await gql(g, TRANSACTIONS, { id: mine, to: '9999-12-31' }, ada.key);
    assert.ok(graphql.body.data.transactions.paginatorInfo.total > 0, JSON.stringify(graphql.body));
    const early = await gql(g, TRANSACTIONS, { id: mine, from: '0000-01-01' }, ada.key);
    assert.is(early.status, 400);
    assert.not.ok(JSON.stringify(early.body).includes('internal_error'));
  });

  test('clients that stop sending get 408 and change nothing; HTTP odds are 4xx in the envelope', async () => {
    const webhook = await g.request('POST', '/api/v2/webhooks', { key: ada.key, body: { url: 'http://127.0.0.1:9/hook', events: ['account.created'] } });
    assert.is(webhook.status, 201, JSON.stringify(webhook.body));
    const before = await head();
    const auth = `Authorization: Bearer ${ada.key}\r\n`;
    for (const request of [
      `POST /api/v2/accounts/${mine}/deposit HTTP/1.1\r\nHost: x\r\n${auth}Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"amount"`,
      `GET /api/v2/accounts HTTP/1.1\r\nHost: x\r\n${auth}X-Unfinished: `,
    ]) {
      const response = await rawRequest(port, request, { stall: true });
      assertRefused({ status: response.status, body: JSON.parse(response.body) }, request.slice(0, 40));
      assert.is(response.status, 408);
    }
    // The socket stays open after these (Connection: close ends it): a half-closed request is aborted before a slow store answers.
    const expect = await rawRequest(port, `GET /api/v2/accounts HTTP/1.1\r\nHost: x\r\n${auth}Expect: bogus\r\nConnection: close\r\n\r\n`, { stall: true });
    assertRefused({ status: expect.status, body: JSON.parse(expect.body) }, 'Expect: bogus');
    const payload = JSON.stringify({ amount: '1.00', asset_code: 'USD' });
    const twoKeys = await rawRequest(
      port,
      `POST /api/v2/accounts/${mine}/deposit HTTP/1.1\r\nHost: x\r\n${auth}Idempotency-Key: a\r\nIdempotency-Key: b\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${payload.length}\r\nConnection: close\r\n\r\n${payload}`,
      { stall: true },
    );
    assert.equal([twoKeys.status, JSON.parse(twoKeys.body).errors[0].code], [422, 'invalid_idempotency_key']);
    const duplicate = await g.request('POST', `/api/v2/accounts/${mine}/deposit`, {
      key: ada.key,
      rawBody: '{"amount": "1.00", "asset_code": "USD", "amount": "2.00"}',
      headers: { 'content-type': 'application/json' },
    });
    assertRefused(duplicate, 'duplicate JSON key');
    for (const [path, key] of [
      ['/api/v2/admin/gcu/rebalance', g.k.operatorKey],
      [`/api/v2/webhooks/${webhook.body.data.id}/test`, ada.key],
    ] as const) {
      const response = await g.request('POST', path, { key, body: { anything: true } });
      assert.equal([response.status, response.body.errors[0].code], [422, 'unexpected_body'], path);
    }
    const graphqlGet = await g.request('GET', '/api/graphql', { key: ada.key });
    assertRefused(graphqlGet, 'GET /api/graphql');
    assert.is(await head(), before);
  });

  test('malformed JSON, wrong media types and oversize bodies are 400, 415 and 413', async () => {
    const path = `/api/v2/accounts/${mine}/deposit`;
    const malformed = await g.request('POST', path, { key: ada.key, rawBody: '{"amount": "1.00",', headers: { 'content-type': 'application/json' } });
    assert.is(malformed.status, 400);
    const text = await g.request('POST', path, { key: ada.key, rawBody: 'amount=1', headers: { 'content-type': 'text/plain' } });
    assert.is(text.status, 415);
    const huge = await g.request('POST', path, {
      key: ada.key,
      rawBody: JSON.stringify({ amount: '1.00', asset_code: 'USD', reference: 'x'.repeat(200_000) }),
      headers: { 'content-type': 'application/json' },
    });
    assert.is(huge.status, 413);
    const deep = await g.request('POST', path, { key: ada.key, rawBody: '['.repeat(10_000) + ']'.repeat(10_000), headers: { 'content-type': 'application/json' } });
    assert.ok(deep.status === 400 || deep.status === 422, String(deep.status));
  });

  test.run();
}

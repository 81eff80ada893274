import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { call, HEALTHY, KEYS, rawRequest, startFixture, type Fixture } from './http-test-kit.js';

const test = suite<{ f: Fixture }>('http: envelope, auth, routing, errors');

test.before(async (context) => {
  context.f = await startFixture();
});
test.after(async (context) => {
  await context.f.close();
});

/** Every error body is exactly {errors: [{status, code, title, detail, source?}]}. */
function assertErrorEnvelope(json: any, status: number, code?: string): void {
  assert.equal(Object.keys(json), ['errors'], 'error envelope has only "errors"');
  assert.ok(Array.isArray(json.errors) && json.errors.length > 0);
  for (const error of json.errors) {
    for (const key of Object.keys(error)) assert.ok(['status', 'code', 'title', 'detail', 'source'].includes(key), `unexpected key ${key}`);
    assert.is(error.status, status);
    assert.type(error.code, 'string');
    assert.type(error.title, 'string');
    assert.type(error.detail, 'string');
  }
  if (code) assert.is(json.errors[0].code, code);
}

test('201 with {data} envelope, the route status and a request id', async ({ f }) => {
  const res = await call(f, 'POST', '/api/v2/accounts/acc-1/deposit', { key: KEYS.writer, body: { amount: '10.50', asset_code: 'USD' } });
  assert.is(res.status, 201);
  assert.equal(res.json, { data: { account: 'acc-1', amount: '10.50', deposit: 1 } });
  assert.match(res.headers.get('content-type') ?? '', /^application\/json/);
  assert.ok(res.headers.get('x-request-id'));
  assert.is(res.headers.get('x-powered-by'), null);
});

test('the same route is mounted under every declared prefix', async ({ f }) => {
  const v1 = await call(f, 'POST', '/api/v1/accounts/acc-1/deposit', { key: KEYS.writer, body: { amount: '1', asset_code: 'EUR' } });
  assert.is(v1.status, 201);
  const root = await call(f, 'GET', '/api/ping');
  const v1ping = await call(f, 'GET', '/api/v1/ping');
  assert.equal(root.json, { data: { pong: true, actor: 'anonymous' } });
  assert.is(v1ping.status, 200);
  assert.is((await call(f, 'GET', '/api/v2/ping')).status, 404);
});

test('operation input merges params, query and body after validation; context carries actor and request id', async ({ f }) => {
  const res = await call(f, 'POST', '/api/v2/accounts/acc-7/deposit', {
    key: KEYS.writer,
    body: { amount: '3', asset_code: 'USD', reference: 'r1', ignored: 'x' },
    headers: { 'x-request-id': 'client-req-42' },
  });
  assert.is(res.status, 201);
  assert.is(res.headers.get('x-request-id'), 'client-req-42');
  assert.equal(f.world.lastInput, { id: 'acc-7', amount: '3', asset_code: 'USD', reference: 'r1' });
  const ctx = f.world.lastContext as any;
  assert.is(ctx.requestId, 'client-req-42');
  assert.is(ctx.actor.teamId, 'team-a');
  assert.type(ctx.ip, 'string');
  assert.is(ctx.idempotencyKey, undefined);
});

test('an unsafe X-Request-Id is replaced, not echoed', async ({ f }) => {
  const res = await call(f, 'GET', '/api/ping', { headers: { 'x-request-id': 'bad id with spaces' } });
  assert.is.not(res.headers.get('x-request-id'), 'bad id with spaces');
  assert.match(res.headers.get('x-request-id') ?? '', /^req-\d+$/);
});

test('204 has no body', async ({ f }) => {
  const res = await call(f, 'DELETE', '/api/v2/things/t1', { key: KEYS.writer });
  assert.is(res.status, 204);
  assert.is(res.text, '');
});

test('401 without a key, with a malformed header, or an unknown key; always WWW-Authenticate: Bearer', async ({ f }) => {
  for (const authorization of [undefined, 'Basic dXNlcjpwYXNz', 'Bearer', 'Bearer a b', 'fak_writer', 'Bearer ' + 'x'.repeat(600), 'Bearer fak_unknown']) {
    const res = await call(f, 'GET', '/api/v2/things', authorization === undefined ? {} : { headers: { authorization } });
    assert.is(res.status, 401, String(authorization));
    assert.match(res.headers.get('www-authenticate') ?? '', /^Bearer/);
    assertErrorEnvelope(res.json, 401);
    assert.equal(res.json.errors[0].source, { header: 'Authorization' });
  }
  const unknown = await call(f, 'GET', '/api/v2/things', { key: 'fak_unknown' });
  assert.is(unknown.json.errors[0].code, 'invalid_api_key');
  const missing = await call(f, 'GET', '/api/v2/things');
  assert.is(missing.json.errors[0].code, 'unauthenticated');
});

test('two Authorization headers are a 401, whichever keys they carry', async ({ f }) => {
  const res = await rawRequest(
    f.port,
    `GET /api/v2/things HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${KEYS.reader}\r\nAuthorization: Bearer ${KEYS.reader}\r\nConnection: close\r\n\r\n`,
  );
  assert.is(res.status, 401);
  const error = JSON.parse(res.body).errors[0];
  assert.equal([error.code, error.source], ['invalid_authorization_header', { header: 'Authorization' }]);
});

test('the bearer scheme is case-insensitive', async ({ f }) => {
  const res = await call(f, 'GET', '/api/v2/things', { headers: { authorization: `bearer ${KEYS.reader}` } });
  assert.is(res.status, 200);
});

test('403 from the authenticator (expired key) and for missing permissions', async ({ f }) => {
  const expired = await call(f, 'GET', '/api/v2/things', { key: KEYS.expired });
  assert.is(expired.status, 403);
  assertErrorEnvelope(expired.json, 403, 'api_key_expired');

  const readerWrites = await call(f, 'POST', '/api/v2/accounts/acc-1/deposit', { key: KEYS.reader, body: { amount: '1', asset_code: 'USD' } });
  assert.is(readerWrites.status, 403);
  assertErrorEnvelope(readerWrites.json, 403, 'insufficient_permission');

  const readerDeletes = await call(f, 'DELETE', '/api/v2/things/t1', { key: KEYS.reader });
  assert.is(readerDeletes.status, 403);

  const userAsOperator = await call(f, 'GET', '/api/admin/stats', { key: KEYS.writer });
  assert.is(userAsOperator.status, 403);
  assertErrorEnvelope(userAsOperator.json, 403, 'insufficient_permission');

  const operator = await call(f, 'GET', '/api/admin/stats', { key: KEYS.operator });
  assert.equal(operator.json, { data: { team: 'bank' } });
});

test('404 route_not_found in the envelope for unknown paths', async ({ f }) => {
  for (const path of ['/', '/api', '/api/v2/nothing', '/api/v3/things', '/favicon.ico', '/api/v2/things/a/b/c']) {
    const res = await call(f, 'GET', path, { key: KEYS.reader });
    assert.is(res.status, 404, path);
    assertErrorEnvelope(res.json, 404, 'route_not_found');
  }
});

test('405 with Allow for a wrong method on a known path; OPTIONS lists the methods', async ({ f }) => {
  const res = await call(f, 'PUT', '/api/v2/things', { key: KEYS.writer, body: {} });
  assert.is(res.status, 405);
  assertErrorEnvelope(res.json, 405, 'method_not_allowed');
  assert.match(res.headers.get('allow') ?? '', /GET/);
  const deleteList = await call(f, 'DELETE', '/api/v2/accounts/a1/deposit', { key: KEYS.writer });
  assert.is(deleteList.status, 405);
  assert.match(deleteList.headers.get('allow') ?? '', /POST/);
  const health = await call(f, 'POST', '/api/health');
  assert.is(health.status, 405);
  const options = await call(f, 'OPTIONS', '/api/v2/things');
  assert.is(options.status, 204);
  assert.match(options.headers.get('allow') ?? '', /GET, HEAD/);
});

test('HEAD on a GET route answers without a body', async ({ f }) => {
  const res = await call(f, 'HEAD', '/api/ping');
  assert.is(res.status, 200);
  assert.is(res.text, '');
});

test('GET /api/health is public and wraps deps.health() in {data}', async ({ f }) => {
  const res = await call(f, 'GET', '/api/health');
  assert.is(res.status, 200);
  assert.equal(res.json, { data: HEALTHY });
});

test('GET /api/openapi.json is public', async ({ f }) => {
  const res = await call(f, 'GET', '/api/openapi.json');
  assert.is(res.status, 200);
  assert.is(res.json.openapi, '3.0.3');
  assert.ok(res.json.paths['/api/v2/accounts/{id}/deposit'].post);
});

test('500 hides the cause, carries only the request id, and logs it with the request id', async ({ f }) => {
  const res = await call(f, 'GET', '/api/v2/boom', { key: KEYS.reader, headers: { 'x-request-id': 'trace-500' } });
  assert.is(res.status, 500);
  assertErrorEnvelope(res.json, 500, 'internal_error');
  assert.not.match(res.text, /hunter2|db:|10\.0\.0\.5|Error|stack/);
  assert.match(res.json.errors[0].detail, /trace-500/);
  const logged = f.logger.entries.find((entry) => entry.level === 'error' && entry.fields?.['requestId'] === 'trace-500');
  assert.ok(logged, 'the failure is logged with the request id');
  assert.match(String(logged!.fields?.['error']), /hunter2/);
});

test('with http.checkResponses an answer that does not match its view is a 500 naming the field', async ({ f }) => {
  const res = await call(f, 'GET', '/api/v2/drifted', { key: KEYS.reader });
  assert.is(res.status, 500);
  assertErrorEnvelope(res.json, 500, 'response_view_mismatch');
  assert.match(res.json.errors[0].detail, /secret/);
});

test('a business rule error keeps its own status, code and source', async ({ f }) => {
  const res = await call(f, 'POST', '/api/v2/fail', { key: KEYS.writer, body: {} });
  assert.is(res.status, 422);
  assert.equal(res.json, {
    errors: [{ status: 422, code: 'account_frozen', title: 'Request refused', detail: 'The account is frozen.', source: { pointer: '/account' } }],
  });
});

test('malformed percent-encoding in a path parameter is 400, not 500', async ({ f }) => {
  for (const path of ['/api/v2/things/%E0%A4%A', '/api/v2/things/%', '/api/v2/things/%zz', '/api/v2/accounts/%C0%AF/deposit']) {
    const method = path.endsWith('deposit') ? 'POST' : 'DELETE';
    const res = await call(f, method, path, { key: KEYS.writer, body: { amount: '1', asset_code: 'USD' } });
    assert.is(res.status, 400, path);
    assertErrorEnvelope(res.json, 400, 'malformed_path');
  }
});

test('requests node itself rejects get an envelope 400, never a 500', async ({ f }) => {
  const res = await rawRequest(f.port, 'GET /api/ping HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n');
  assert.is(res.status, 400);
  assert.equal(JSON.parse(res.body).errors[0].code, 'malformed_request');
  const garbage = await rawRequest(f.port, '\x00\x01\x02 nonsense\r\n\r\n');
  assert.is(garbage.status, 400);
  const huge = await rawRequest(f.port, `GET /api/ping HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
  assert.is(huge.status, 431);
});

test('query parameters that are arrays or odd do not break validation', async ({ f }) => {
  const res = await call(f, 'GET', '/api/v2/things?page=1&page=2&per_page[x]=3&status=%ZZ&__proto__=1&constructor=2', { key: KEYS.reader });
  assert.is(res.status, 422);
  for (const error of res.json.errors) assert.ok(error.source.parameter, 'query issues name the parameter');
});

/**
 * Declared routes are served without express when the route table finds
 * them; an absolute-form target ('GET http://host/path') is left to express.
 * Both must answer byte for byte alike (but for the Date header).
 */
test('a declared route answers the same with express and without it', async ({ f }) => {
  const cases: { method: string; path: string; headers?: string; body?: string }[] = [
    { method: 'GET', path: '/api/ping' },
    { method: 'GET', path: '/api/ping?x=1&x=2' },
    { method: 'GET', path: '/api/ping', headers: 'If-None-Match: *\r\n' },
    { method: 'GET', path: '/api/ping', headers: 'If-None-Match: *\r\nCache-Control: no-cache\r\n' },
    { method: 'GET', path: '/api/ping', headers: 'If-Modified-Since: Tue, 01 Jan 2030 00:00:00 GMT\r\n' },
    { method: 'GET', path: '/api/v2/things?per_page=1', headers: `Authorization: Bearer ${KEYS.reader}\r\n` },
    { method: 'GET', path: '/api/v2/things' },
    { method: 'DELETE', path: '/api/v2/things/t%201', headers: `Authorization: Bearer ${KEYS.writer}\r\n` },
    { method: 'POST', path: '/api/v2/public/echo?lang=fr', headers: 'Content-Type: application/json\r\n', body: '{"word":"été"}' },
    { method: 'POST', path: '/api/v2/public/echo', headers: 'Content-Type: application/json\r\n', body: '{"word":' },
    { method: 'POST', path: '/api/v2/public/echo?lang=de', headers: 'Content-Type: application/json\r\n', body: '{"word":"x"}' },
    { method: 'GET', path: '/api/v2/boom', headers: `Authorization: Bearer ${KEYS.reader}\r\n` },
  ];
  for (const { method, path, headers = '', body = '' } of cases) {
    const request = (target: string) =>
      `${method} ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nX-Request-Id: parity-1\r\n${headers}` +
      (body ? `Content-Length: ${Buffer.byteLength(body)}\r\n` : '') +
      `\r\n${body}`;
    const direct = await rawRequest(f.port, request(path));
    const viaExpress = await rawRequest(f.port, request(`http://127.0.0.1${path}`));
    const withoutDate = (head: string) => head.split('\r\n').filter((line) => !/^date:/i.test(line));
    assert.equal(withoutDate(direct.head), withoutDate(viaExpress.head), `${method} ${path} ${headers}`);
    assert.is(direct.body, viaExpress.body, `${method} ${path} ${headers}`);
  }
});

test.run();

import { randomBytes } from 'node:crypto';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { isJsonMediaType } from '../edge/body.js';
import { call, KEYS, rawRequest, startFixture, type Fixture } from './http-test-kit.js';

const test = suite<{ f: Fixture }>('http: request bodies and validation');

test.before(async (context) => {
  context.f = await startFixture();
});
test.after(async (context) => {
  await context.f.close();
});

const DEPOSIT = '/api/v2/accounts/acc-1/deposit';

test('malformed JSON is 400 malformed_json', async ({ f }) => {
  for (const rawBody of ['{', '{"amount": }', "{'a':1}", 'nul', '{"a":1}x', '\uFEFF{', '[1,]']) {
    const res = await call(f, 'POST', DEPOSIT, { key: KEYS.writer, rawBody, headers: { 'content-type': 'application/json' } });
    assert.is(res.status, 400, rawBody);
    assert.is(res.json.errors[0].code, 'malformed_json');
  }
});

test('a key repeated within one object is 400 duplicate_json_key pointing at it, and nothing runs', async ({ f }) => {
  const before = f.world.deposits;
  const res = await call(f, 'POST', DEPOSIT, { key: KEYS.writer, rawBody: '{"amount": "1", "asset_code": "USD", "amount": "900"}', headers: { 'content-type': 'application/json' } });
  assert.is(res.status, 400);
  assert.equal([res.json.errors[0].code, res.json.errors[0].source], ['duplicate_json_key', { pointer: '/amount' }]);
  assert.is(f.world.deposits, before);
});

test('invalid UTF-8 is 400 malformed_json', async ({ f }) => {
  const res = await call(f, 'POST', DEPOSIT, {
    key: KEYS.writer,
    rawBody: new Uint8Array([0x7b, 0x22, 0xc3, 0x28, 0x22, 0x3a, 0x31, 0x7d]),
    headers: { 'content-type': 'application/json' },
  });
  assert.is(res.status, 400);
  assert.is(res.json.errors[0].code, 'malformed_json');
});

test('deeply nested JSON is refused with 400 before anything walks it', async ({ f }) => {
  const rawBody = '['.repeat(900) + ']'.repeat(900);
  const res = await call(f, 'POST', '/api/v2/echo', { key: KEYS.writer, rawBody, headers: { 'content-type': 'application/json' } });
  assert.is(res.status, 400);
  assert.match(res.json.errors[0].detail, /deeper/);
});

test('a body over the limit is 413, whether announced or streamed', async ({ f }) => {
  const big = JSON.stringify({ amount: '1', asset_code: 'USD', reference: 'x'.repeat(5_000) });
  const announced = await call(f, 'POST', DEPOSIT, { key: KEYS.writer, rawBody: big, headers: { 'content-type': 'application/json' } });
  assert.is(announced.status, 413);
  assert.is(announced.json.errors[0].code, 'payload_too_large');

  const chunked = await rawRequest(
    f.port,
    `POST ${DEPOSIT} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${KEYS.writer}\r\nContent-Type: application/json\r\n` +
      `Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n${(3000).toString(16)}\r\n${'a'.repeat(3000)}\r\n0\r\n\r\n`,
  );
  assert.is(chunked.status, 413);
  assert.is(JSON.parse(chunked.body).errors[0].code, 'payload_too_large');
});

test('a body in another media type, charset or encoding is 415', async ({ f }) => {
  const body = JSON.stringify({ amount: '1', asset_code: 'USD' });
  for (const [name, value] of [
    ['content-type', 'text/plain'],
    ['content-type', 'application/x-www-form-urlencoded'],
    ['content-type', 'application/json; charset=latin1'],
    ['content-type', 'multipart/form-data; boundary=x'],
  ] as const) {
    const res = await call(f, 'POST', DEPOSIT, { key: KEYS.writer, rawBody: body, headers: { [name]: value } });
    assert.is(res.status, 415, value);
    assert.is(res.json.errors[0].code, 'unsupported_media_type');
    assert.equal(res.json.errors[0].source, { header: 'Content-Type' });
  }
  const gzip = await call(f, 'POST', DEPOSIT, {
    key: KEYS.writer,
    rawBody: body,
    headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
  });
  assert.is(gzip.status, 415);
  assert.is(gzip.json.errors[0].code, 'unsupported_content_encoding');
  // fetch sends text/plain for a string body without a content type; a raw request sends none at all.
  const untyped = await rawRequest(
    f.port,
    `POST ${DEPOSIT} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${KEYS.writer}\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
  );
  assert.is(untyped.status, 415);
});

test('JSON media types with parameters and +json suffixes are accepted', async ({ f }) => {
  assert.ok(isJsonMediaType('application/json'));
  assert.ok(isJsonMediaType('Application/JSON; charset="UTF-8"'));
  assert.ok(isJsonMediaType('application/vnd.api+json'));
  assert.not.ok(isJsonMediaType('application/jsonx'));
  assert.not.ok(isJsonMediaType('text/json'));
  const res = await call(f, 'POST', DEPOSIT, {
    key: KEYS.writer,
    rawBody: JSON.stringify({ amount: '1', asset_code: 'USD' }),
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });
  assert.is(res.status, 201);
});

test('an empty POST body is {}', async ({ f }) => {
  const noBody = await call(f, 'POST', '/api/v2/echo', { key: KEYS.writer });
  assert.is(noBody.status, 200);
  const typedEmpty = await call(f, 'POST', '/api/v2/fail', { key: KEYS.writer, rawBody: '', headers: { 'content-type': 'application/json' } });
  assert.is(typedEmpty.status, 422, 'the fail route runs, so {} passed its body schema');
  assert.is(typedEmpty.json.errors[0].code, 'account_frozen');
  const deposit = await call(f, 'POST', DEPOSIT, { key: KEYS.writer });
  assert.is(deposit.status, 422);
  assert.equal(
    deposit.json.errors.map((error: any) => error.source.pointer).sort(),
    ['/amount', '/asset_code'],
  );
});

test('422 reports every issue at once with JSON pointers (body) and parameters (path, query)', async ({ f }) => {
  const res = await call(f, 'POST', '/api/v2/accounts/ab/deposit', {
    key: KEYS.writer,
    body: { amount: '1.234', asset_code: 'GBP', reference: 'far too long a reference', meta: { tag: 5 } },
  });
  assert.is(res.status, 422);
  const sources = res.json.errors.map((error: any) => error.source);
  assert.equal(sources, [
    { parameter: 'id' },
    { pointer: '/amount' },
    { pointer: '/asset_code' },
    { pointer: '/reference' },
    { pointer: '/meta/tag' },
  ]);
  for (const error of res.json.errors) {
    assert.is(error.status, 422);
    assert.is(error.code, 'validation_failed');
    assert.type(error.detail, 'string');
  }
  const query = await call(f, 'GET', '/api/v2/things?page=0&per_page=500&status=maybe', { key: KEYS.reader });
  assert.is(query.status, 422);
  assert.equal(
    query.json.errors.map((error: any) => error.source),
    [{ parameter: 'page' }, { parameter: 'per_page' }, { parameter: 'status' }],
  );
});

test('unknown fields of a strict body are reported one pointer each; a non-object body points at the root', async ({ f }) => {
  const strict = await call(f, 'POST', '/api/v2/public/echo?lang=de', { body: { word: 'hi', 'a/b': 1, 'c~d': 2 } });
  assert.is(strict.status, 422);
  assert.equal(
    strict.json.errors.map((error: any) => error.source),
    [{ parameter: 'lang' }, { pointer: '/a~1b' }, { pointer: '/c~0d' }],
  );
  const array = await call(f, 'POST', '/api/v2/public/echo', { body: [1, 2] });
  assert.is(array.status, 422);
  assert.equal(array.json.errors[0].source, { pointer: '' });
});

test('a "__proto__" key in a body is a plain key, not a prototype', async ({ f }) => {
  const res = await call(f, 'POST', '/api/v2/accounts/acc-1/deposit', {
    key: KEYS.writer,
    rawBody: '{"amount": "1", "asset_code": "USD", "__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}}',
    headers: { 'content-type': 'application/json' },
  });
  assert.is(res.status, 201);
  assert.is(({} as any).polluted, undefined);
});

test('a route that declares no body takes none: an empty body or {} passes, anything else is 422 unexpected_body', async ({ f }) => {
  for (const rawBody of ['', '{}', ' { } ']) {
    const res = await call(f, 'POST', '/api/v2/echo', { key: KEYS.writer, rawBody, headers: { 'content-type': 'application/json' } });
    assert.is(res.status, 200, rawBody);
  }
  for (const rawBody of ['{"a":1}', '[]', 'null', '0', '"x"', '{"__proto__": {"polluted": true}}']) {
    const res = await call(f, 'POST', '/api/v2/echo', { key: KEYS.writer, rawBody, headers: { 'content-type': 'application/json' } });
    assert.is(res.status, 422, rawBody);
    assert.equal(res.json.errors, [
      { status: 422, code: 'unexpected_body', title: 'Validation failed', detail: 'This route takes no request body; send none, or {}.', source: { pointer: '' } },
    ]);
  }
  assert.is(({} as any).polluted, undefined);
});

test('NUL and unpaired surrogates are 422 invalid_characters in body values and keys, path and query, all at once', async ({ f }) => {
  const before = f.world.deposits;
  const res = await call(f, 'POST', '/api/v2/accounts/a%00c/deposit?note=%00&list=ok&list=x%00', {
    key: KEYS.writer,
    rawBody: '{"amount": "1", "asset_code": "USD", "reference": "a\\ud800", "meta": {"tag": "ok", "t\\u0000g": "v"}}',
    headers: { 'content-type': 'application/json' },
  });
  assert.is(res.status, 422);
  assert.equal(
    res.json.errors.map((error: any) => [error.code, error.source]),
    [
      ['invalid_characters', { parameter: 'id' }],
      ['invalid_characters', { parameter: 'note' }],
      ['invalid_characters', { parameter: 'list' }],
      ['invalid_characters', { pointer: '/reference' }],
      ['invalid_characters', { pointer: '/meta' }],
    ],
  );
  assert.match(res.json.errors[4].detail, /^The key 't\ufffdg' must not contain NUL/);
  const name = await call(f, 'GET', '/api/v2/things?%00=1', { key: KEYS.reader });
  assert.equal([name.status, name.json.errors[0].source], [422, { parameter: '\ufffd' }]);
  // A paired surrogate (an emoji) is ordinary text.
  const emoji = await call(f, 'POST', '/api/v2/accounts/acc-1/deposit', { key: KEYS.writer, body: { amount: '1', asset_code: 'USD', reference: '😀' } });
  assert.is(emoji.status, 201);
  assert.is(f.world.deposits, before + 1);
});

test('fuzz: random bytes, odd content types and odd headers never give a 500', async ({ f }) => {
  const contentTypes = ['application/json', 'application/json; charset=utf-16', 'text/plain', '', ';;;', 'application/json; charset', '*/*'];
  const paths = [DEPOSIT, '/api/v2/echo', '/api/v2/public/echo', '/api/v2/things', '/api/v2/nope', '/api/v2/things/%ff%fe'];
  const methods = ['POST', 'PUT', 'PATCH', 'GET', 'DELETE'];
  let seed = 7;
  const next = (n: number): number => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  for (let i = 0; i < 120; i += 1) {
    const method = methods[next(methods.length)]!;
    const path = paths[next(paths.length)]!;
    const headers: Record<string, string> = {};
    const contentType = contentTypes[next(contentTypes.length)]!;
    if (contentType) headers['content-type'] = contentType;
    if (next(2)) headers['authorization'] = next(2) ? `Bearer ${KEYS.writer}` : `Bearer ${randomBytes(8).toString('base64')}`;
    if (next(3) === 0) headers['idempotency-key'] = randomBytes(next(300) + 1).toString('latin1').replace(/[^\x20-\x7e]/g, '');
    if (next(4) === 0) headers['x-request-id'] = randomBytes(20).toString('hex');
    const canHaveBody = method !== 'GET';
    const bytes = randomBytes(next(400));
    const body = canHaveBody ? (next(2) ? bytes : JSON.stringify({ amount: bytes.toString('latin1'), asset_code: 1 })) : undefined;
    const res = await call(f, method, path, { headers, ...(body !== undefined ? { rawBody: body } : {}) });
    assert.ok(res.status < 500, `${method} ${path} ${JSON.stringify(headers)} gave ${res.status}: ${res.text}`);
    if (res.status >= 400) assert.ok(Array.isArray(res.json?.errors), `error envelope for ${res.status}`);
  }
  assert.not.ok(f.logger.entries.some((entry) => entry.level === 'error'), 'nothing was logged as an unhandled error');
});

test('fuzz: raw requests with odd framing never give a 500', async ({ f }) => {
  const requests = [
    `POST ${DEPOSIT} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 5\r\nConnection: close\r\n\r\n{"a"`,
    `POST ${DEPOSIT} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`,
    `GET /api/v2/things?${'a=1&'.repeat(2000)} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${KEYS.reader}\r\nConnection: close\r\n\r\n`,
    `GET /api/v2/../../etc/passwd HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
    `GET http://evil.example/api/ping HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
    `GET /api/ping%00 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
    `BREW /api/ping HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
    `GET /api/v2/things HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \u00ff\u00fe\r\nConnection: close\r\n\r\n`,
    `POST /api/v2/echo HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${KEYS.writer}\r\nIdempotency-Key: caf\u00e9\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`,
  ];
  for (const request of requests) {
    const res = await rawRequest(f.port, Buffer.from(request, 'latin1'));
    assert.ok(res.status > 0 && res.status < 500, `${JSON.stringify(request.slice(0, 80))} gave ${res.status}: ${res.body}`);
  }
});

test.run();

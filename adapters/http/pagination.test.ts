import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Page } from '../../kernel/contract/page.js';
import { call, KEYS, rawRequest, startFixture, type Fixture } from './http-test-kit.js';
import { pageLinks, pageMeta } from './pagination.js';

const test = suite<{ f: Fixture }>('http: pagination');

test.before(async (context) => {
  context.f = await startFixture();
});
test.after(async (context) => {
  await context.f.close();
});

const BASE = '/api/v2/things';

test('first page: prev is null, links keep the other query parameters', async ({ f }) => {
  const res = await call(f, 'GET', `${BASE}?status=open&per_page=20`, { key: KEYS.reader });
  assert.is(res.status, 200);
  assert.equal(Object.keys(res.json), ['data', 'meta', 'links']);
  assert.is(res.json.data.length, 20);
  assert.equal(res.json.data[0], { n: 1 });
  assert.equal(res.json.meta, { current_page: 1, last_page: 3, per_page: 20, total: 45, from: 1, to: 20 });
  assert.equal(res.json.links, {
    first: `${BASE}?status=open&per_page=20&page=1`,
    last: `${BASE}?status=open&per_page=20&page=3`,
    prev: null,
    next: `${BASE}?status=open&per_page=20&page=2`,
  });
});

test('middle page: both prev and next', async ({ f }) => {
  const res = await call(f, 'GET', `${BASE}?page=2&per_page=20`, { key: KEYS.reader });
  assert.equal(res.json.meta, { current_page: 2, last_page: 3, per_page: 20, total: 45, from: 21, to: 40 });
  assert.is(res.json.links.prev, `${BASE}?page=1&per_page=20`);
  assert.is(res.json.links.next, `${BASE}?page=3&per_page=20`);
});

test('last page: next is null and to is the total', async ({ f }) => {
  const res = await call(f, 'GET', `${BASE}?page=3`, { key: KEYS.reader });
  assert.is(res.json.data.length, 5);
  assert.equal(res.json.meta, { current_page: 3, last_page: 3, per_page: 20, total: 45, from: 41, to: 45 });
  assert.is(res.json.links.next, null);
  assert.is(res.json.links.prev, `${BASE}?page=2`);
  assert.is(res.json.links.last, `${BASE}?page=3`);
});

test('past the end: empty data, from/to null', async ({ f }) => {
  const res = await call(f, 'GET', `${BASE}?page=9`, { key: KEYS.reader });
  assert.equal(res.json.data, []);
  assert.is(res.json.meta.from, null);
  assert.is(res.json.meta.to, null);
  assert.is(res.json.links.next, null);
});

test('links are absolute paths even for an absolute-form request target', async ({ f }) => {
  const res = await rawRequest(
    f.port,
    `GET http://evil.example${BASE}?page=2 HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${KEYS.reader}\r\nConnection: close\r\n\r\n`,
  );
  const links = JSON.parse(res.body).links;
  assert.is(links.first, `${BASE}?page=1`);
  assert.not.match(res.body, /evil/);
});

test('empty list: one page, from/to null, no prev/next', () => {
  const page = new Page([], 1, 20, 0);
  assert.equal(pageMeta(page), { current_page: 1, last_page: 1, per_page: 20, total: 0, from: null, to: null });
  assert.equal(pageLinks(page, '/api/v2/x', 'limit=20'), {
    first: '/api/v2/x?limit=20&page=1',
    last: '/api/v2/x?limit=20&page=1',
    prev: null,
    next: null,
  });
});

test.run();

import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { bootTestKernel, type TestKernel, type TestUser } from '../fixtures/boot.js';

/** GET /api/v2/accounts/{id}/transactions: the page size under either name, and whole numbers only. */
const test = suite('account transactions: paging parameters');
let k: TestKernel;
let ada: TestUser;
let base: string;

test.before(async () => {
  k = await bootTestKernel({ modules: ['core-banking'] });
  ada = await k.createUser('Ada');
  const account = await k.request('POST', '/api/v2/accounts', { key: ada.key, body: { name: 'Main', type: 'personal' } });
  base = `/api/v2/accounts/${account.body.data.uuid}/transactions`;
  for (const amount of ['1.00', '2.00', '3.00']) {
    const deposit = await k.request('POST', `${base.replace('/transactions', '')}/deposit`, { key: ada.key, body: { amount, asset_code: 'USD' } });
    assert.is(deposit.status, 201);
    k.clock.advance(1000);
  }
});
test.after(async () => {
  await k?.close();
});

test('per_page is an alias of limit, and the links it appears in page by it', async () => {
  const first = await k.request('GET', `${base}?per_page=2`, { key: ada.key });
  assert.is(first.status, 200, JSON.stringify(first.body));
  assert.equal(first.body.meta, { current_page: 1, last_page: 2, per_page: 2, total: 3, from: 1, to: 2 });
  assert.is(first.body.data.length, 2);
  assert.is(first.body.links.next, `${base}?per_page=2&page=2`);
  const next = await k.request('GET', first.body.links.next, { key: ada.key });
  assert.equal([next.body.meta.from, next.body.meta.to, next.body.data.length], [3, 3, 1]);
  const byLimit = await k.request('GET', `${base}?limit=2`, { key: ada.key });
  assert.equal(byLimit.body.data, first.body.data);
});

test('limit and per_page together are 422 on per_page', async () => {
  const both = await k.request('GET', `${base}?limit=2&per_page=2`, { key: ada.key });
  assert.is(both.status, 422);
  assert.equal(both.body.errors.map((error: any) => error.source), [{ parameter: 'per_page' }]);
});

test('page sizes and numbers are whole numbers in digits: 1e1, 0x10, 2.0, empty are 422', async () => {
  for (const [query, parameter] of [
    ['limit=1e1', 'limit'],
    ['per_page=1e1', 'per_page'],
    ['page=1e1', 'page'],
    ['limit=0x10', 'limit'],
    ['limit=2.0', 'limit'],
    ['limit=', 'limit'],
    ['page=%201', 'page'],
  ] as const) {
    const response = await k.request('GET', `${base}?${query}`, { key: ada.key });
    assert.is(response.status, 422, `${query}: ${JSON.stringify(response.body)}`);
    assert.equal(response.body.errors[0].source, { parameter }, query);
  }
});

test.run();

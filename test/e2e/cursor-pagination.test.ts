import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { bootTestKernel, type TestKernel, type TestUser } from '../fixtures/boot.js';

/**
 * starting_after / ending_before beside page/per_page on the transaction and
 * transfer lists: the same rows in the same order, has_more, and a cursor of
 * someone else's row answered as an unknown one.
 */
const test = suite('cursor pagination over HTTP');
let k: TestKernel;
let ada: TestUser;
let bob: TestUser;
let main: string;
let savings: string;
let bobsTransaction: string;

const uuids = (body: { data: { uuid: string }[] }): string[] => body.data.map((row) => row.uuid);

async function ok(path: string, user = ada): Promise<any> {
  const response = await k.request('GET', path, { key: user.key });
  assert.is(response.status, 200, `${path}: ${JSON.stringify(response.body)}`);
  return response.body;
}

async function post(path: string, body: object, user = ada): Promise<any> {
  const response = await k.request('POST', path, { key: user.key, body });
  assert.ok(response.status === 200 || response.status === 201, `${path}: ${JSON.stringify(response.body)}`);
  return response.body.data;
}

/** Follows a cursor from the row `from` to the end of `path`'s list, `perPage` rows a page; the ids met in list order. */
async function walk(path: string, parameter: 'starting_after' | 'ending_before', from: string, perPage: number): Promise<string[]> {
  const pages: string[][] = [];
  let cursor = from;
  for (;;) {
    const body = await ok(`${path}?per_page=${perPage}&${parameter}=${cursor}`);
    assert.equal(Object.keys(body), ['data', 'meta'], 'a cursor page has no page links');
    assert.equal(Object.keys(body.meta), ['per_page', 'has_more']);
    const got = uuids(body);
    pages.push(got);
    if (!body.meta.has_more) break;
    cursor = parameter === 'starting_after' ? got[got.length - 1]! : got[0]!;
  }
  return parameter === 'starting_after' ? pages.flat() : pages.reverse().flat();
}

test.before(async () => {
  k = await bootTestKernel({ modules: ['core-banking'] });
  ada = await k.createUser('Ada');
  bob = await k.createUser('Bob');
  main = (await post('/api/v2/accounts', { name: 'Main', type: 'personal' })).uuid;
  savings = (await post('/api/v2/accounts', { name: 'Savings', type: 'savings' })).uuid;
  for (const [n, amount] of ['10.00', '20.00', '30.00', '40.00', '50.00'].entries()) {
    await post(`/api/v2/accounts/${main}/deposit`, { amount, asset_code: 'USD' });
    // Two deposits share an instant: the order still is total.
    if (n !== 2) k.clock.advance(1000);
  }
  await post(`/api/v2/accounts/${savings}/deposit`, { amount: '5.00', asset_code: 'USD' });
  for (const amount of ['1.00', '2.00', '3.00']) {
    await post('/api/v2/transfers', { from_account: main, to_account: savings, amount, asset_code: 'USD' });
    await post('/api/v2/transfers', { from_account: savings, to_account: main, amount: '0.50', asset_code: 'USD' });
    k.clock.advance(1000);
  }
  const bobs = (await post('/api/v2/accounts', { name: 'Bob', type: 'personal' }, bob)).uuid;
  bobsTransaction = (await post(`/api/v2/accounts/${bobs}/deposit`, { amount: '1.00', asset_code: 'USD' }, bob)).uuid;
});
test.after(async () => {
  await k?.close();
});

for (const list of ['transactions', 'transfers', 'team transactions'] as const) {
  test(`${list}: walking forward and backward by cursor meets the rows of page mode, once each, in its order`, async () => {
    const path = list === 'team transactions' ? '/api/v2/transactions' : `/api/v2/accounts/${main}/${list}`;
    const all = uuids(await ok(`${path}?per_page=100`));
    assert.ok(all.length >= 6, `${list}: ${all.length} rows`);
    for (const perPage of [1, 3]) {
      assert.equal(await walk(path, 'starting_after', all[0]!, perPage), all.slice(1), `forward, ${perPage} a page`);
      assert.equal(await walk(path, 'ending_before', all[all.length - 1]!, perPage), all.slice(0, -1), `backward, ${perPage} a page`);
    }
  });
}

test('a client syncing by ending_before finds new rows; one walking by starting_after sees nothing shift', async () => {
  const path = `/api/v2/accounts/${main}/transactions`;
  const before = uuids(await ok(`${path}?per_page=100`));
  const first = await ok(`${path}?per_page=2&starting_after=${before[0]}`);
  await post(`/api/v2/accounts/${main}/deposit`, { amount: '7.00', asset_code: 'USD' });
  const rest = await walk(path, 'starting_after', uuids(first).at(-1)!, 2);
  assert.equal([...uuids(first), ...rest], before.slice(1), 'the new row is on no page of the walk');
  const newer = await ok(`${path}?ending_before=${before[0]}`);
  assert.equal(newer.meta, { per_page: 20, has_more: false });
  assert.equal(newer.data.map((row: { amount: string }) => row.amount), ['7.00']);
});

test('starting_after with ending_before, with page, or with sort=amount is 422 naming the parameter; sort=created_at walks oldest first', async () => {
  const path = `/api/v2/accounts/${main}/transactions`;
  const [newest] = uuids(await ok(path));
  for (const [query, parameter] of [
    [`starting_after=${newest}&ending_before=${newest}`, 'ending_before'],
    [`starting_after=${newest}&page=1`, 'page'],
    [`starting_after=${newest}&sort=-amount`, 'sort'],
    ['starting_after=', 'starting_after'],
  ] as const) {
    const response = await k.request('GET', `${path}?${query}`, { key: ada.key });
    assert.is(response.status, 422, `${query}: ${JSON.stringify(response.body)}`);
    assert.equal(response.body.errors[0].source, { parameter }, query);
  }
  const oldestFirst = uuids(await ok(`${path}?sort=created_at&per_page=100`));
  const ascending = await ok(`${path}?sort=created_at&per_page=2&starting_after=${oldestFirst[0]}`);
  assert.equal(uuids(ascending), oldestFirst.slice(1, 3));
});

test("another team's row, another account's row and no row are the same 404 on the cursor parameter", async () => {
  const savingsOnly = uuids(await ok(`/api/v2/accounts/${savings}/transactions?per_page=1`))[0]!;
  const mainTransfer = uuids(await ok(`/api/v2/accounts/${main}/transfers?per_page=1`))[0]!;
  for (const [path, id] of [
    [`/api/v2/accounts/${main}/transactions?starting_after=${bobsTransaction}`, bobsTransaction],
    [`/api/v2/transactions?ending_before=${bobsTransaction}`, bobsTransaction],
    [`/api/v2/accounts/${main}/transactions?starting_after=${savingsOnly}`, savingsOnly],
    [`/api/v2/accounts/${main}/transactions?starting_after=missing`, 'missing'],
    [`/api/v2/accounts/${main}/transfers?starting_after=${savingsOnly}`, savingsOnly],
  ] as const) {
    const response = await k.request('GET', path, { key: ada.key });
    assert.is(response.status, 404, `${path}: ${JSON.stringify(response.body)}`);
    assert.equal(response.body.errors.map((error: any) => [error.code, error.source]), [['not_found', { parameter: path.includes('ending_before') ? 'ending_before' : 'starting_after' }]]);
    assert.match(response.body.errors[0].detail, `'${id}' was not found`);
  }
  const bobs = await k.request('GET', `/api/v2/accounts/${main}/transfers?starting_after=${mainTransfer}`, { key: bob.key });
  assert.is(bobs.status, 404, "Bob may not list Ada's account at all");
});

test.run();

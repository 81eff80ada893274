import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { UnitOfWork } from '../../kernel/public.js';
import { bootGraphql, data, gql, type GraphqlKernel } from '../../test/e2e/graphql-kit.js';
import { bootTestKernel, type TestKernel, type TestUser } from '../../test/fixtures/boot.js';
import { assertConservation } from '../../test/fixtures/conservation.js';
import { BatchItemView, BatchView } from './operations.js';
import { ApplyItemWorkflow } from './workflows.js';
import { e2eStores } from '../../test/fixtures/stores.js';

/**
 * Batches end to end over real HTTP and GraphQL on every store (memory,
 * PGlite, PostgreSQL when DATABASE_URL is set): per-item outcomes, money
 * moved only through the ledger with conservation checked after each
 * scenario, bad input refused whole, another team's data out of reach; and a
 * restart on PGlite with a real data directory, where an item already
 * applied is not applied again.
 */
for (const store of e2eStores()) {
  const test = suite(`batch: bulk transfers and payouts: ${store}`);
  let g: GraphqlKernel;
  let alice: TestUser;
  let bob: TestUser;
  let main: string;
  let savings: string;
  let bobs: string;

  const call = (user: TestUser, method: string, path: string, body?: unknown) => g.request(method, `/api/v2${path}`, { key: user.key, body });
  const usd = async (user: TestUser, account: string) => {
    const rows = (await call(user, 'GET', `/accounts/${account}/balances`)).body.data.balances as { asset_code: string; available_balance: string }[];
    return rows.find((row) => row.asset_code === 'USD')?.available_balance ?? '0.00';
  };
  const items = async (user: TestUser, id: string) => (await call(user, 'GET', `/batches/${id}/items?per_page=100`)).body.data.map((row: unknown) => BatchItemView.parse(row));

  test.before(async () => {
    g = await bootGraphql({ store, modules: ['core-banking', 'batch'], rateLimits: false, config: { pluginConfig: { batch: { max_items: 5 } } } as any });
    alice = await g.createUser('Alice Batch');
    bob = await g.createUser('Bob Batch');
    const open = async (user: TestUser, name: string) => (await call(user, 'POST', '/accounts', { name, type: 'personal' })).body.data.uuid as string;
    main = await open(alice, 'Main');
    savings = await open(alice, 'Savings');
    bobs = await open(bob, 'Bob');
    await call(alice, 'POST', `/accounts/${main}/deposit`, { amount: '100.00', asset_code: 'USD' });
    await call(bob, 'POST', `/accounts/${bobs}/deposit`, { amount: '100.00', asset_code: 'USD' });
  });
  test.after(() => g.close());

  test('a transfer batch applies each item on its own: completed with its movement, or failed with the refusal', async () => {
    const created = await call(alice, 'POST', '/batches', {
      type: 'transfer',
      items: [
        { from_account: main, to_account: savings, amount: '30.00', asset_code: 'USD', reference: 'rent' },
        { from_account: main, to_account: savings, amount: '500.00', asset_code: 'USD' },
        { from_account: main, to_account: bobs, amount: '1.00', asset_code: 'USD' },
        { from_account: savings, to_account: main, amount: '0.50', asset_code: 'USD' },
      ],
    });
    assert.is(created.status, 201, JSON.stringify(created.body));
    const batch = BatchView.parse(created.body.data);
    assert.equal([batch.status, batch.total, batch.pending], ['processing', 4, 4]);
    assert.is(await g.k.runWorkflows(), 4, 'one run per item, each starting the next');
    const done = BatchView.parse((await call(alice, 'GET', `/batches/${batch.id}`)).body.data);
    assert.equal([done.status, done.completed, done.failed, done.pending], ['completed', 2, 2, 0]);
    const outcomes = await items(alice, batch.id);
    assert.equal(outcomes.map((item: BatchItemView) => [item.index, item.status, item.error_code]), [
      [0, 'completed', null],
      [1, 'failed', 'insufficient_funds'],
      [2, 'failed', 'not_found'],
      [3, 'completed', null],
    ]);
    assert.ok(outcomes[0].movement_id);
    assert.equal([await usd(alice, main), await usd(alice, savings), await usd(bob, bobs)], ['70.50', '29.50', '100.00']);
    const types = (await g.k.store.eventStore.readAfter(0n, 10_000)).map((event) => event.type).filter((type) => type.startsWith('batch.'));
    assert.equal(types, ['batch.created', 'batch.completed']);
    assert.is(await g.k.runWorkflows(), 0, 'nothing is left to apply');
    await assertConservation(g.k.kernel);
  });

  test('a payout batch pays the outside world', async () => {
    const created = await call(alice, 'POST', '/batches', { type: 'payout', items: [{ from_account: main, amount: '10.00', asset_code: 'USD' }, { from_account: savings, amount: '9.50', asset_code: 'USD' }] });
    assert.is(created.status, 201, JSON.stringify(created.body));
    await g.k.runWorkflows();
    const done = BatchView.parse((await call(alice, 'GET', `/batches/${created.body.data.id}`)).body.data);
    assert.equal([done.status, done.completed], ['completed', 2]);
    assert.equal([await usd(alice, main), await usd(alice, savings)], ['60.50', '20.00']);
    await assertConservation(g.k.kernel);
  });

  test('bad input is one 422 listing every refusal with its pointer, and stores nothing', async () => {
    const before = (await call(alice, 'GET', '/batches')).body.meta.total;
    const refused = await call(alice, 'POST', '/batches', {
      type: 'transfer',
      items: [
        { from_account: main, amount: '1.00', asset_code: 'USD' },
        { from_account: main, to_account: savings, amount: '1.001', asset_code: 'USD' },
        { from_account: main, to_account: savings, amount: '1.00', asset_code: 'NOPE' },
        { from_account: main, to_account: main, amount: '1.00', asset_code: 'USD' },
      ],
    });
    assert.is(refused.status, 422, JSON.stringify(refused.body));
    assert.equal(refused.body.errors.map((error: { source: { pointer: string } }) => error.source.pointer), ['/items/0/to_account', '/items/1/amount', '/items/2/asset_code', '/items/3/to_account']);
    const tooMany = await call(alice, 'POST', '/batches', { type: 'payout', items: Array.from({ length: 6 }, () => ({ from_account: main, amount: '1.00', asset_code: 'USD' })) });
    assert.equal([tooMany.status, tooMany.body.errors[0].source.pointer], [422, '/items']);
    // The route reads bodies past the service's 100 KB (a thousand items), up to 1 MB.
    const item = { from_account: main, to_account: savings, amount: '1.00', asset_code: 'USD' };
    const large = await call(alice, 'POST', '/batches', { type: 'transfer', items: Array.from({ length: 1_200 }, () => item) });
    assert.equal([large.status, large.body.errors?.[0]?.code], [422, 'too_many_items'], 'read, then refused for its count');
    const huge = await call(alice, 'POST', '/batches', { type: 'transfer', items: Array.from({ length: 9_000 }, () => item) });
    assert.is(huge.status, 413);
    for (const body of [{}, { type: 'payout', items: [] }, { type: 'swap', items: [{ from_account: main, amount: '1.00', asset_code: 'USD' }] }, { type: 'payout', items: [{ from_account: main, amount: 1, asset_code: 'USD' }] }]) {
      const answer = await call(alice, 'POST', '/batches', body);
      assert.is(answer.status, 422, `${JSON.stringify(body)} → ${answer.status}`);
    }
    assert.is((await call(alice, 'GET', '/batches')).body.meta.total, before);
    assert.is(await g.k.runWorkflows(), 0);
  });

  test('another team sees none of it', async () => {
    const id = (await call(alice, 'GET', '/batches')).body.data[0].id;
    assert.is((await call(bob, 'GET', `/batches/${id}`)).status, 404);
    assert.is((await call(bob, 'GET', `/batches/${id}/items`)).status, 404);
    assert.is((await call(bob, 'GET', '/batches')).body.meta.total, 0);
    assert.is((await call(alice, 'GET', '/batches/not-a-uuid')).status, 404);
    const graphql = await gql(g, 'query($id: ID!) { batch(id: $id) { id } }', { id }, bob.key);
    assert.is(graphql.body.errors?.[0]?.extensions?.code, 'not_found');
  });

  test('GraphQL submits and reads through the same operations', async () => {
    const made = await data(
      g,
      'mutation($input: CreateBatchInput!) { createBatch(input: $input) { id status total pending } }',
      { input: { type: 'transfer', items: [{ from_account: main, to_account: savings, amount: '5.00', asset_code: 'USD' }] } },
      alice.key,
    );
    assert.equal([made.createBatch.status, made.createBatch.pending], ['processing', 1]);
    await g.k.runWorkflows();
    const read = await data(g, 'query($id: ID!) { batch(id: $id) { status completed } batchItems(batch_id: $id) { data { index status movement_id } paginatorInfo { total } } batches(first: 1) { data { id } } }', { id: made.createBatch.id }, alice.key);
    assert.equal([read.batch.status, read.batch.completed, read.batchItems.paginatorInfo.total, read.batches.data[0].id], ['completed', 1, 1, made.createBatch.id]);
    assert.ok(read.batchItems.data[0].movement_id);
    const refused = await gql(g, 'mutation($input: CreateBatchInput!) { createBatch(input: $input) { id } }', { input: { type: 'payout', items: [{ from_account: main, amount: '-1', asset_code: 'USD' }] } }, alice.key);
    assert.is(refused.body.errors?.[0]?.extensions?.code, 'invalid_amount');
    await assertConservation(g.k.kernel);
  });

  test.run();
}

/** A restart with a batch submitted and not yet applied: its items are applied after it, each once; a replayed step does nothing. */
const restart = suite('batch: restart on PGlite');
let dataDir: string;
restart.before(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'bank-batch-restart-'));
});
restart.after(() => rm(dataDir, { recursive: true, force: true }));

restart('items pending at a restart are applied after it, each exactly once', async () => {
  const boot = (seed: string) => bootTestKernel({ seed, store: 'pglite', modules: ['core-banking', 'batch'], config: { dataDir } as any });
  let k: TestKernel = await boot('first');
  const ada = await k.createUser('Ada Restart');
  const open = async (name: string) => (await k.request('POST', '/api/v2/accounts', { key: ada.key, body: { name, type: 'personal' } })).body.data.uuid as string;
  const from = await open('From');
  const to = await open('To');
  await k.request('POST', `/api/v2/accounts/${from}/deposit`, { key: ada.key, body: { amount: '50.00', asset_code: 'USD' } });
  const created = await k.request('POST', '/api/v2/batches', { key: ada.key, body: { type: 'transfer', items: [1, 2, 3].map(() => ({ from_account: from, to_account: to, amount: '10.00', asset_code: 'USD' })) } });
  assert.is(created.status, 201, JSON.stringify(created.body));
  const batchId = created.body.data.id as string;
  await k.close();

  k = await boot('second');
  try {
    const usd = async () =>
      (await k.request('GET', `/api/v2/accounts/${from}/balances`, { key: ada.key })).body.data.balances.find((row: { asset_code: string }) => row.asset_code === 'USD').available_balance;
    assert.is(await k.runWorkflows(), 3, 'the three items’ runs, one after the other');
    const batch = (await k.request('GET', `/api/v2/batches/${batchId}`, { key: ada.key })).body.data;
    assert.equal([batch.status, batch.completed, batch.failed], ['completed', 3, 0]);
    assert.is(await usd(), '20.00');
    // The first item's step replayed (as after a crash between its commit and the runner's next read): nothing moves.
    const step = k.get(ApplyItemWorkflow).steps[0]!;
    await k.get(UnitOfWork).run((tx) => step.run!(tx, { batchId, index: 0 }, { workflowId: 'replay', teamId: ada.teamId, attempt: 2, now: k.clock.now() }));
    assert.is(await k.runWorkflows(), 0);
    assert.is(await usd(), '20.00', 'three items, thirty moved, never forty');
    await assertConservation(k.kernel);
  } finally {
    await k.close();
  }
});

restart.run();

import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { bootGraphql, data, gql, type GraphqlKernel } from '../../test/e2e/graphql-kit.js';
import type { TestUser } from '../../test/fixtures/boot.js';
import { assertConservation } from '../../test/fixtures/conservation.js';
import { ActivationView, ProductView } from './operations.js';
import { e2eStores } from '../../test/fixtures/stores.js';

/**
 * Products end to end over real HTTP and GraphQL on every store (memory,
 * PGlite, PostgreSQL when DATABASE_URL is set): interest accrued by the
 * scheduled task on the manual clock, ACT/365 in exact integers with the
 * remainder carried, paid from the team's system:interest.expense; the
 * monthly fee charged to system:fees; conservation after each scenario; bad
 * input and other teams refused.
 */
for (const store of e2eStores()) {
  const test = suite(`product: interest and fees through the ledger: ${store}`);
  let g: GraphqlKernel;
  let alice: TestUser;
  let bob: TestUser;
  let saver: string;
  let bobs: string;

  const call = (user: TestUser, method: string, path: string, body?: unknown) => g.request(method, `/api/v2${path}`, { key: user.key, body });
  const usd = async (account: string) => {
    const rows = (await call(alice, 'GET', `/accounts/${account}/balances`)).body.data.balances as { asset_code: string; available_balance: string }[];
    return rows.find((row) => row.asset_code === 'USD')?.available_balance ?? '0.00';
  };
  const activations = async (user: TestUser) => (await call(user, 'GET', '/products/activations')).body.data.map((row: unknown) => ActivationView.parse(row));

  test.before(async () => {
    g = await bootGraphql({ store, modules: ['core-banking', 'product'], rateLimits: false, now: '2026-01-01T12:00:00.000Z' });
    alice = await g.createUser('Alice Product');
    bob = await g.createUser('Bob Product');
    saver = (await call(alice, 'POST', '/accounts', { name: 'Saver', type: 'savings' })).body.data.uuid;
    bobs = (await call(bob, 'POST', '/accounts', { name: 'Bob', type: 'savings' })).body.data.uuid;
    await call(alice, 'POST', `/accounts/${saver}/deposit`, { amount: '10000.00', asset_code: 'USD' });
  });
  test.after(() => g.close());

  test('a product activated on an account earns ACT/365 interest by day and pays its monthly fee', async () => {
    const created = await call(alice, 'POST', '/products', { name: 'Easy Saver', account_type: 'savings', asset_code: 'USD', interest_rate_bps: 365, monthly_fee: '1.00' });
    assert.is(created.status, 201, JSON.stringify(created.body));
    const product = ProductView.parse(created.body.data);
    assert.equal([product.interest_rate, product.monthly_fee], ['3.65', '1.00']);
    const activated = await call(alice, 'POST', `/products/${product.id}/activations`, { account_id: saver });
    assert.is(activated.status, 201, JSON.stringify(activated.body));
    assert.equal([activated.body.data.accrued_through, activated.body.data.next_fee_at], ['2026-01-02T00:00:00.000Z', '2026-01-31T12:00:00.000Z']);

    await g.k.runScheduled();
    assert.is(await usd(saver), '10000.00', 'no whole day has passed');
    // Jan 2 and Jan 3: 10,000.00 × 3.65 % / 365 = 1.00 a day.
    g.k.clock.set('2026-01-04T01:00:00.000Z');
    await g.k.runScheduled();
    assert.is(await usd(saver), '10002.00');
    await g.k.runScheduled();
    assert.is(await usd(saver), '10002.00', 'a second pass the same day pays nothing');
    // Jan 4 to Jan 31 (28 days) on 10,002.00: 28.0056, so 28.00 paid and 0.0056 carried; the fee fell due on Jan 31.
    g.k.clock.set('2026-02-01T01:00:00.000Z');
    await g.k.runScheduled();
    assert.is(await usd(saver), '10029.00');
    const [activation] = await activations(alice);
    assert.equal(
      [activation.interest_paid, activation.interest_accrued_unpaid, activation.fees_charged, activation.next_fee_at, activation.accrued_through],
      ['30.00', '0.0056000000', '1.00', '2026-03-02T12:00:00.000Z', '2026-02-01T00:00:00.000Z'],
    );
    const types = (await g.k.store.eventStore.readAfter(0n, 10_000)).map((event) => event.type).filter((type) => type.startsWith('product.'));
    assert.equal(types, ['product.created', 'product.activated', 'product.interest_posted', 'product.interest_posted', 'product.fee_charged']);
    const report = await assertConservation(g.k.kernel);
    assert.ok(report.ok);
  });

  test('bad input is a 4xx with a pointer and stores nothing; one product per account', async () => {
    const before = (await call(alice, 'GET', '/products')).body.meta.total;
    const cases: [unknown, string][] = [
      [{ name: 'X', account_type: 'savings', asset_code: 'NOPE', interest_rate_bps: 1 }, '/asset_code'],
      [{ name: 'X', account_type: 'savings', asset_code: 'USD', interest_rate_bps: 1, monthly_fee: '1.001' }, '/monthly_fee'],
      [{ name: 'X', account_type: 'savings', asset_code: 'USD', interest_rate_bps: -1 }, '/interest_rate_bps'],
      [{ name: '', account_type: 'savings', asset_code: 'USD', interest_rate_bps: 1 }, '/name'],
    ];
    for (const [body, pointer] of cases) {
      const refused = await call(alice, 'POST', '/products', body);
      assert.equal([refused.status, refused.body.errors?.[0]?.source?.pointer], [422, pointer], JSON.stringify(refused.body));
    }
    assert.is((await call(alice, 'GET', '/products')).body.meta.total, before);
    const product = (await call(alice, 'GET', '/products')).body.data[0].id;
    assert.is((await call(alice, 'POST', `/products/${product}/activations`, { account_id: saver })).body.errors[0].code, 'product_already_active');
    assert.is((await call(alice, 'POST', `/products/${product}/activations`, { account_id: bobs })).status, 404, 'another team’s account');
    assert.is((await call(bob, 'POST', `/products/${product}/activations`, { account_id: bobs })).status, 404, 'another team’s product');
    assert.is((await call(alice, 'POST', '/products/not-a-uuid/activations', { account_id: saver })).status, 404);
    assert.is((await activations(alice)).length, 1);
  });

  test('another team sees none of it', async () => {
    assert.is((await call(bob, 'GET', '/products')).body.meta.total, 0);
    assert.equal(await activations(bob), []);
  });

  test('GraphQL defines, activates and reads through the same operations; an account that cannot pay its fee keeps it due', async () => {
    const made = await data(g, 'mutation { createProduct(input: {name: "Checking", account_type: "checking", asset_code: "USD", interest_rate_bps: 0, monthly_fee: "5.00"}) { id interest_rate } }', undefined, bob.key);
    const activated = await data(g, 'mutation($p: ID!, $a: ID!) { activateProduct(product_id: $p, account_id: $a) { id next_fee_at } }', { p: made.createProduct.id, a: bobs }, bob.key);
    assert.is(activated.activateProduct.next_fee_at, '2026-03-03 01:00:00');
    g.k.clock.set('2026-03-04T00:00:00.000Z');
    await g.k.runScheduled();
    const read = await data(g, '{ products { data { id } } productActivations { data { fees_charged next_fee_at } } }', undefined, bob.key);
    assert.equal(read.productActivations.data, [{ fees_charged: '0.00', next_fee_at: '2026-03-03 01:00:00' }], 'nothing to pay the fee from: still due');
    await call(bob, 'POST', `/accounts/${bobs}/deposit`, { amount: '7.00', asset_code: 'USD' });
    await g.k.runScheduled();
    const paid = await data(g, '{ productActivations { data { fees_charged next_fee_at } } }', undefined, bob.key);
    assert.equal(paid.productActivations.data, [{ fees_charged: '5.00', next_fee_at: '2026-04-02 01:00:00' }]);
    const refused = await gql(g, 'mutation { createProduct(input: {name: "X", account_type: "x", asset_code: "USD", interest_rate_bps: 1, monthly_fee: "-1"}) { id } }', undefined, bob.key);
    assert.is(refused.body.errors?.[0]?.extensions?.code, 'invalid_amount');
    await assertConservation(g.k.kernel);
  });

  test.run();
}

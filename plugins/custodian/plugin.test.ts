import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { bootGraphql, data, gql, type GraphqlKernel } from '../../test/e2e/graphql-kit.js';
import type { TestUser } from '../../test/fixtures/boot.js';
import { assertConservation } from '../../test/fixtures/conservation.js';
import { drift } from './adapters/simulator/drift.js';
import { CustodianAccountView, CustodianBalanceView, CustodianSyncView } from './operations.js';
import { e2eStores } from '../../test/fixtures/stores.js';

/**
 * Custodian links end to end over real HTTP and GraphQL (memory, PGlite,
 * and PostgreSQL when DATABASE_URL is set): link, sync from the simulated
 * custodian (its drift model checked exactly), reconciliation against the
 * ledger, unlink, bad input and other teams. Nothing here moves money; the
 * ledger's conservation is checked after every scenario all the same.
 */
for (const store of e2eStores()) {
  const test = suite(`custodian over HTTP and GraphQL: ${store}`);
  let g: GraphqlKernel;
  let ada: TestUser;
  let bob: TestUser;
  let account: string;

  test.before(async () => {
    g = await bootGraphql({ store, modules: ['core-banking', 'custodian'], rateLimits: false });
    ada = await g.createUser('Ada Custody');
    bob = await g.createUser('Bob Custody');
    account = (await g.request('POST', '/api/v2/accounts', { key: ada.key, body: { name: 'Custody', type: 'personal' } })).body.data.uuid;
    for (const [amount, asset_code] of [['1000.00', 'USD'], ['0.50000000', 'BTC']]) {
      assert.is((await g.request('POST', `/api/v2/accounts/${account}/deposit`, { key: ada.key, body: { amount, asset_code } })).status, 201);
    }
  });
  test.after(() => g.close());

  const post = (user: TestUser, path: string, body?: unknown) => g.request('POST', `/api/v2${path}`, { key: user.key, body });
  const link = async () => {
    const answer = await post(ada, '/custodian-accounts', { account_id: account });
    assert.is(answer.status, 201, JSON.stringify(answer.body));
    return CustodianAccountView.parse(answer.body.data);
  };
  const sync = async (id: string) => {
    const answer = await post(ada, `/custodian-accounts/${id}/sync`);
    assert.is(answer.status, 200, JSON.stringify(answer.body));
    return CustodianSyncView.parse(answer.body.data);
  };
  const minor = (view: { holding: string; custodian_balance: string }) => BigInt(view.custodian_balance.replace('.', ''));

  test('a link opens at the ledger’s holdings; each sync drifts by the documented model and is reconciled per holding', async () => {
    const made = await link();
    assert.equal([made.status, made.custodian, made.external_id, made.last_synced_at], ['linked', 'simulator', `sim-${made.id}`, null]);
    assert.equal((await g.request('GET', `/api/v2/custodian-accounts/${made.id}/balances`, { key: ada.key })).body.data, []);
    let expected = new Map([['BTC', 50_000_000n], ['USD', 100_000n]]);
    for (let n = 1; n <= 4; n++) {
      g.k.clock.advance(60_000);
      expected = drift(made.external_id, n, expected);
      const synced = await sync(made.id);
      assert.equal(synced.balances.map((one) => [one.holding, minor(one)]), [...expected].sort(), `sync ${n}`);
      assert.equal(synced.account.last_synced_at, g.k.clock.now().toISOString());
      for (const one of synced.balances) {
        const difference = minor(one) - BigInt(one.ledger_balance.replace('.', ''));
        assert.is(one.reconciled, difference === 0n);
        assert.is(BigInt(one.difference.replace('.', '')), difference, JSON.stringify(one));
      }
      assert.is(synced.differences, synced.balances.filter((one) => !one.reconciled).length);
    }
    // The ledger moves on: a deposit the custodian never saw, and a holding only the ledger has.
    await post(ada, `/accounts/${account}/deposit`, { amount: '10.00', asset_code: 'USD' });
    await post(ada, `/accounts/${account}/deposit`, { amount: '5.00', asset_code: 'EUR' });
    const after = await sync(made.id);
    const eur = after.balances.find((one) => one.holding === 'EUR')!;
    assert.equal([eur.custodian_balance, eur.ledger_balance, eur.difference, eur.reconciled], ['0.00', '5.00', '-5.00', false]);
    assert.equal(after.balances.find((one) => one.holding === 'USD')!.ledger_balance, '1010.00');
    const stored = (await g.request('GET', `/api/v2/custodian-accounts/${made.id}/balances`, { key: ada.key })).body.data.map((one: unknown) => CustodianBalanceView.parse(one));
    assert.equal(stored, after.balances);
    const events = await g.k.store.eventStore.readAfter(0n, 1000);
    assert.equal(events.filter((one) => one.type.startsWith('custodian.')).map((one) => one.type), ['custodian.account_linked', ...Array(5).fill('custodian.account_synced')]);
    await assertConservation(g.k);
  });

  test('one live link per account and custodian; an unlinked one is not synced but stays readable', async () => {
    const listed = (await g.request('GET', '/api/v2/custodian-accounts', { key: ada.key })).body;
    const live = listed.data[0].id as string;
    const again = await post(ada, '/custodian-accounts', { account_id: account });
    assert.equal([again.status, again.body.errors[0].code], [409, 'already_linked']);
    const ended = await post(ada, `/custodian-accounts/${live}/unlink`);
    assert.equal([ended.status, ended.body.data.status], [200, 'unlinked']);
    assert.equal((await post(ada, `/custodian-accounts/${live}/sync`)).body.errors[0].code, 'not_linked');
    assert.is((await post(ada, `/custodian-accounts/${live}/unlink`)).status, 409);
    assert.ok((await g.request('GET', `/api/v2/custodian-accounts/${live}/balances`, { key: ada.key })).body.data.length > 0);
    const relinked = await link();
    assert.not.equal(relinked.id, live);
    const first = await sync(relinked.id);
    assert.ok(first.balances.some((one) => one.holding === 'EUR'), 'the new link opened at the ledger’s holdings now');
    assert.equal((await g.request('GET', '/api/v2/custodian-accounts?per_page=1&page=2', { key: ada.key })).body.data.map((one: { id: string }) => one.id), [relinked.id]);
    // Links of one account at once: one wins, the others are already_linked (never a 500).
    const other = (await post(ada, '/accounts', { name: 'Race', type: 'personal' })).body.data.uuid;
    const raced = await Promise.all(Array.from({ length: 3 }, () => post(ada, '/custodian-accounts', { account_id: other })));
    assert.equal(raced.map((one) => one.status).sort(), [201, 409, 409]);
    assert.ok(raced.filter((one) => one.status === 409).every((one) => one.body.errors[0].code === 'already_linked'));
    assert.is((await post(ada, `/custodian-accounts/${raced.find((one) => one.status === 201)!.body.data.id}/unlink`)).status, 200);
    await assertConservation(g.k);
  });

  test('bad input is a 4xx with a pointer that changes nothing; another team sees and changes nothing', async () => {
    const mine = (await g.request('GET', '/api/v2/custodian-accounts', { key: ada.key })).body.data[1].id as string;
    const before = (await g.request('GET', `/api/v2/custodian-accounts/${mine}/balances`, { key: ada.key })).body.data;
    const refusals: [unknown, string][] = [
      [{ account_id: 'nope' }, '/account_id'],
      [{ account_id: account, custodian: 'acme' }, '/custodian'],
      [{ account_id: account, custodian: '' }, '/custodian'],
    ];
    for (const [body, pointer] of refusals) {
      const answer = await post(ada, '/custodian-accounts', body);
      assert.equal([answer.status, answer.body.errors[0].source.pointer], [422, pointer], JSON.stringify(answer.body));
    }
    assert.is((await g.request('GET', '/api/v2/custodian-accounts/nope', { key: ada.key })).status, 422);
    const bobs = [
      await post(bob, '/custodian-accounts', { account_id: account }),
      await g.request('GET', `/api/v2/custodian-accounts/${mine}`, { key: bob.key }),
      await g.request('GET', `/api/v2/custodian-accounts/${mine}/balances`, { key: bob.key }),
      await post(bob, `/custodian-accounts/${mine}/sync`),
      await post(bob, `/custodian-accounts/${mine}/unlink`),
    ];
    assert.equal(bobs.map((one) => one.status), [404, 404, 404, 404, 404]);
    assert.is((await g.request('GET', '/api/v2/custodian-accounts', { key: bob.key })).body.meta.total, 0);
    const read = await g.request('GET', `/api/v2/custodian-accounts/${mine}`, { key: ada.key });
    assert.equal([read.body.data.status, (await g.request('GET', `/api/v2/custodian-accounts/${mine}/balances`, { key: ada.key })).body.data], ['linked', before]);
    await assertConservation(g.k);
  });

  test('GraphQL: queries only, through the same operations; another team’s link is not_found', async () => {
    const read = await data(g, '{ custodianAccounts(first: 10) { data { id status external_id } paginatorInfo { total } } }', undefined, ada.key);
    assert.is(read.custodianAccounts.paginatorInfo.total, 3);
    const id = read.custodianAccounts.data[1].id;
    const one = await data(g, 'query($id: ID!) { custodianAccount(id: $id) { status } custodianBalances(custodian_account_id: $id) { holding custodian_balance ledger_balance difference reconciled } }', { id }, ada.key);
    assert.is(one.custodianAccount.status, 'linked');
    assert.equal(one.custodianBalances, (await g.request('GET', `/api/v2/custodian-accounts/${id}/balances`, { key: ada.key })).body.data.map(({ holding, custodian_balance, ledger_balance, difference, reconciled }: Record<string, unknown>) => ({ holding, custodian_balance, ledger_balance, difference, reconciled })));
    const hidden = await gql(g, 'query($id: ID!) { custodianBalances(custodian_account_id: $id) { holding } }', { id }, bob.key);
    assert.is(hidden.body.errors[0].extensions.code, 'not_found');
    const mutations = await data(g, '{ __schema { mutationType { fields { name } } } }', undefined, ada.key);
    assert.not.ok(mutations.__schema.mutationType.fields.some((field: { name: string }) => /custodian/i.test(field.name)));
    await assertConservation(g.k);
  });

  test.run();
}

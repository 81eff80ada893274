import sinon from 'sinon';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { StoreKind } from '../../adapters/store.js';
import { Deposit } from '../../plugins/core-banking/operations.js';
import type { TestUser } from '../fixtures/boot.js';
import { bootGraphql, data, type GraphqlKernel } from './graphql-kit.js';

/**
 * A mutation sent with an Idempotency-Key runs all its fields in the key's
 * transaction. A failure of the store itself inside it (here a deadlock,
 * SQLSTATE 40P01, injected into the deposit operation once) must reach the
 * unit of work so PostgreSQL's retry runs the whole mutation again, as for
 * REST; a store without that retry answers the field error and saves
 * nothing, so the client's resend with the same key runs it.
 */
const stores: StoreKind[] = process.env.DATABASE_URL ? ['memory', 'postgres'] : ['memory'];
const DEPOSIT = 'mutation($id: ID!) { deposit(input: {account_id: $id, amount: "10.00", asset_code: "USD"}) { uuid amount } }';
const BALANCE = 'query($id: ID!) { account(id: $id) { balance } }';

for (const store of stores) {
  const test = suite(`graphql: keyed mutation after a deadlock (${store})`);
  let g: GraphqlKernel;
  let ada: TestUser;
  let account: string;

  test.before(async () => {
    g = await bootGraphql({ store, modules: ['identity', 'core-banking'] });
    ada = await g.createUser('Ada');
    account = (await data(g, 'mutation { createAccount(input: {name: "main"}) { id } }', undefined, ada.key)).createAccount.id;
  });
  test.after(async () => {
    sinon.restore();
    await g?.close();
  });

  test('deadlocked once: retried on PostgreSQL, else answered as a field error and not saved; booked once either way', async () => {
    const deposit = g.k.kernel.get(Deposit);
    const original = deposit.execute.bind(deposit);
    const execute = sinon.stub(deposit, 'execute').callsFake(async (input, ctx) => {
      if (execute.callCount === 1) throw Object.assign(new Error('deadlock detected'), { code: '40P01' });
      return original(input, ctx);
    });
    const send = () => g.request('POST', '/api/graphql', { key: ada.key, headers: { 'Idempotency-Key': 'deposit-1' }, body: { query: DEPOSIT, variables: { id: account } } });
    const first = await send();
    assert.is(first.status, 200);
    if (store === 'postgres') {
      assert.is(first.body.errors, undefined, JSON.stringify(first.body));
      assert.is(first.body.data.deposit.amount, '10.00');
      assert.is(execute.callCount, 2, 'the unit of work ran the mutation again');
    } else {
      assert.is(first.body.errors[0].extensions.code, 'internal_error');
      assert.is(execute.callCount, 1);
      const resent = await send();
      assert.is(resent.headers.get('idempotent-replayed'), null, 'nothing was saved for the failed attempt');
      assert.is(resent.body.data.deposit.amount, '10.00');
    }
    const replay = await send();
    assert.is(replay.headers.get('idempotent-replayed'), 'true');
    assert.is((await data(g, BALANCE, { id: account }, ada.key)).account.balance, '10.00');
  });

  test.run();
}

import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { bootGraphql, data, gql, type GraphqlKernel } from '../../test/e2e/graphql-kit.js';
import type { TestUser } from '../../test/fixtures/boot.js';
import { assertConservation } from '../../test/fixtures/conservation.js';
import { InvestmentView, RoundReportView, RoundView } from './operations.js';
import { e2eStores } from '../../test/fixtures/stores.js';

/**
 * Investment rounds end to end over real HTTP and GraphQL on every store
 * (memory, PGlite, PostgreSQL when DATABASE_URL is set): an operator opens
 * rounds, teams invest into escrow, rounds close by the clock (the scheduled
 * pass) or by the operator, with pro-rata allocations and refunds; money
 * moves only through the ledger, conservation checked after each scenario;
 * bad input changes nothing; another team's investments stay out of reach.
 */
for (const store of e2eStores()) {
  const test = suite(`cgo: investment rounds: ${store}`);
  let g: GraphqlKernel;
  let ada: TestUser;
  let bob: TestUser;
  let cy: TestUser;
  const accounts: Record<string, string> = {};

  const call = (key: string, method: string, path: string, body?: unknown) => g.request(method, `/api/v2${path}`, { key, body });
  const usd = async (user: TestUser, account: string) => {
    const rows = (await call(user.key, 'GET', `/accounts/${account}/balances`)).body.data.balances as { asset_code: string; available_balance: string }[];
    return rows.find((row) => row.asset_code === 'USD')?.available_balance ?? '0.00';
  };
  const terms = (extra: Record<string, unknown> = {}) => ({
    name: 'Seed',
    asset_code: 'USD',
    price_per_unit: '2.50',
    min_units_per_investor: 10,
    max_units_per_investor: 100,
    hard_cap_units: 120,
    closes_at: new Date(g.k.clock.now().getTime() + 86_400_000).toISOString(),
    ...extra,
  });
  const open = async (extra: Record<string, unknown> = {}) => {
    const answer = await call(g.k.operatorKey, 'POST', '/admin/cgo/rounds', terms(extra));
    assert.is(answer.status, 201, JSON.stringify(answer.body));
    return RoundView.parse(answer.body.data);
  };
  const invest = (user: TestUser, round: string, units: number, account = accounts[user.teamId]!) => call(user.key, 'POST', `/cgo/rounds/${round}/investments`, { account_id: account, units });

  test.before(async () => {
    g = await bootGraphql({ store, modules: ['core-banking', 'cgo'], rateLimits: false });
    [ada, bob, cy] = [await g.createUser('Ada Cgo'), await g.createUser('Bob Cgo'), await g.createUser('Cy Cgo')];
    for (const user of [ada, bob, cy]) {
      const account = (await call(user.key, 'POST', '/accounts', { name: 'Main', type: 'personal' })).body.data.uuid as string;
      accounts[user.teamId] = account;
      await call(user.key, 'POST', `/accounts/${account}/deposit`, { amount: '1000.00', asset_code: 'USD' });
    }
  });
  test.after(() => g.close());

  test('oversubscribed: the scheduled close at closes_at allocates pro-rata, moves the cost to the proceeds and refunds the rest', async () => {
    const round = await open();
    assert.equal([round.status, round.price_per_unit, round.hard_cap_units], ['open', '2.50', 120]);
    const made = InvestmentView.parse((await invest(ada, round.id, 100)).body.data);
    assert.equal([made.status, made.paid, made.refund_status], ['escrowed', '250.00', 'pending']);
    assert.is((await invest(bob, round.id, 50)).status, 201);
    assert.is((await invest(cy, round.id, 30)).status, 201);
    assert.equal([await usd(ada, accounts[ada.teamId]!), await usd(bob, accounts[bob.teamId]!)], ['750.00', '875.00']);
    await assertConservation(g.k.kernel);

    assert.is(await g.k.runScheduled(), 0, 'not due yet');
    g.k.clock.advance(86_400_000);
    assert.is((await invest(cy, round.id, 10)).body.errors[0].code, 'round_closed', 'closes_at reached: no more investments');
    await g.k.runScheduled();
    // 180 asked of 120: 100×120/180 = 66.67, 50×120/180 = 33.33, 30×120/180 = 20 → 66, 33, 20 and the one left to the largest remainder (Ada's).
    const mine = async (user: TestUser) => InvestmentView.parse((await call(user.key, 'GET', `/cgo/investments?round_id=${round.id}`)).body.data[0]);
    const [a, b, c] = [await mine(ada), await mine(bob), await mine(cy)];
    assert.equal([a.allocated_units, b.allocated_units, c.allocated_units], [67, 33, 20]);
    assert.equal([a.cost, a.refund, a.refund_status], ['167.50', '82.50', 'refunded']);
    assert.equal([c.cost, c.refund, c.refund_status], ['50.00', '25.00', 'refunded']);
    assert.equal([await usd(ada, accounts[ada.teamId]!), await usd(bob, accounts[bob.teamId]!), await usd(cy, accounts[cy.teamId]!)], ['832.50', '917.50', '950.00']);
    assert.is(RoundView.parse((await call(ada.key, 'GET', `/cgo/rounds/${round.id}`)).body.data).status, 'closed');
    const types = (await g.k.store.eventStore.readAfter(0n, 10_000)).map((event) => event.type).filter((type) => type.startsWith('cgo.'));
    assert.equal(types, ['cgo.round_opened', 'cgo.investment_made', 'cgo.investment_made', 'cgo.investment_made', 'cgo.investment_allocated', 'cgo.investment_allocated', 'cgo.investment_allocated', 'cgo.round_closed']);
    assert.is(await g.k.runScheduled(), 0, 'closed once');
    await assertConservation(g.k.kernel);
  });

  test('within the cap everyone gets what they asked for; the operator may close early; a refund to a frozen account goes to the team’s other active account', async () => {
    const round = await open({ hard_cap_units: 1000 });
    assert.is((await invest(ada, round.id, 40)).status, 201);
    const spare = (await call(bob.key, 'POST', '/accounts', { name: 'Spare', type: 'personal' })).body.data.uuid as string;
    assert.is((await invest(bob, round.id, 20)).status, 201);
    const report = await data(g, 'mutation($id: ID!) { closeCgoRound(id: $id) { round { status } investors subscribed_units allocated_units raised refunded } }', { id: round.id }, g.k.operatorKey);
    assert.equal(report.closeCgoRound, { round: { status: 'closed' }, investors: 2, subscribed_units: '60', allocated_units: 60, raised: '150.00', refunded: '0.00' });
    assert.is((await call(g.k.operatorKey, 'POST', `/admin/cgo/rounds/${round.id}/close`)).status, 409);

    const second = await open({ hard_cap_units: 10, min_units_per_investor: 10, max_units_per_investor: 10 });
    assert.is((await invest(ada, second.id, 10)).status, 201);
    assert.is((await invest(bob, second.id, 10)).status, 201);
    assert.is((await call(bob.key, 'POST', `/accounts/${accounts[bob.teamId]}/freeze`, {})).status, 200);
    const closed = RoundReportView.parse((await call(g.k.operatorKey, 'POST', `/admin/cgo/rounds/${second.id}/close`)).body.data);
    assert.equal([closed.investors, closed.subscribed_units], [2, '20']);
    assert.equal([closed.allocated_units, closed.raised, closed.refunded], [10, '25.00', '25.00']);
    const bobs = InvestmentView.parse((await call(bob.key, 'GET', `/cgo/investments?round_id=${second.id}`)).body.data[0]);
    // 20 asked of 10, an even tie: 5 each, half of each payment refunded.
    assert.equal([bobs.allocated_units, bobs.refund, bobs.refund_status], [5, '12.50', 'refunded']);
    assert.is(await usd(bob, spare), '12.50', 'the refund reached the active account');
    await call(bob.key, 'POST', `/accounts/${accounts[bob.teamId]}/unfreeze`, {});
    await assertConservation(g.k.kernel);
  });

  test('bad input is a clear 422 or 409 with its pointer and changes nothing', async () => {
    const before = (await call(ada.key, 'GET', '/cgo/rounds')).body.meta.total;
    const refused = await call(g.k.operatorKey, 'POST', '/admin/cgo/rounds', terms({ price_per_unit: '1.001', min_units_per_investor: 50, max_units_per_investor: 40, closes_at: '2020-01-01T00:00:00.000Z' }));
    assert.is(refused.status, 422);
    assert.equal(refused.body.errors.map((error: { source: { pointer: string } }) => error.source.pointer), ['/price_per_unit', '/max_units_per_investor', '/closes_at']);
    for (const body of [terms({ asset_code: 'NOPE' }), terms({ hard_cap_units: 0 }), terms({ price_per_unit: 2 }), { name: 'x' }]) {
      assert.is((await call(g.k.operatorKey, 'POST', '/admin/cgo/rounds', body)).status, 422, JSON.stringify(body));
    }
    assert.is((await call(ada.key, 'POST', '/admin/cgo/rounds', terms())).status, 403, 'operator only');
    const denied = await gql(g, 'mutation($input: OpenCgoRoundInput!) { openCgoRound(input: $input) { id } }', { input: terms() }, ada.key);
    assert.ok(denied.body.errors?.length, 'operator only over GraphQL too');
    assert.is((await call(ada.key, 'GET', '/cgo/rounds')).body.meta.total, before);

    const round = await open();
    const balance = await usd(ada, accounts[ada.teamId]!);
    const tooFew = await invest(ada, round.id, 5);
    assert.equal([tooFew.status, tooFew.body.errors[0].code, tooFew.body.errors[0].source.pointer], [422, 'units_out_of_limits', '/units']);
    assert.is((await invest(ada, round.id, 101)).status, 422);
    assert.is((await invest(ada, round.id, 10, accounts[bob.teamId])).status, 404, 'another team’s account');
    assert.is((await invest(ada, '00000000-0000-4000-8000-000000000000', 10)).status, 404);
    assert.is((await call(ada.key, 'POST', `/cgo/rounds/${round.id}/investments`, { account_id: accounts[ada.teamId], units: '10' })).status, 422);
    const poor = await call(ada.key, 'POST', '/accounts', { name: 'Empty', type: 'personal' });
    assert.is((await invest(ada, round.id, 10, poor.body.data.uuid)).body.errors[0].code, 'insufficient_funds');
    assert.is(await usd(ada, accounts[ada.teamId]!), balance, 'nothing moved');
    assert.is((await invest(ada, round.id, 10)).status, 201);
    assert.equal([(await invest(ada, round.id, 10)).status, (await invest(ada, round.id, 10)).body.errors[0].code], [409, 'already_invested']);
    await assertConservation(g.k.kernel);
  });

  test('another team sees none of it', async () => {
    const adas = (await call(ada.key, 'GET', '/cgo/investments')).body.data as InvestmentView[];
    assert.ok(adas.length > 0);
    for (const investment of adas) {
      assert.is((await call(bob.key, 'GET', `/cgo/investments/${investment.id}`)).status, 404);
      assert.equal((await gql(g, 'query($id: ID!) { cgoInvestment(id: $id) { id } }', { id: investment.id }, bob.key)).body.errors?.[0]?.extensions?.code, 'not_found');
    }
    const bobs = (await data(g, '{ cgoInvestments(first: 100) { data { id account_id } } }', undefined, bob.key)).cgoInvestments.data as { id: string; account_id: string }[];
    assert.ok(bobs.every((row) => row.account_id !== accounts[ada.teamId] && !adas.some((investment) => investment.id === row.id)));
    const rounds = (await data(g, '{ cgoRounds(first: 100) { data { id status } } }', undefined, bob.key)).cgoRounds.data;
    assert.ok(rounds.length >= 3, 'rounds are the bank’s: every team reads them');
  });

  test.run();
}

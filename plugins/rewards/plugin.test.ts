import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { EventBackbone, Ledger, UnitOfWork } from '../../kernel/public.js';
import { bootGraphql, data, gql, type GraphqlKernel } from '../../test/e2e/graphql-kit.js';
import { assertConservation } from '../../test/fixtures/conservation.js';
import type { TestUser } from '../../test/fixtures/boot.js';
import { REWARDS_EXPENSE_ACCOUNT } from './application/redeem.js';
import { earningView, profileView, questView, redemptionView } from './operations.js';
import { e2eStores } from '../../test/fixtures/stores.js';

/**
 * Rewards end to end over real HTTP and GraphQL on every store (memory,
 * PGlite, and PostgreSQL when DATABASE_URL is set): card
 * captures and invoice payments earn through the durable consumer, each
 * event once; quests pay a bonus once a month; points are redeemed into
 * cashback through the ledger; conservation is checked after each scenario.
 */
for (const store of e2eStores()) {
  const test = suite(`rewards over HTTP and GraphQL: ${store}`);
  let g: GraphqlKernel;
  let ada: TestUser;
  let bob: TestUser;
  let account: string;
  let card: string;
  let bobAccount: string;

  const post = (user: TestUser | string, path: string, body?: unknown) => g.request('POST', `/api/v2${path}`, { key: typeof user === 'string' ? user : user.key, body });
  const get = (user: TestUser, path: string) => g.request('GET', `/api/v2${path}`, { key: user.key });
  const drain = () => g.k.get(EventBackbone).drain();
  const points = async (user: TestUser) => profileView.parse((await get(user, '/rewards/profile')).body.data).points;
  const capture = async (user: TestUser, cardId: string, amount: string, parts: string[] = [amount]) => {
    const auth = await post(user, `/cards/${cardId}/authorizations`, { amount, merchant_name: 'Corner Grocery', merchant_category: '5411' });
    assert.is(auth.body.data?.status, 'approved', JSON.stringify(auth.body));
    for (const part of parts) assert.is((await post(user, `/card-authorizations/${auth.body.data.id}/capture`, { amount: part })).status, 200);
    return auth.body.data.id as string;
  };
  const newCard = async (user: TestUser, accountId: string) => {
    const holder = (await post(user, '/cardholders', { name: 'Holder' })).body.data.id;
    return (await post(user, '/cards', { cardholder_id: holder, account_id: accountId, currency: 'USD' })).body.data.id as string;
  };

  test.before(async () => {
    g = await bootGraphql({ store, modules: ['core-banking', 'card-issuance', 'commerce', 'rewards'], rateLimits: false, now: '2026-03-10T08:00:00.000Z' });
    ada = await g.createUser('Ada Rewards');
    bob = await g.createUser('Bob Rewards');
    for (const [user, set] of [[ada, (id: string) => (account = id)], [bob, (id: string) => (bobAccount = id)]] as const) {
      const id = (await post(user, '/accounts', { name: 'Main', type: 'personal' })).body.data.uuid;
      assert.is((await post(user, `/accounts/${id}/deposit`, { amount: '5000.00', asset_code: 'USD' })).status, 201);
      set(id);
    }
    card = await newCard(ada, account);
  });
  test.after(() => g.close());

  test('a team earns only once enrolled; partial captures earn per whole unit of their sum; each event once', async () => {
    assert.is((await get(ada, '/rewards/profile')).status, 404);
    await capture(ada, card, '10.00');
    await drain();
    const enrolled = await post(ada, '/rewards/profile');
    assert.equal([enrolled.status, enrolled.body.data.status, enrolled.body.data.points], [201, 'enrolled', '0'], 'enrolment is not retroactive');
    assert.is((await post(ada, '/rewards/profile')).body.errors[0].code, 'rewards_enrolled');
    const auth = await capture(ada, card, '100.99', ['40.50', '60.49']);
    await drain();
    await drain();
    assert.is(await points(ada), '100', '40.50 then 60.49 earn what 100.99 at once would');
    const earnings = (await get(ada, '/rewards/earnings')).body.data.map((one: unknown) => earningView.parse(one));
    assert.equal(earnings.map((one: { source_id: string; basis: string | null; points: string }) => [one.source_id, one.basis, one.points]), [[auth, '60.49', '60'], [auth, '40.50', '40']]);
    const bobCard = await newCard(bob, bobAccount);
    await capture(bob, bobCard, '50.00');
    await drain();
    assert.is((await get(bob, '/rewards/profile')).status, 404, 'Bob never enrolled: nothing is kept for him');
    await assertConservation(g.k);
  });

  test('an invoice paid by an enrolled team earns it points (the merchant’s team earns nothing)', async () => {
    const merchant = (await post(bob, '/commerce/merchants', { name: 'Bob Books', settlement_account_id: bobAccount })).body.data.id;
    await post(g.k.operatorKey, `/commerce/merchants/${merchant}/approve`);
    const bill = (await post(bob, '/commerce/invoices', { merchant_id: merchant, amount: '25.75', asset_code: 'USD', due_at: '2026-04-01T00:00:00Z' })).body.data;
    const before = BigInt(await points(ada));
    assert.is((await post(ada, `/commerce/pay/${bill.pay_code}`, { account_id: account })).status, 200);
    await drain();
    assert.is(BigInt(await points(ada)), before + 25n);
    const latest = earningView.parse((await get(ada, '/rewards/earnings?per_page=1')).body.data[0]);
    assert.equal([latest.source, latest.basis], ['invoice_payment', '25.75']);
    await assertConservation(g.k);
  });

  test('a quest completes once a month at its target and pays its bonus; a new month starts afresh', async () => {
    assert.is((await post(ada, '/rewards/quests', { name: 'Two captures', event: 'card_capture', target: 2, bonus_points: '500' })).status, 403);
    const made = await post(g.k.operatorKey, '/rewards/quests', { name: 'Two captures', event: 'card_capture', target: 2, bonus_points: '500' });
    assert.is(made.status, 201, JSON.stringify(made.body));
    const quest = questView.parse(made.body.data);
    const before = BigInt(await points(ada));
    await capture(ada, card, '1.00');
    await drain();
    assert.equal((await get(ada, '/rewards/quests')).body.data.map((one: { progress: number; completed_at: string | null }) => [one.progress, one.completed_at]), [[1, null]]);
    await capture(ada, card, '1.00');
    await capture(ada, card, '1.00');
    await drain();
    assert.is(BigInt(await points(ada)), before + 3n + 500n, 'the bonus is paid once');
    const progress = questView.parse((await get(ada, '/rewards/quests')).body.data[0]);
    assert.equal([progress.id, progress.period, progress.progress, progress.completed_at], [quest.id, '2026-03', 3, g.k.clock.now().toISOString()]);
    const events = (await g.k.store.eventStore.readAfter(0n, 10_000)).filter((event) => event.type === 'rewards.quest.completed');
    assert.equal(events.map((event) => event.teamId), [ada.teamId]);
    g.k.clock.set('2026-04-02T00:00:00Z');
    assert.equal(questView.parse((await get(ada, '/rewards/quests')).body.data[0]).progress, 0, 'April has no progress yet');
    assert.equal(questView.parse((await get(bob, '/rewards/quests')).body.data[0]).progress, 0, 'Bob sees the quest, never Ada’s progress');
    await assertConservation(g.k);
  });

  test('points redeem into cashback from system:rewards-expense; refusals point at the field and change nothing', async () => {
    const held = BigInt(await points(ada));
    const balance = async () => (await g.k.get(UnitOfWork).run((tx) => g.k.get(Ledger).balance(tx, ada.teamId, account, 'USD'))).available;
    const before = await balance();
    const refusals: [unknown, number, string, string][] = [
      [{ points: '99', account_id: account }, 422, '/points', 'below_minimum_redemption'],
      [{ points: (held + 1n).toString(), account_id: account }, 422, '/points', 'insufficient_points'],
      [{ points: '1.5', account_id: account }, 422, '/points', 'validation_failed'],
      [{ points: '100', account_id: bobAccount }, 404, '/account_id', 'not_found'],
      [{ points: '100', account_id: 'nope' }, 422, '/account_id', 'validation_failed'],
    ];
    for (const [body, status, pointer, code] of refusals) {
      const answer = await post(ada, '/rewards/redemptions', body);
      assert.equal([answer.status, answer.body.errors?.[0]?.source?.pointer, answer.body.errors?.[0]?.code], [status, pointer, code], JSON.stringify(answer.body));
    }
    assert.equal([await balance(), BigInt(await points(ada))], [before, held]);
    const made = await post(ada, '/rewards/redemptions', { points: '250', account_id: account });
    assert.is(made.status, 201, JSON.stringify(made.body));
    const redemption = redemptionView.parse(made.body.data);
    assert.equal([redemption.amount, redemption.asset_code], ['2.50', 'USD']);
    assert.is(await balance(), before + 250n);
    const profile = profileView.parse((await get(ada, '/rewards/profile')).body.data);
    assert.equal([BigInt(profile.points), BigInt(profile.lifetime_points) - BigInt(profile.points)], [held - 250n, 250n]);
    const report = await assertConservation(g.k);
    const expense = report.totals.find((row) => row.teamId === ada.teamId && row.assetCode === 'USD')!.system[REWARDS_EXPENSE_ACCOUNT];
    assert.is(expense, -250n, 'the bank paid the cashback');
  });

  test('opting out stops earning; GraphQL reads and writes through the same operations', async () => {
    const out = await data(g, 'mutation { optOutOfRewards { status points } }', undefined, ada.key);
    assert.is(out.optOutOfRewards.status, 'opted_out');
    await capture(ada, card, '30.00');
    await drain();
    assert.is(await points(ada), out.optOutOfRewards.points);
    assert.is((await gql(g, 'mutation { optOutOfRewards { status } }', undefined, ada.key)).body.errors[0].extensions.code, 'rewards_opted_out');
    const read = await data(g, '{ rewardProfile { status lifetime_points } rewardEarnings(first: 2) { data { source points } paginatorInfo { total } } rewardQuests { name } rewardRedemptions { data { points amount } } }', undefined, ada.key);
    assert.equal([read.rewardQuests, read.rewardRedemptions.data], [[{ name: 'Two captures' }], [{ points: '250', amount: '2.50' }]]);
    assert.is((await data(g, 'mutation { enrollRewards { status } }', undefined, bob.key)).enrollRewards.status, 'enrolled');
    const refused = await gql(g, 'mutation($a: String!) { redeemRewardPoints(input: { points: "100", account_id: $a }) { id } }', { a: bobAccount }, bob.key);
    assert.is(refused.body.errors[0].extensions.code, 'insufficient_points');
    const operator = await gql(g, 'mutation { createRewardQuest(input: { name: "x", event: "invoice_payment", target: 1, bonus_points: "1" }) { id } }', undefined, bob.key);
    assert.ok(operator.body.errors?.length, JSON.stringify(operator.body));
    await assertConservation(g.k);
  });

  test.run();
}

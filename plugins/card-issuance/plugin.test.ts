import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Ledger, Random, SecretStore, UnitOfWork } from '../../kernel/public.js';
import { bootGraphql, data, gql, type GraphqlKernel } from '../../test/e2e/graphql-kit.js';
import { assertConservation } from '../../test/fixtures/conservation.js';
import type { TestUser } from '../../test/fixtures/boot.js';
import { PanVault } from './application/pan-vault.js';
import { isLuhnValid } from './domain/pan.js';
import { authorizationView, cardView, issuedCardView } from './operations.js';
import { CardRepository } from './ports.js';
import { e2eStores } from '../../test/fixtures/stores.js';

/**
 * Card issuing end to end over real HTTP and GraphQL on every store:
 * issuance (the PAN once, encrypted at rest), authorizations as holds,
 * partial captures, reversals, controls, freeze and cancel, bad input and
 * other teams, with the ledger's conservation checked after each scenario.
 */
for (const store of e2eStores()) {
  const test = suite(`card-issuance over HTTP and GraphQL: ${store}`);
  let g: GraphqlKernel;
  let ada: TestUser;
  let bob: TestUser;
  let account: string;
  let holder: string;

  test.before(async () => {
    g = await bootGraphql({ store, modules: ['core-banking', 'card-issuance'], rateLimits: false, now: '2026-03-10T08:00:00.000Z' });
    ada = await g.createUser('Ada Cards');
    bob = await g.createUser('Bob Cards');
    account = (await g.request('POST', '/api/v2/accounts', { key: ada.key, body: { name: 'Main', type: 'personal' } })).body.data.uuid;
    assert.is((await g.request('POST', `/api/v2/accounts/${account}/deposit`, { key: ada.key, body: { amount: '1000.00', asset_code: 'USD' } })).status, 201);
    const made = await g.request('POST', '/api/v2/cardholders', { key: ada.key, body: { name: 'Ada Lovelace', email: 'ada@example.com' } });
    assert.is(made.status, 201, JSON.stringify(made.body));
    holder = made.body.data.id;
  });
  test.after(() => g.close());

  const post = (user: TestUser, path: string, body?: unknown) => g.request('POST', `/api/v2${path}`, { key: user.key, body });
  const issue = async (controls: Record<string, unknown> = {}) => {
    const answer = await post(ada, '/cards', { cardholder_id: holder, account_id: account, currency: 'USD', ...controls });
    assert.is(answer.status, 201, JSON.stringify(answer.body));
    return issuedCardView.parse(answer.body.data);
  };
  const authorize = async (card: string, amount: string, category = '5411') => {
    const answer = await post(ada, `/cards/${card}/authorizations`, { amount, merchant_name: 'Corner Grocery', merchant_category: category });
    assert.is(answer.status, 201, JSON.stringify(answer.body));
    return authorizationView.parse(answer.body.data);
  };
  const balance = async () => {
    const one = await g.k.get(UnitOfWork).run((tx) => g.k.get(Ledger).balance(tx, ada.teamId, account, 'USD'));
    return [one.available, one.reserved];
  };

  test('a card is issued with a Luhn-valid PAN shown once, kept encrypted, never in a later answer or an event', async () => {
    const card = await issue({ per_transaction_limit: '500.00', daily_limit: '800.00', allowed_categories: ['5411', '5812', '5411'] });
    assert.ok(/^400010\d{10}$/.test(card.pan) && isLuhnValid(card.pan), card.pan);
    assert.equal([card.last4, card.status, card.allowed_categories, card.exp_month, card.exp_year], [card.pan.slice(-4), 'active', ['5411', '5812'], 3, 2029]);
    const read = await g.request('GET', `/api/v2/cards/${card.id}`, { key: ada.key });
    const { pan: _shownOnce, ...shown } = card;
    assert.equal(cardView.parse(read.body.data), shown);
    const listed = await g.request('GET', '/api/v2/cards', { key: ada.key });
    const stored = await g.k.get(UnitOfWork).run((tx) => g.k.get(CardRepository).findCard(tx, ada.teamId, card.id));
    assert.not.ok(stored!.panCiphertext.includes(card.pan));
    assert.is(await new PanVault(g.k.get(SecretStore), g.k.get(Random)).open(stored!.panCiphertext), card.pan, 'the stored PAN opens with the key in the SecretStore');
    const events = await g.k.store.eventStore.readAfter(0n, 1000);
    const everything = JSON.stringify([read.body, listed.body, events.map((event) => event.payload)]);
    assert.not.ok(everything.includes(card.pan), 'the PAN appears after issuance');
    assert.ok(events.some((event) => event.type === 'card.issued' && (event.payload as { id: string }).id === card.id));
  });

  test('an authorization holds; partial captures pay the scheme, the rest is reversed; the ledger conserves', async () => {
    const card = await issue();
    const before = await balance();
    const auth = await authorize(card.id, '100.00');
    assert.equal([auth.status, auth.decline_reason], ['approved', null]);
    assert.equal(await balance(), [before[0]! - 10_000n, before[1]! + 10_000n]);
    const partly = await post(ada, `/card-authorizations/${auth.id}/capture`, { amount: '40.00' });
    assert.equal([partly.status, partly.body.data.status, partly.body.data.captured_amount], [200, 'partially_captured', '40.00']);
    assert.is((await post(ada, `/card-authorizations/${auth.id}/capture`, { amount: '60.01' })).body.errors[0].code, 'capture_exceeds_authorization');
    const closed = await post(ada, `/card-authorizations/${auth.id}/reverse`);
    assert.equal([closed.body.data.status, closed.body.data.released_amount], ['captured', '60.00']);
    assert.equal(await balance(), [before[0]! - 4_000n, before[1]!]);
    assert.is((await post(ada, `/card-authorizations/${auth.id}/capture`)).status, 409);
    const whole = await authorize(card.id, '25.00');
    assert.equal((await post(ada, `/card-authorizations/${whole.id}/capture`)).body.data.status, 'captured');
    const back = await authorize(card.id, '10.00');
    assert.equal((await post(ada, `/card-authorizations/${back.id}/reverse`)).body.data.status, 'reversed');
    assert.is((await post(ada, `/card-authorizations/${back.id}/reverse`)).status, 409);
    assert.equal(await balance(), [before[0]! - 6_500n, before[1]!]);
    const history = await g.request('GET', `/api/v2/cards/${card.id}/authorizations`, { key: ada.key });
    assert.equal(history.body.data.map((one: { id: string }) => one.id), [back.id, whole.id, auth.id]);
    await assertConservation(g.k);
  });

  test('controls decline by category, per-transaction and daily limit (a reversal frees the day; a new day starts afresh) and funds', async () => {
    const card = await issue({ per_transaction_limit: '200.00', daily_limit: '300.00', allowed_categories: ['5411'] });
    const before = await balance();
    assert.is((await authorize(card.id, '200.01')).decline_reason, 'over_transaction_limit');
    assert.is((await authorize(card.id, '5.00', '5999')).decline_reason, 'category_not_allowed');
    const first = await authorize(card.id, '150.00');
    assert.is((await authorize(card.id, '150.00')).status, 'approved');
    assert.is((await authorize(card.id, '0.01')).decline_reason, 'over_daily_limit');
    await post(ada, `/card-authorizations/${first.id}/reverse`);
    assert.is((await authorize(card.id, '150.00')).status, 'approved');
    assert.equal(await balance(), [before[0]! - 30_000n, before[1]! + 30_000n]);
    g.k.clock.advance(24 * 3_600_000);
    assert.is((await authorize(card.id, '200.00')).status, 'approved');
    const patched = await g.request('PATCH', `/api/v2/cards/${card.id}/controls`, { key: ada.key, body: { per_transaction_limit: null, daily_limit: null } });
    assert.equal([patched.body.data.per_transaction_limit, patched.body.data.daily_limit, patched.body.data.allowed_categories], [null, null, ['5411']]);
    const broke = await authorize(card.id, '100000.00');
    assert.equal([broke.status, broke.decline_reason], ['declined', 'insufficient_funds']);
    assert.equal(await balance(), [before[0]! - 50_000n, before[1]! + 50_000n], 'declines hold nothing');
    // Leave the account as it was for the scenarios after this one.
    for (const one of (await g.request('GET', `/api/v2/cards/${card.id}/authorizations?per_page=100`, { key: ada.key })).body.data) {
      if (one.status === 'approved') await post(ada, `/card-authorizations/${one.id}/reverse`);
    }
    assert.equal(await balance(), before);
    await assertConservation(g.k);
  });

  test('a frozen card declines but its open authorization still captures; cancelling reverses what is open, for good', async () => {
    const card = await issue();
    const before = await balance();
    const open = await authorize(card.id, '30.00');
    const other = await authorize(card.id, '20.00');
    assert.equal((await post(ada, `/cards/${card.id}/freeze`)).body.data.status, 'frozen');
    assert.is((await authorize(card.id, '1.00')).decline_reason, 'card_frozen');
    assert.is((await post(ada, `/cards/${card.id}/freeze`)).body.errors[0].code, 'card_frozen');
    assert.is((await post(ada, `/card-authorizations/${open.id}/capture`, { amount: '10.00' })).status, 200);
    assert.equal((await post(ada, `/cards/${card.id}/unfreeze`)).body.data.status, 'active');
    assert.equal((await post(ada, `/cards/${card.id}/cancel`)).body.data.status, 'cancelled');
    assert.equal(await balance(), [before[0]! - 1_000n, before[1]!], 'the cancel released both holds');
    const history = (await g.request('GET', `/api/v2/cards/${card.id}/authorizations`, { key: ada.key })).body.data;
    assert.equal(history.map((one: { id: string; status: string }) => [one.id, one.status]), [[history[0].id, 'declined'], [other.id, 'reversed'], [open.id, 'captured']]);
    assert.is((await authorize(card.id, '1.00')).decline_reason, 'card_cancelled');
    for (const action of ['cancel', 'unfreeze', 'freeze']) assert.is((await post(ada, `/cards/${card.id}/${action}`)).status, 409);
    assert.is((await g.request('PATCH', `/api/v2/cards/${card.id}/controls`, { key: ada.key, body: { daily_limit: '1.00' } })).status, 409);
    await assertConservation(g.k);
  });

  test('concurrent authorizations never pass the daily limit together', async () => {
    const card = await issue({ daily_limit: '200.00' });
    const before = await balance();
    const answers = await Promise.all(Array.from({ length: 8 }, () => authorize(card.id, '50.00')));
    assert.is(answers.filter((one) => one.status === 'approved').length, 4);
    assert.is(answers.filter((one) => one.decline_reason === 'over_daily_limit').length, 4);
    assert.equal(await balance(), [before[0]! - 20_000n, before[1]! + 20_000n]);
    await post(ada, `/cards/${card.id}/cancel`);
    assert.equal(await balance(), before);
    await assertConservation(g.k);
  });

  test('bad input is a 4xx with a pointer that changes nothing; another team sees and changes nothing', async () => {
    const card = await issue();
    const auth = await authorize(card.id, '5.00');
    const cards = (await g.request('GET', '/api/v2/cards', { key: ada.key })).body.meta.total;
    const before = await balance();
    const refusals: [string, string, unknown, number, string][] = [
      ['/cards', 'POST', { cardholder_id: holder, account_id: account, currency: 'XXX' }, 422, '/currency'],
      ['/cards', 'POST', { cardholder_id: holder, account_id: account, currency: 'USD', daily_limit: '0' }, 422, '/daily_limit'],
      ['/cards', 'POST', { cardholder_id: holder, account_id: account, currency: 'USD', per_transaction_limit: '1.001' }, 422, '/per_transaction_limit'],
      ['/cards', 'POST', { cardholder_id: holder, account_id: account, currency: 'USD', allowed_categories: ['54'] }, 422, '/allowed_categories/0'],
      ['/cardholders', 'POST', { name: '' }, 422, '/name'],
      [`/cards/${card.id}/authorizations`, 'POST', { amount: 5, merchant_name: 'M', merchant_category: '5411' }, 422, '/amount'],
      [`/cards/${card.id}/authorizations`, 'POST', { amount: '-5.00', merchant_name: 'M', merchant_category: '5411' }, 422, '/amount'],
      [`/cards/${card.id}/authorizations`, 'POST', { amount: '5.001', merchant_name: 'M', merchant_category: '5411' }, 422, '/amount'],
      [`/cards/${card.id}/authorizations`, 'POST', { amount: '5.00', merchant_name: 'M', merchant_category: 'food' }, 422, '/merchant_category'],
      [`/card-authorizations/${auth.id}/capture`, 'POST', { amount: '0' }, 422, '/amount'],
    ];
    for (const [path, method, body, status, pointer] of refusals) {
      const answer = await g.request(method, `/api/v2${path}`, { key: ada.key, body });
      assert.is(answer.status, status, `${path} ${JSON.stringify(body)}: ${JSON.stringify(answer.body)}`);
      assert.is(answer.body.errors[0].source.pointer, pointer, JSON.stringify(answer.body));
    }
    // Bob's team: Ada's cardholder, account, card and authorization are unknown to it.
    const bobs = [
      await post(bob, '/cards', { cardholder_id: holder, account_id: account, currency: 'USD' }),
      await g.request('GET', `/api/v2/cards/${card.id}`, { key: bob.key }),
      await g.request('GET', `/api/v2/cardholders/${holder}`, { key: bob.key }),
      await g.request('GET', `/api/v2/cards/${card.id}/authorizations`, { key: bob.key }),
      await post(bob, `/cards/${card.id}/authorizations`, { amount: '1.00', merchant_name: 'M', merchant_category: '5411' }),
      await post(bob, `/cards/${card.id}/freeze`),
      await g.request('PATCH', `/api/v2/cards/${card.id}/controls`, { key: bob.key, body: { daily_limit: '1.00' } }),
      await post(bob, `/card-authorizations/${auth.id}/capture`),
      await post(bob, `/card-authorizations/${auth.id}/reverse`),
    ];
    assert.equal(bobs.map((one) => one.status), bobs.map(() => 404));
    assert.is((await g.request('GET', '/api/v2/cards', { key: bob.key })).body.meta.total, 0);
    assert.is((await g.request('GET', '/api/v2/cardholders', { key: bob.key })).body.meta.total, 0);
    assert.is((await g.request('GET', '/api/v2/cards', { key: ada.key })).body.meta.total, cards);
    assert.equal(await balance(), before);
    assert.equal((await g.request('GET', `/api/v2/cards/${card.id}`, { key: ada.key })).body.data.status, 'active');
    await post(ada, `/card-authorizations/${auth.id}/reverse`);
    await assertConservation(g.k);
  });

  test('GraphQL: cardholders and cards through the same operations, the card type without a PAN', async () => {
    const made = await data(g, 'mutation { createCardholder(input: { name: "Grace Hopper" }) { id name email } }', undefined, ada.key);
    assert.equal([made.createCardholder.name, made.createCardholder.email], ['Grace Hopper', null]);
    const CARD = 'mutation($input: CreateCardInput!) { createCard(input: $input) { id last4 status daily_limit allowed_categories } }';
    const card = await data(g, CARD, { input: { cardholder_id: made.createCardholder.id, account_id: account, currency: 'USD', daily_limit: '50.00' } }, ada.key);
    assert.equal([card.createCard.status, card.createCard.daily_limit, card.createCard.allowed_categories], ['active', '50.00', null]);
    const id = card.createCard.id;
    await authorize(id, '60.00');
    const read = await data(g, 'query($id: ID!) { card(id: $id) { id } cardTransactions(card_id: $id) { data { status decline_reason } paginatorInfo { total } } }', { id }, ada.key);
    assert.equal(read.cardTransactions.data, [{ status: 'declined', decline_reason: 'over_daily_limit' }]);
    assert.is((await data(g, 'mutation($id: ID!) { freezeCard(id: $id) { status } }', { id }, ada.key)).freezeCard.status, 'frozen');
    assert.is((await data(g, 'mutation($id: ID!) { unfreezeCard(id: $id) { status } }', { id }, ada.key)).unfreezeCard.status, 'active');
    assert.is((await data(g, 'mutation($id: ID!) { cancelCard(id: $id) { status } }', { id }, ada.key)).cancelCard.status, 'cancelled');
    const lists = await data(g, '{ cards(first: 100) { paginatorInfo { total } } cardholders { data { id } } }', undefined, ada.key);
    assert.is(lists.cardholders.data.length, 2);
    const refused = await gql(g, CARD, { input: { cardholder_id: made.createCardholder.id, account_id: account, currency: 'USD', daily_limit: 'lots' } }, ada.key);
    assert.is(refused.body.errors[0].extensions.code, 'validation_failed', JSON.stringify(refused.body));
    const hidden = await gql(g, 'query($id: ID!) { card(id: $id) { id } }', { id }, bob.key);
    assert.is(hidden.body.errors[0].extensions.code, 'not_found');
    const type = await data(g, '{ __type(name: "Card") { fields { name } } }', undefined, ada.key);
    assert.equal(type.__type.fields.map((field: { name: string }) => field.name).sort(), Object.keys(cardView.shape).sort());
    assert.is((await data(g, '{ cards(first: 100) { paginatorInfo { total } } }', undefined, bob.key)).cards.paginatorInfo.total, 0);
    await assertConservation(g.k);
  });

  test.run();
}

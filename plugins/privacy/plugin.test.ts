import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { bootGraphql, data, gql, type GraphqlKernel } from '../../test/e2e/graphql-kit.js';
import type { TestUser } from '../../test/fixtures/boot.js';
import { assertConservation } from '../../test/fixtures/conservation.js';
import { PrivacyRequestView } from './operations.js';
import { e2eStores } from '../../test/fixtures/stores.js';

/**
 * Data-subject requests end to end over real HTTP and GraphQL on every store
 * (memory, PGlite, PostgreSQL when DATABASE_URL is set): an export collects
 * identity's section into a downloadable JSON file; an erasure pseudonymises
 * the user, deletes earlier exports and leaves balances and the ledger intact
 * (conservation checked); bad input changes nothing; another team's requests
 * and users stay out of reach; an operator may act for a team.
 */
for (const store of e2eStores()) {
  const test = suite(`privacy: data-subject requests: ${store}`);
  let g: GraphqlKernel;
  let ada: TestUser;
  let bob: TestUser;
  let account: string;

  const call = (key: string, method: string, path: string, body?: unknown) => g.request(method, `/api/v2${path}`, { key, body });
  const file = (request: string, key = ada.key) => call(key, 'GET', `/privacy/requests/${request}/export`);
  const total = async (user: TestUser) => (await call(user.key, 'GET', '/privacy/requests')).body.meta.total as number;

  test.before(async () => {
    g = await bootGraphql({ store, modules: ['core-banking', 'mobile', 'privacy'], rateLimits: false });
    ada = await g.createUser('Ada Privacy');
    bob = await g.createUser('Bob Privacy');
    account = (await call(ada.key, 'POST', '/accounts', { name: 'Main', type: 'personal' })).body.data.uuid as string;
    await call(ada.key, 'POST', `/accounts/${account}/deposit`, { amount: '125.50', asset_code: 'USD' });
    assert.is((await call(ada.key, 'POST', '/mobile/devices', { push_token: 'ada-phone-token-0001', platform: 'ios', name: 'Ada’s phone' })).status, 201);
  });
  test.after(() => g.close());

  test('an export completes at once with its event; the document is a JSON file with identity’s section', async () => {
    const made = await call(ada.key, 'POST', '/privacy/requests', { user_id: ada.userId, type: 'export' });
    assert.is(made.status, 201, JSON.stringify(made.body));
    const view = PrivacyRequestView.parse(made.body.data);
    assert.equal([view.status, view.type, view.modules, view.export_available, view.completed_at !== null], ['completed', 'export', ['identity', 'mobile'], true, true]);
    const download = await file(view.id);
    assert.is(download.status, 200);
    assert.match(download.headers.get('content-type') ?? '', 'application/json');
    assert.match(download.headers.get('content-disposition') ?? '', 'attachment');
    const document = typeof download.body === 'string' ? JSON.parse(download.body) : download.body;
    assert.equal(document.modules.identity.user, { id: ada.userId, name: 'Ada Privacy', email: 'ada.privacy@example.test', created_at: document.modules.identity.user.created_at });
    assert.equal(document.modules.mobile.devices.map((device: { name: string; push_token: string }) => [device.name, device.push_token]), [['Ada’s phone', 'ada-phone-token-0001']]);
    assert.equal((await call(ada.key, 'GET', `/privacy/requests/${view.id}`)).body.data, view);
    const events = await g.k.store.eventStore.readAfter(0n, 1000);
    const completed = events.filter((event) => event.type === 'privacy.request.completed');
    assert.equal(completed.map((event) => [event.teamId, (event.payload as PrivacyRequestView).id]), [[ada.teamId, view.id]]);
  });

  test('bad input is a 4xx with a pointer that changes nothing; another team’s user is a 404', async () => {
    const before = await total(ada);
    for (const body of [{}, { user_id: ada.userId }, { user_id: ada.userId, type: 'delete' }, { user_id: '', type: 'export' }, { user_id: ada.userId, type: 'export', extra: 1 }]) {
      const refused = await call(ada.key, 'POST', '/privacy/requests', body);
      assert.ok(refused.status === 422 || refused.status === 400, `${JSON.stringify(body)} → ${refused.status}`);
    }
    const foreign = await call(ada.key, 'POST', '/privacy/requests', { user_id: bob.userId, type: 'erasure' });
    assert.is(foreign.status, 404);
    assert.is(foreign.body.errors[0].source.pointer, '/user_id');
    const forOther = await call(ada.key, 'POST', '/privacy/requests', { user_id: bob.userId, type: 'export', team_id: bob.teamId });
    assert.is(forOther.status, 403);
    assert.is(await total(ada), before);
    assert.is(await total(bob), 0);
  });

  test('another team sees none of it, over REST and GraphQL', async () => {
    const [mine] = (await call(ada.key, 'GET', '/privacy/requests')).body.data as PrivacyRequestView[];
    assert.is((await call(bob.key, 'GET', `/privacy/requests/${mine!.id}`)).status, 404);
    assert.is((await file(mine!.id, bob.key)).status, 404);
    const page = await data(g, '{ privacyRequests { data { id } paginatorInfo { total } } }', undefined, bob.key);
    assert.is(page.privacyRequests.paginatorInfo.total, 0);
    const refused = await gql(g, 'query($id: ID!) { privacyRequest(id: $id) { id } }', { id: mine!.id }, bob.key);
    assert.is(refused.body.errors?.[0]?.extensions?.code, 'not_found');
  });

  test('erasure pseudonymises the user, deletes earlier exports and leaves the money and the ledger intact', async () => {
    const balance = async () => (await call(ada.key, 'GET', `/accounts/${account}/balances`)).body.data.balances;
    const before = await balance();
    const [earlier] = (await call(ada.key, 'GET', '/privacy/requests')).body.data as PrivacyRequestView[];
    const erased = PrivacyRequestView.parse((await call(ada.key, 'POST', '/privacy/requests', { user_id: ada.userId, type: 'erasure' })).body.data);
    assert.equal([erased.status, erased.modules, erased.export_available], ['completed', ['identity', 'mobile', 'privacy'], false]);
    assert.equal((await call(ada.key, 'GET', '/mobile/devices')).body.data, []);
    assert.is((await file(erased.id)).body.errors[0].code, 'not_an_export');
    const gone = await file(earlier!.id);
    assert.equal([gone.status, gone.body.errors[0].code], [409, 'export_erased']);
    // A new export shows what is left: the alias, never the old name or email.
    const again = PrivacyRequestView.parse((await call(ada.key, 'POST', '/privacy/requests', { user_id: ada.userId, type: 'export' })).body.data);
    const text = JSON.stringify((await file(again.id)).body);
    assert.ok(!text.includes('Ada Privacy') && !text.includes('ada.privacy@') && !text.includes('ada-phone'), text);
    assert.equal(again.modules, ['identity']);
    assert.ok(text.includes(`erased-${erased.id}@erased.invalid`), text);
    assert.equal(await balance(), before);
    await assertConservation(g.k.kernel);
  });

  test('an operator may act for any team and reads every team’s requests', async () => {
    const made = await call(g.k.operatorKey, 'POST', '/privacy/requests', { user_id: bob.userId, type: 'export', team_id: bob.teamId });
    assert.is(made.status, 201, JSON.stringify(made.body));
    const view = PrivacyRequestView.parse(made.body.data);
    assert.equal([view.team_id, view.requested_by_team_id !== bob.teamId], [bob.teamId, true]);
    assert.is(await total(bob), 1);
    assert.is((await call(g.k.operatorKey, 'GET', `/privacy/requests/${view.id}`)).status, 200);
    assert.ok((await call(g.k.operatorKey, 'GET', '/privacy/requests')).body.meta.total >= 4);
  });

  test('GraphQL: the mutation and the queries call the same operations; bad input is an error with a code', async () => {
    const made = await data(g, 'mutation($u: ID!) { createPrivacyRequest(user_id: $u, type: "export") { id status type modules } }', { u: bob.userId }, bob.key);
    assert.equal([made.createPrivacyRequest.status, made.createPrivacyRequest.modules], ['completed', ['identity']]);
    const one = await data(g, 'query($id: ID!) { privacyRequest(id: $id) { id user_id export_available } }', { id: made.createPrivacyRequest.id }, bob.key);
    assert.equal(one.privacyRequest, { id: made.createPrivacyRequest.id, user_id: bob.userId, export_available: true });
    const refused = await gql(g, 'mutation($u: ID!) { createPrivacyRequest(user_id: $u, type: "forget") { id } }', { u: bob.userId }, bob.key);
    assert.ok(refused.body.errors?.[0]?.extensions?.code, JSON.stringify(refused.body));
    await assertConservation(g.k.kernel);
  });

  test.run();
}

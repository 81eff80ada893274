import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { StoreKind } from '../../adapters/store.js';
import { EventStore } from '../../ports/event-store.js';
import { bootTestKernel, type TestUser } from '../fixtures/boot.js';
import { bootGraphql, data, type GraphqlKernel } from './graphql-kit.js';

/**
 * BANK_PLUGINS loads an external package exactly like a built-in: the
 * fixture package @acme/bank-plugin-notes (TypeScript against the public
 * plugin API only, `open-bank/plugin` and `open-bank/kit/*`, built by
 * `npm run build` and installed as a devDependency) migrates its own tables,
 * binds its typed repository for the store in use, mounts its routes under
 * /api/v2 with the kernel's auth and envelope, serves its GraphQL domain,
 * uses the core banking Ledger port for tenancy, and appends its own events.
 */
for (const store of ['memory', 'pglite'] as StoreKind[]) {
  const test = suite(`partner plugin through BANK_PLUGINS (${store})`);
  let g: GraphqlKernel;
  let k: GraphqlKernel['k'];
  let ada: TestUser;
  let bob: TestUser;

  test.before(async () => {
    g = await bootGraphql({ store, config: { plugins: ['@acme/bank-plugin-notes'] } as any });
    k = g.k;
    ada = await g.createUser('Ada');
    bob = await g.createUser('Bob');
  });
  test.after(async () => {
    await g?.close();
  });

  test('the plugin is loaded after its dependency, with its own migration table', async () => {
    const names = k.kernel.plugins.map((plugin) => plugin.manifest.name);
    assert.ok(names.indexOf('acme-notes') > names.indexOf('core-banking'), names.join(','));
    const events = k.kernel.events.list().map((event) => event.type.name);
    assert.ok(events.includes('acme.note.added'));
  });

  test("its routes work with the kernel's auth, validation, tenancy and events", async () => {
    const account = await g.request('POST', '/api/v2/accounts', { key: ada.key, body: { name: 'Main', type: 'personal' } });
    const id = account.body.data.uuid;
    const added = await g.request('POST', `/api/v2/accounts/${id}/notes`, { key: ada.key, body: { text: 'VIP customer' } });
    assert.is(added.status, 201, JSON.stringify(added.body));
    assert.is(added.body.data.text, 'VIP customer');
    const listed = await g.request('GET', `/api/v2/accounts/${id}/notes`, { key: ada.key });
    assert.equal(listed.body.data.map((note: any) => note.text), ['VIP customer']);

    const empty = await g.request('POST', `/api/v2/accounts/${id}/notes`, { key: ada.key, body: { text: '' } });
    assert.is(empty.status, 422);
    assert.is(empty.body.errors[0].source.pointer, '/text');
    const foreign = await g.request('GET', `/api/v2/accounts/${id}/notes`, { key: bob.key });
    assert.is(foreign.status, 404);
    const anonymous = await g.request('GET', `/api/v2/accounts/${id}/notes`);
    assert.is(anonymous.status, 401);

    const events = await k.get(EventStore).forAggregate(ada.teamId, 'account', id);
    assert.ok(events.some((event) => event.type === 'acme.note.added'));
  });

  test('the OpenAPI document lists the partner routes', async () => {
    const response = await g.request('GET', '/api/openapi.json');
    assert.ok(response.body.paths['/api/v2/accounts/{id}/notes'], Object.keys(response.body.paths).join(','));
  });

  test('its GraphQL domain calls the same operations, scoped to the caller’s team', async () => {
    const account = (await g.request('POST', '/api/v2/accounts', { key: ada.key, body: { name: 'Graph', type: 'personal' } })).body.data.uuid;
    const added = await data(g, 'mutation($a: ID!) { addAccountNote(account_uuid: $a, text: "From GraphQL") { text remind_at } }', { a: account }, ada.key);
    assert.equal(added.addAccountNote, { text: 'From GraphQL', remind_at: null });
    const listed = await data(g, 'query($a: ID!) { accountNotes(account_uuid: $a) { text } }', { a: account }, ada.key);
    assert.equal(listed.accountNotes, [{ text: 'From GraphQL' }]);
    const foreign = await g.request('POST', '/api/graphql', { key: bob.key, body: { query: 'query($a: ID!) { accountNotes(account_uuid: $a) { text } }', variables: { a: account } } });
    assert.is(foreign.body.errors?.[0]?.extensions?.code, 'not_found');
  });

  test('its scheduled task emits a reminder once the note’s time has come, once', async () => {
    const account = (await g.request('POST', '/api/v2/accounts', { key: ada.key, body: { name: 'Remind', type: 'personal' } })).body.data.uuid;
    const remindAt = new Date(k.clock.now().getTime() + 3_600_000).toISOString();
    const added = await g.request('POST', `/api/v2/accounts/${account}/notes`, { key: ada.key, body: { text: 'Call back', remind_at: remindAt } });
    assert.is(added.status, 201, JSON.stringify(added.body));
    const reminders = async () => (await k.get(EventStore).forAggregate(ada.teamId, 'account', account)).filter((event) => event.type === 'acme.note.reminder_due');
    await k.runScheduled();
    assert.is((await reminders()).length, 0);
    k.clock.advance(3_600_000);
    await k.runScheduled();
    await k.runScheduled();
    const due = await reminders();
    assert.is(due.length, 1);
    assert.is(due[0]!.payload.text, 'Call back');
  });

  test('a partner plugin whose dependency is disabled is refused at start, naming both', async () => {
    try {
      await bootTestKernel({ modules: ['identity'], config: { plugins: ['@acme/bank-plugin-notes'] } as any, listen: false });
      assert.unreachable('should have refused');
    } catch (error) {
      assert.match(String(error), /acme-notes/);
      assert.match(String(error), /core-banking/);
    }
  });

  test.run();
}

import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { EventStore } from '../../ports/event-store.js';
import { bootTestKernel, type TestKernel, type TestUser } from '../fixtures/boot.js';

/**
 * BANK_PLUGINS loads an external package exactly like a built-in: the
 * fixture package @acme/bank-plugin-notes (plain JavaScript, installed as a
 * devDependency) migrates its own table on PGlite, binds its repository,
 * mounts its routes under /api/v2 with the kernel's auth and envelope, uses
 * the core banking Ledger port for tenancy, and appends its own event type.
 */
const test = suite('partner plugin through BANK_PLUGINS');
let k: TestKernel;
let ada: TestUser;
let bob: TestUser;

test.before(async () => {
  k = await bootTestKernel({ store: 'pglite', config: { plugins: ['@acme/bank-plugin-notes'] } as any });
  ada = await k.createUser('Ada');
  bob = await k.createUser('Bob');
});
test.after(async () => {
  await k?.close();
});

test('the plugin is loaded after its dependency, with its own migration table', async () => {
  const names = k.kernel.plugins.map((plugin) => plugin.manifest.name);
  assert.ok(names.indexOf('acme-notes') > names.indexOf('core-banking'), names.join(','));
  const events = k.kernel.events.list().map((event) => event.type.name);
  assert.ok(events.includes('acme.note.added'));
});

test("its routes work with the kernel's auth, validation, tenancy and events", async () => {
  const account = await k.request('POST', '/api/v2/accounts', { key: ada.key, body: { name: 'Main', type: 'personal' } });
  const id = account.body.data.uuid;
  const added = await k.request('POST', `/api/v2/accounts/${id}/notes`, { key: ada.key, body: { text: 'VIP customer' } });
  assert.is(added.status, 201, JSON.stringify(added.body));
  assert.is(added.body.data.text, 'VIP customer');
  const listed = await k.request('GET', `/api/v2/accounts/${id}/notes`, { key: ada.key });
  assert.equal(listed.body.data.map((note: any) => note.text), ['VIP customer']);

  const empty = await k.request('POST', `/api/v2/accounts/${id}/notes`, { key: ada.key, body: { text: '' } });
  assert.is(empty.status, 422);
  assert.is(empty.body.errors[0].source.pointer, '/text');
  const foreign = await k.request('GET', `/api/v2/accounts/${id}/notes`, { key: bob.key });
  assert.is(foreign.status, 404);
  const anonymous = await k.request('GET', `/api/v2/accounts/${id}/notes`);
  assert.is(anonymous.status, 401);

  const events = await k.get(EventStore).forAggregate(ada.teamId, 'account', id);
  assert.ok(events.some((event) => event.type === 'acme.note.added'));
});

test('the OpenAPI document lists the partner routes', async () => {
  const response = await k.request('GET', '/api/openapi.json');
  assert.ok(response.body.paths['/api/v2/accounts/{id}/notes'], Object.keys(response.body.paths).join(','));
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

import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { bootGraphql, data, gql, type GraphqlKernel } from '../../test/e2e/graphql-kit.js';
import type { TestUser } from '../../test/fixtures/boot.js';
import templatePlugin from './index.js';
import { itemView } from './operations.js';

/**
 * The template end to end, as every copy of it starts: real HTTP and GraphQL
 * on a booted kernel with the plugin loaded (it is not a built-in module),
 * the workflow run by the runner and the sweep by its scheduled task.
 */
const test = suite('template plugin over HTTP and GraphQL');
let g: GraphqlKernel;
let alice: TestUser;
let bob: TestUser;

test.before(async () => {
  g = await bootGraphql({ modules: [], plugins: [templatePlugin], rateLimits: false });
  alice = await g.createUser('Alice Template');
  bob = await g.createUser('Bob Template');
});
test.after(() => g.close());

const create = (user: TestUser, body: unknown) => g.request('POST', '/api/v2/template/items', { key: user.key, body });
const list = (user: TestUser) => g.request('GET', '/api/v2/template/items', { key: user.key });

test('POST creates a pending item with its event; the workflow activates it', async () => {
  const created = await create(alice, { title: 'Quarterly review', expires_at: '2026-01-01T01:00:00Z' });
  assert.is(created.status, 201, JSON.stringify(created.body));
  assert.equal(itemView.parse(created.body.data).status, 'pending');
  assert.is(await g.k.runWorkflows(), 1);
  const listed = await list(alice);
  assert.equal(listed.body.data.map((one: { status: string }) => one.status), ['active']);
  const events = await g.k.store.eventStore.readAfter(0n, 100);
  assert.equal(
    events.filter((event) => event.type.startsWith('template.')).map((event) => event.type),
    ['template.item.created', 'template.item.activated'],
  );
});

test('bad input is a 422 that changes nothing', async () => {
  const before = (await list(alice)).body.meta.total;
  for (const body of [{}, { title: '' }, { title: 'x', expires_at: 'tomorrow' }, { title: 'x', expires_at: '2025-12-31T00:00:00Z' }]) {
    const refused = await create(alice, body);
    assert.ok(refused.status === 422 || refused.status === 400, `${JSON.stringify(body)} → ${refused.status}`);
  }
  assert.is((await list(alice)).body.meta.total, before);
});

test('another team sees none of it', async () => {
  assert.is((await list(bob)).body.meta.total, 0);
  const page = await data(g, '{ templateItems { data { id } paginatorInfo { total } } }', undefined, bob.key);
  assert.is(page.templateItems.paginatorInfo.total, 0);
});

test('the scheduled sweep expires items past their expiry, with events', async () => {
  assert.is(await g.k.runScheduled(), 0);
  g.k.clock.advance(2 * 3_600_000);
  assert.is(await g.k.runScheduled(), 1);
  assert.is(await g.k.runScheduled(), 0);
  assert.equal((await list(alice)).body.data.map((one: { status: string }) => one.status), ['expired']);
});

test('GraphQL: the mutation and the query call the same operations', async () => {
  const made = await data(g, 'mutation($t: String!) { createTemplateItem(input: { title: $t }) { id title status expires_at } }', { t: 'From GraphQL' }, bob.key);
  assert.equal(made.createTemplateItem.status, 'pending');
  assert.is(made.createTemplateItem.expires_at, null);
  const page = await data(g, '{ templateItems(first: 10) { data { id title } paginatorInfo { total } } }', undefined, bob.key);
  assert.equal(page.templateItems.data, [{ id: made.createTemplateItem.id, title: 'From GraphQL' }]);
  const refused = await gql(g, 'mutation { createTemplateItem(input: { title: "" }) { id } }', undefined, bob.key);
  assert.ok(refused.body.errors?.length > 0);
});

test('the GraphQL item type has exactly the fields of the zod view', async () => {
  const type = await data(g, '{ __type(name: "TemplateItem") { fields { name } } }', undefined, alice.key);
  assert.equal(type.__type.fields.map((field: { name: string }) => field.name).sort(), Object.keys(itemView.shape).sort());
});

test.run();

import { rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { sql } from 'kysely';
import type { PluginManifest } from '../../kernel/contract/plugin.js';
import { bootGraphql, data } from '../../test/e2e/graphql-kit.js';
import { copyTemplate, pluginNames, renameTemplate } from './new-plugin.js';

const test = suite('new-plugin: a renamed copy of the template');

test('names: kebab, snake, camel and Pascal forms; bad names refused', () => {
  assert.equal(pluginNames('acme-tasks'), { kebab: 'acme-tasks', snake: 'acme_tasks', camel: 'acmeTasks', pascal: 'AcmeTasks' });
  for (const bad of ['Acme', 'acme--tasks', '-acme', 'acme_tasks', 'template', '']) assert.throws(() => pluginNames(bad), bad);
});

test('the rename covers every form of the template’s identity', () => {
  const names = pluginNames('acme-tasks');
  const text = `name: 'template', token('template.item-repository'), template_items, templatePlugin, TemplateItem, '/template/items'`;
  assert.is(
    renameTemplate(text, names),
    `name: 'acme-tasks', token('acme-tasks.item-repository'), acme_tasks_items, acmeTasksPlugin, AcmeTasksItem, '/acme-tasks/items'`,
  );
});

test('a copy made by the command loads, migrates and serves under its new name (PGlite)', async () => {
  // The compiled template is copied beside it, so its relative imports resolve as the source copy's do.
  const from = fileURLToPath(new URL('../../plugins/_template', import.meta.url));
  const to = fileURLToPath(new URL('../../plugins/copied-kit', import.meta.url));
  await rm(to, { recursive: true, force: true });
  try {
    const files = await copyTemplate(from, to, 'copied-kit');
    assert.ok(files.includes('index.js'));
    const again = await copyTemplate(from, to, 'copied-kit').then(() => 'copied', (error: Error) => error.message);
    assert.match(again, /exists already/);
    const copy = ((await import(new URL('../../plugins/copied-kit/index.js', import.meta.url).href)) as { default: PluginManifest }).default;
    assert.is(copy.name, 'copied-kit');
    const g = await bootGraphql({ store: 'pglite', modules: [], plugins: [copy], rateLimits: false });
    try {
      const user = await g.createUser('Copy Owner');
      const created = await g.request('POST', '/api/v2/copied-kit/items', { key: user.key, body: { title: 'First' } });
      assert.is(created.status, 201, JSON.stringify(created.body));
      const page = await data(g, '{ copiedKitItems { data { title status } } }', undefined, user.key);
      assert.equal(page.copiedKitItems.data, [{ title: 'First', status: 'pending' }]);
      const events = await g.k.store.eventStore.readAfter(0n, 100);
      assert.ok(events.some((event) => event.type === 'copied-kit.item.created'));
      const tables = await g.k.store.unitOfWork.run(async (tx) =>
        sql<{ name: string }>`select tablename as name from pg_tables where tablename like 'copied_kit_%'`.execute((tx as any).db),
      );
      assert.equal(tables.rows.map((row) => row.name), ['copied_kit_items']);
    } finally {
      await g.close();
    }
  } finally {
    await rm(to, { recursive: true, force: true });
  }
});

test.run();

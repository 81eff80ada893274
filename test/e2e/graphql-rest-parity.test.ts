import 'reflect-metadata';
import { readFile } from 'node:fs/promises';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { fieldOperations } from '../../kernel/boot/field-operations.js';
import type { PluginManifest } from '../../kernel/public.js';
import { tokenId } from '../../kernel/contract/token.js';
import { builtinPlugins } from '../../plugins/index.js';

/**
 * Every REST operation is reachable in GraphQL too (issue 19), or docs/graphql.md
 * names it under "REST operations without a GraphQL field" with the reason.
 * Which operations GraphQL reaches is found without booting anything, by
 * calling each Query and Mutation method with a recording context
 * (kernel/boot/field-operations.ts, which the kernel's boot check uses too).
 * The list in the docs is checked both ways: a listed operation that GraphQL
 * now reaches must leave the list.
 */

async function manifests(): Promise<PluginManifest<any>[]> {
  const loaded = await Promise.all(Object.values(builtinPlugins).map((load) => load()));
  return loaded.map((module) => module.default as PluginManifest<any>);
}

async function operationsReachedByGraphql(all: readonly PluginManifest<any>[]): Promise<Set<string>> {
  const entries = all.flatMap((manifest) => (manifest.graphql ?? []).map((contribution) => ({ plugin: manifest.name, contribution })));
  return new Set((await fieldOperations(entries)).flatMap(({ operations }) => operations.map((operation) => tokenId(operation))));
}

/** The operation ids listed in docs/graphql.md's exception table (first column, in backticks). */
async function documentedExceptions(): Promise<Map<string, string>> {
  const text = await readFile(new URL('../../../docs/graphql.md', import.meta.url), 'utf8');
  const section = /## REST operations without a GraphQL field\n([\s\S]*?)(?=\n## |$)/.exec(text)?.[1];
  assert.ok(section, 'docs/graphql.md has a section "REST operations without a GraphQL field"');
  const rows = new Map<string, string>();
  for (const line of section.split('\n')) {
    const match = /^\| `([a-z0-9-]+\.[a-z0-9-]+)` \| (.+?) \|$/.exec(line.trim());
    if (match) rows.set(match[1]!, match[2]!);
  }
  return rows;
}

test('every REST operation has a GraphQL field, or docs/graphql.md says why not', async () => {
  const all = await manifests();
  const rest = new Map<string, string>();
  for (const manifest of all) for (const route of manifest.routes ?? []) rest.set(tokenId(route.operation), `${route.method} ${route.path}`);
  const reached = await operationsReachedByGraphql(all);
  const exceptions = await documentedExceptions();

  const missing = [...rest].filter(([id]) => !reached.has(id) && !exceptions.has(id)).map(([id, route]) => `${id} (${route})`);
  assert.equal(missing, [], 'REST operations with no GraphQL field and no line in docs/graphql.md');
  const stale = [...exceptions.keys()].filter((id) => reached.has(id) || !rest.has(id));
  assert.equal(stale, [], 'docs/graphql.md lists operations that GraphQL reaches now, or that no route has');
});

test('the recording context is a working negative control: a resolver that runs nothing reaches nothing', async () => {
  const reached = await operationsReachedByGraphql([]);
  assert.equal(reached.size, 0);
  const all = await manifests();
  assert.ok((await operationsReachedByGraphql(all)).size > 50, 'the probe reaches the operations of the existing domains');
});

test.run();

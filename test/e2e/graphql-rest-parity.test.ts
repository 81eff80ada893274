import 'reflect-metadata';
import { readFile } from 'node:fs/promises';
import { getMetadataStorage } from 'type-graphql';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { PluginManifest, Token } from '../../kernel/public.js';
import { tokenId } from '../../kernel/contract/token.js';
import { builtinPlugins } from '../../plugins/index.js';

/**
 * Every REST operation is reachable in GraphQL too (issue 19), or docs/graphql.md
 * names it under "REST operations without a GraphQL field" with the reason.
 * Resolvers hold no state and reach operations only through `ctx.run`, so
 * calling each Query and Mutation method with a recording context shows which
 * operations GraphQL reaches, without booting anything. Each method is called
 * three ways (every argument a permissive stand-in; arguments absent; arguments
 * the number 1) so a resolver that reads its input before running still gets
 * to `run`. The list in the docs is checked both ways: a listed operation that
 * GraphQL now reaches must leave the list.
 */

/** An object that answers every property, call and await-less use with itself; `run` records the operation. */
function standIn(record: (operation: Token<unknown>) => void): unknown {
  const target = function standInTarget() {};
  const proxy: unknown = new Proxy(target, {
    get(_target, key) {
      if (key === 'run') return (operation: Token<unknown>) => (record(operation), Promise.resolve(proxy));
      if (key === 'then') return undefined;
      if (key === Symbol.toPrimitive) return () => 1;
      if (key === Symbol.iterator) return function* empty() {};
      if (key === Symbol.asyncIterator) return async function* emptyAsync() {};
      return proxy;
    },
    apply: () => proxy,
  });
  return proxy;
}

interface HandlerMetadata {
  readonly target: Function;
  readonly methodName: string;
}
interface ParamMetadata extends HandlerMetadata {
  readonly index: number;
  readonly kind: string;
}

async function manifests(): Promise<PluginManifest<any>[]> {
  const loaded = await Promise.all(Object.values(builtinPlugins).map((load) => load()));
  return loaded.map((module) => module.default as PluginManifest<any>);
}

async function operationsReachedByGraphql(all: readonly PluginManifest<any>[]): Promise<Set<string>> {
  const storage = getMetadataStorage() as unknown as { queries: HandlerMetadata[]; mutations: HandlerMetadata[]; params: ParamMetadata[] };
  const reached = new Set<string>();
  const record = (operation: Token<unknown>) => reached.add(tokenId(operation));
  const resolvers = all.flatMap((manifest) => (manifest.graphql ?? []).flatMap((contribution) => contribution.resolvers));
  for (const resolver of resolvers) {
    for (const handler of [...storage.queries, ...storage.mutations].filter((entry) => entry.target === resolver)) {
      const contextIndex = storage.params.find((param) => param.target === resolver && param.methodName === handler.methodName && param.kind === 'context')?.index;
      const context = standIn(record);
      const instance = new (resolver as new () => Record<string, (...args: unknown[]) => unknown>)();
      for (const fill of [() => standIn(record), () => undefined, () => 1]) {
        const args = Array.from({ length: 8 }, (_, index) => (index === contextIndex ? context : fill()));
        try {
          await instance[handler.methodName]!(...args);
        } catch {
          // A stand-in can make a resolver throw after (or before) it ran its operation: what it reached is recorded.
        }
      }
    }
  }
  return reached;
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

import { getMetadataStorage } from 'type-graphql';
import type { GraphqlContribution } from '../contract/graphql.js';
import { tokenId, type Token } from '../contract/token.js';

/** A root field and the operations its resolver runs. */
export interface FieldOperations {
  readonly plugin: string;
  /** 'Query.accounts', 'Mutation.placeOrder'. */
  readonly field: string;
  readonly operations: readonly Token<unknown>[];
}

interface HandlerMetadata {
  readonly target: Function;
  readonly methodName: string;
  readonly schemaName: string;
}
interface ParamMetadata {
  readonly target: Function;
  readonly methodName: string;
  readonly index: number;
  readonly kind: string;
}

/**
 * Which operations each Query and Mutation field reaches, found without
 * booting anything: resolvers hold no state and reach operations only
 * through `ctx.run`, so each resolver method is called with a recording
 * context that runs nothing. Each is called three ways (every argument a
 * permissive stand-in; arguments absent; arguments the number 1), so a
 * resolver that reads its input before running still gets to `run`. The
 * kernel checks at boot that every operation found has an input schema
 * (verify-graphql-inputs.ts); the parity test, that every REST operation is
 * reached.
 */
export async function fieldOperations(entries: readonly { readonly plugin: string; readonly contribution: GraphqlContribution }[]): Promise<FieldOperations[]> {
  const found: FieldOperations[] = [];
  for (const { plugin, contribution } of entries) {
    for (const resolver of contribution.resolvers) for (const field of await resolverFields(resolver)) found.push({ plugin, ...field });
  }
  return found;
}

/** A resolver's fields depend only on its class: found once per process, however many kernels boot (tests boot hundreds). */
const probed = new WeakMap<Function, Promise<readonly Omit<FieldOperations, 'plugin'>[]>>();

function resolverFields(resolver: Function): Promise<readonly Omit<FieldOperations, 'plugin'>[]> {
  let fields = probed.get(resolver);
  if (!fields) {
    fields = probe(resolver);
    probed.set(resolver, fields);
  }
  return fields;
}

async function probe(resolver: Function): Promise<Omit<FieldOperations, 'plugin'>[]> {
  const storage = getMetadataStorage() as unknown as { queries: HandlerMetadata[]; mutations: HandlerMetadata[]; params: ParamMetadata[] };
  const handlers = [
    ...storage.queries.filter((entry) => entry.target === resolver).map((handler) => ({ handler, root: 'Query' })),
    ...storage.mutations.filter((entry) => entry.target === resolver).map((handler) => ({ handler, root: 'Mutation' })),
  ];
  const fields: Omit<FieldOperations, 'plugin'>[] = [];
  for (const { handler, root } of handlers) {
    const reached = new Map<string, Token<unknown>>();
    const context = standIn((operation) => reached.set(tokenId(operation), operation));
    const contextIndex = storage.params.find((param) => param.target === resolver && param.methodName === handler.methodName && param.kind === 'context')?.index;
    const instance = new (resolver as new () => Record<string, (...args: unknown[]) => unknown>)();
    for (const fill of [() => standIn(() => undefined), () => undefined, () => 1]) {
      const args = Array.from({ length: 8 }, (_, index) => (index === contextIndex ? context : fill()));
      try {
        await instance[handler.methodName]!(...args);
      } catch {
        // A stand-in can make a resolver throw after (or before) it ran its operation: what it reached is recorded.
      }
    }
    fields.push({ field: `${root}.${handler.schemaName}`, operations: [...reached.values()] });
  }
  return fields;
}

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

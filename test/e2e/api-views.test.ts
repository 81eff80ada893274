import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { z, type ZodType } from 'zod';
import { builtinManifests, builtinOpenApi } from '../../adapters/main/reference-docs.js';
import type { RouteDeclaration } from '../../kernel/contract/route.js';

/**
 * Every built-in route's body and response are named zod schemas (OpenAPI
 * components) with an example, and every example is valid for its schema,
 * so the document's examples cannot drift from the views.
 */
const routes: { plugin: string; route: RouteDeclaration }[] = [];
for (const manifest of await builtinManifests()) for (const route of manifest.routes ?? []) routes.push({ plugin: manifest.name, route });

const name = (plugin: string, route: RouteDeclaration) => `${plugin}: ${route.method} ${route.path}`;

/** The schema a component describes: a list's element, else the schema itself. */
function named(schema: ZodType): ZodType {
  return schema instanceof z.ZodArray ? (schema.element as ZodType) : schema;
}

// A route that answers a file (produces) has no view: its answer is the file's bytes.
test('every route with a body or an answer declares it as a named schema with an example', () => {
  for (const { plugin, route } of routes) {
    const schemas = [...(route.body && !isEmptyObject(route.body) ? [route.body] : []), ...(route.status === 204 || route.produces ? [] : [route.response])];
    for (const schema of schemas) {
      assert.ok(schema, `${name(plugin, route)} declares no response view`);
      const meta = z.globalRegistry.get(named(schema!));
      assert.type(meta?.id, 'string', `${name(plugin, route)}: schema without meta({ id })`);
      assert.ok(meta?.['example'] !== undefined, `${name(plugin, route)}: ${meta?.id} has no example`);
    }
  }
});

test('every example is valid for its schema', () => {
  for (const { plugin, route } of routes) {
    for (const schema of [route.body, route.response]) {
      if (!schema) continue;
      const example = z.globalRegistry.get(named(schema))?.['example'];
      if (example === undefined) continue;
      const result = named(schema).safeParse(example);
      assert.ok(result.success, `${name(plugin, route)}: example refused: ${result.success ? '' : result.error.message}`);
    }
  }
});

test('operationIds are camelCase words', async () => {
  const document = JSON.parse(await builtinOpenApi());
  for (const item of Object.values<Record<string, { operationId: string }>>(document.paths)) {
    for (const operation of Object.values(item)) assert.match(operation.operationId, /^[a-z][a-zA-Z0-9]*$/);
  }
});

function isEmptyObject(schema: ZodType): boolean {
  return schema instanceof z.ZodObject && Object.keys(schema.shape).length === 0;
}

test.run();

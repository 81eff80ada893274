import { z, type ZodType } from 'zod';
import type { RouteDeclaration } from '../../kernel/contract/route.js';
import type { Token } from '../../kernel/contract/token.js';
import { parseInput } from './zod-issues.js';
import { mergeInput, validateParts } from './validate-parts.js';

/** Validates an operation's one flat input as its caller sent it and answers what the operation receives (422 otherwise). */
export type InputValidator = (input: Record<string, unknown>) => Promise<Record<string, unknown>>;

/**
 * How a caller that reaches operations by token with one flat input object
 * (GraphQL's resolvers) validates it: with the operation's REST route, the
 * same schemas and the same issues (code, JSON pointer or parameter name) as
 * REST's 422, or, for an operation without a route, with the input schema it
 * declares (operation(token, Class, input)). An operation with neither has no
 * validator: the GraphQL adapter refuses to start with a field running it.
 */
export function operationInputValidators(
  routes: readonly { readonly route: RouteDeclaration }[],
  declared: ReadonlyMap<Token<unknown>, ZodType>,
): ReadonlyMap<Token<unknown>, InputValidator> {
  const validators = new Map<Token<unknown>, InputValidator>();
  // One operation behind several routes (v1 and v2) has the same schemas on each: the first serves.
  for (const { route } of routes) if (!validators.has(route.operation)) validators.set(route.operation, routeInputValidator(route));
  for (const [operation, schema] of declared) {
    if (!validators.has(operation)) validators.set(operation, async (input) => (await parseInput(schema, input)) as Record<string, unknown>);
  }
  return validators;
}

/**
 * The flat input split back into the route's parts (path parameters by the
 * path's `:names`, query parameters by the query schema's keys, the rest is
 * the body), each in REST's representation, then validated and merged as the
 * REST handler does. Path and query values become text as they arrive over
 * HTTP, so a page size GraphQL passes as the number 5 is the '5' REST coerces,
 * and REST's schemas need not accept numbers where a URL can only carry text.
 */
export function routeInputValidator(route: RouteDeclaration): InputValidator {
  const pathNames = new Set([...route.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1]!));
  const queryNames = new Set(objectKeys(route.query));
  return async (input) => {
    const params: Record<string, unknown> = {};
    const query: Record<string, unknown> = {};
    const body: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(input ?? {})) {
      // Absent in REST's representation: no URL or JSON carries undefined.
      if (value === undefined) continue;
      if (pathNames.has(key)) params[key] = asUrlText(value);
      else if (queryNames.has(key)) {
        const text = asUrlText(value);
        if (text !== undefined) query[key] = text;
      } else body[key] = value;
    }
    const [validParams, validQuery, validBody] = await validateParts([
      { part: 'params', schema: route.params, value: params },
      { part: 'query', schema: route.query, value: query },
      { part: 'body', schema: route.body, value: body },
    ]);
    return mergeInput(route.params ? validParams : params, validQuery, validBody);
  };
}

/** A value as a URL carries it: text, a list or an object of text (qs's shapes); null is a parameter not sent. */
function asUrlText(value: unknown): unknown {
  if (value === undefined || value === null) return undefined;
  if (Array.isArray(value)) return value.map(asUrlText).filter((item) => item !== undefined);
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).flatMap(([key, item]) => {
      const text = asUrlText(item);
      return text === undefined ? [] : [[key, text]];
    }));
  }
  return String(value);
}

/** The keys of an object schema, through the pipes a `.transform()` wraps it in; none for any other schema. */
function objectKeys(schema: ZodType | undefined): string[] {
  let current: unknown = schema;
  while (current instanceof z.ZodPipe) current = current.in;
  return current instanceof z.ZodObject ? Object.keys(current.shape) : [];
}

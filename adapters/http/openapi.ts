import { z, type ZodType } from 'zod';
import type { RouteDeclaration, RouteTag } from '../../kernel/contract/route.js';
import { tokenId } from '../../kernel/contract/token.js';
import { IDEMPOTENCY_HEADER } from '../edge/idempotency.js';
import { HealthView, LivenessView, ReadinessView } from './health-views.js';
import { expandRoutes } from './routes.js';

/** A JSON Schema / OpenAPI object, loosely typed. */
type Json = Record<string, unknown>;

export interface OpenApiInfo {
  readonly title: string;
  readonly version: string;
  readonly description?: string;
}

export interface OpenApiRouteEntry {
  readonly plugin: string;
  readonly route: RouteDeclaration;
}

const JSON_MEDIA = 'application/json';

/** The tag of the routes the adapter serves itself. */
const SYSTEM_TAG: RouteTag = {
  name: 'system',
  description: 'Served by the HTTP adapter itself, whatever modules are enabled: health and readiness probes and this OpenAPI document. Public: no API key.',
};

/**
 * The routes the adapter serves itself, described like declared ones. Any
 * request can be answered 400 by the server before routing (a malformed
 * HTTP request), so each lists it.
 */
function builtInPaths(schemas: Json): Json {
  const view = (schema: ZodType, hint: string) => convert(schema, 'output', hint, schemas);
  return {
    '/api/health': {
      get: {
        operationId: 'getHealth',
        summary: 'Service health',
        description:
          'Runs a no-op unit of work on the store and answers the service version, the store kind and the enabled modules. 503 service_unavailable when the store does not answer (the reason goes to the log, never to the caller).\n\n' + ACCESS_TEXT.public,
        tags: [SYSTEM_TAG.name],
        security: [],
        responses: {
          '200': envelopeResponse('Health of the service and its store.', view(HealthView, 'getHealth_response')),
          '400': { $ref: '#/components/responses/BadRequest' },
          '503': { $ref: '#/components/responses/ServiceUnavailable' },
        },
      },
    },
    '/api/health/live': {
      get: {
        operationId: 'getLiveness',
        summary: 'Liveness probe: the process answers (no I/O)',
        description: 'Answers as long as the process serves HTTP, without touching the store: restart the process when it fails.\n\n' + ACCESS_TEXT.public,
        tags: [SYSTEM_TAG.name],
        security: [],
        responses: {
          '200': envelopeResponse('The process is up.', view(LivenessView, 'getLiveness_response')),
          '400': { $ref: '#/components/responses/BadRequest' },
        },
      },
    },
    '/api/health/ready': {
      get: {
        operationId: 'getReadiness',
        summary: 'Readiness probe: store reachable, consumer groups caught up, not shutting down',
        description:
          'Send traffic to this process only while it answers 200. 503 service_unavailable names the failing checks (store, consumers, shutdown) but never their reasons; from the moment shutdown begins it answers 503 while other routes are still served, so a balancer drains the process first.\n\n' + ACCESS_TEXT.public,
        tags: [SYSTEM_TAG.name],
        security: [],
        responses: {
          '200': envelopeResponse('Every check passed.', view(ReadinessView, 'getReadiness_response')),
          '400': { $ref: '#/components/responses/BadRequest' },
          '503': { $ref: '#/components/responses/ServiceUnavailable' },
        },
      },
    },
    '/api/openapi.json': {
      get: {
        operationId: 'getOpenApi',
        summary: 'This OpenAPI description',
        description: 'The OpenAPI 3.0 document of this service, generated from the routes of the enabled modules; /api/docs renders it.\n\n' + ACCESS_TEXT.public,
        tags: [SYSTEM_TAG.name],
        security: [],
        responses: {
          '200': { description: 'The OpenAPI 3.0 document (not wrapped in the envelope).', content: { [JSON_MEDIA]: { schema: { $ref: '#/components/schemas/OpenApiDocument' } } } },
          '400': { $ref: '#/components/responses/BadRequest' },
        },
      },
    },
  };
}

/** A tag a plugin describes in its manifest. */
export interface OpenApiTagEntry {
  readonly plugin: string;
  readonly tag: RouteTag;
}

/**
 * OpenAPI 3.0 from the route declarations: one operation per (route, prefix),
 * path parameters as {name}, zod schemas converted with zod's own
 * `openapi-3.0` target (shared definitions hoisted to components.schemas),
 * bearer security except on public routes, the envelope and error schemas.
 */
export function buildOpenApi(routes: readonly OpenApiRouteEntry[], info: OpenApiInfo, tagEntries: readonly OpenApiTagEntry[] = []): Json {
  const schemas: Json = { ...BASE_SCHEMAS };
  const paths: Record<string, Json> = builtInPaths(schemas) as Record<string, Json>;
  const tags = new Set<string>([SYSTEM_TAG.name]);
  const descriptions = tagDescriptions(tagEntries);

  const expanded = expandRoutes(routes).sort((a, b) => a.path.localeCompare(b.path) || a.route.method.localeCompare(b.route.method));
  const operationIds = new Map<string, string>();
  for (const { plugin, route, path } of expanded) {
    const openApiPath = toOpenApiPath(path);
    const operationId = operationIdOf(route, path, prefixCount(route));
    const owner = operationIds.get(operationId);
    if (owner !== undefined) throw new Error(`OpenAPI operationId ${operationId} is used by both ${owner} and ${route.method} ${path}; set operationId on one route.`);
    operationIds.set(operationId, `${route.method} ${path}`);
    for (const tag of route.tags) tags.add(tag);
    const item = (paths[openApiPath] ??= {});
    item[route.method.toLowerCase()] = operationOf(route, plugin, path, operationId, schemas);
  }

  return {
    openapi: '3.0.3',
    info: { title: info.title, version: info.version, ...(info.description ? { description: info.description } : {}) },
    servers: [{ url: '/' }],
    tags: [...tags].sort().map((name) => {
      const description = descriptions.get(name)?.description;
      return description ? { name, description } : { name };
    }),
    security: [{ bearerAuth: [] }],
    paths,
    components: {
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          description: 'An API key (prefix fak_) sent as "Authorization: Bearer <key>".',
        },
      },
      parameters: {
        IdempotencyKey: {
          name: IDEMPOTENCY_HEADER,
          in: 'header',
          required: false,
          description:
            'Makes a POST safe to retry: the first successful response is saved for 24 h and replayed, with Idempotent-Replayed: true, for the same key and request. 1–255 printable ASCII characters, scoped per team.',
          schema: { type: 'string', minLength: 1, maxLength: 255 },
        },
      },
      headers: {
        RetryAfter: { description: 'Seconds to wait before retrying.', schema: { type: 'integer', minimum: 1 } },
        RequestId: { description: 'The request id (echoed X-Request-Id or generated).', schema: { type: 'string' } },
      },
      responses: structuredClone(ERROR_RESPONSES),
      schemas: structuredClone(schemas),
    },
  };
}

/** Tag name → description; a tag described twice must be described alike, whichever plugins do it. */
function tagDescriptions(entries: readonly OpenApiTagEntry[]): Map<string, { plugin: string; description: string }> {
  const found = new Map<string, { plugin: string; description: string }>([[SYSTEM_TAG.name, { plugin: 'http', description: SYSTEM_TAG.description }]]);
  for (const { plugin, tag } of entries) {
    const previous = found.get(tag.name);
    if (previous && previous.description !== tag.description) {
      throw new Error(`OpenAPI tag ${tag.name} is described differently by ${previous.plugin} and ${plugin}; describe it in one plugin.`);
    }
    found.set(tag.name, { plugin, description: tag.description });
  }
  return found;
}

/** '/api/v2/accounts/:id' → '/api/v2/accounts/{id}'. */
export function toOpenApiPath(path: string): string {
  return path.replace(/[:*]"([^"]+)"|[:*]([A-Za-z_$][A-Za-z0-9_$]*)/g, (_match, quoted: string | undefined, plain: string | undefined) => `{${quoted ?? plain}}`);
}

function pathParameterNames(path: string): string[] {
  return [...toOpenApiPath(path).matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!);
}

/**
 * The route's operationId, else its operation token's id without the plugin,
 * camelCased ('core-banking.create-transfer' → 'createTransfer'). A route
 * served under several prefixes gets the prefix appended ('createTransferV1').
 */
function operationIdOf(route: RouteDeclaration, path: string, prefixes: number): string {
  const name = route.operationId ?? camelCase(tokenId(route.operation).split('.').pop() ?? '');
  if (prefixes === 1) return name;
  const prefix = /^\/api\/(v[0-9]+)\//.exec(path)?.[1];
  return prefix ? `${name}${prefix.toUpperCase()}` : name;
}

function prefixCount(route: RouteDeclaration): number {
  return new Set(route.prefixes).size;
}

function camelCase(words: string): string {
  return words.replace(/[-_.]+([A-Za-z0-9])/g, (_match, letter: string) => letter.toUpperCase());
}

function operationOf(route: RouteDeclaration, plugin: string, path: string, operationId: string, schemas: Json): Json {
  const isPublic = route.access === 'public';
  const parameters: Json[] = [];

  const paramsJson = route.params ? convert(route.params, 'input', `${operationId}_params`, schemas) : undefined;
  const paramProperties = propertiesOf(paramsJson && resolved(paramsJson, schemas));
  for (const name of pathParameterNames(path)) {
    const property = paramProperties[name] ?? { type: 'string' };
    parameters.push(parameter(name, 'path', true, property));
  }

  let cursorMode = false;
  if (route.query) {
    const queryJson = resolved(convert(route.query, 'input', `${operationId}_query`, schemas), schemas);
    const required = new Set(requiredOf(queryJson));
    for (const [name, property] of Object.entries(propertiesOf(queryJson))) {
      parameters.push(parameter(name, 'query', required.has(name), property));
    }
    cursorMode = 'starting_after' in propertiesOf(queryJson);
  }
  if (route.method === 'POST') parameters.push({ $ref: '#/components/parameters/IdempotencyKey' });

  const status = route.status ?? 200;
  const responses: Json = {};
  if (status === 204) responses['204'] = { description: 'Done; no body.' };
  else if (route.produces) {
    // A FileAnswer: the bytes themselves, no envelope.
    const content: Json = {};
    for (const mediaType of route.produces) content[mediaType] = { schema: { type: 'string', format: 'binary' } };
    responses[String(status)] = { description: route.summary, headers: { 'X-Request-Id': { $ref: '#/components/headers/RequestId' } }, content };
  } else {
    const data = route.response ? convert(route.response, 'output', `${operationId}_response`, schemas) : {};
    responses[String(status)] = envelopeResponse(route.summary, data, cursorMode);
  }
  const errorStatuses = ['400', ...(isPublic ? [] : ['401', '403']), '404', ...(route.method === 'POST' ? ['409'] : [])];
  if (route.method === 'POST' || route.method === 'PUT' || route.method === 'PATCH') errorStatuses.push('413', '415');
  errorStatuses.push('422', ...(isPublic ? [] : ['429']), '500');
  for (const code of errorStatuses) responses[code] = { $ref: `#/components/responses/${ERROR_RESPONSE_NAMES[code]}` };

  const operation: Json = {
    operationId,
    summary: route.summary,
    description: [route.description, ACCESS_TEXT[route.access]].filter(Boolean).join('\n\n'),
    tags: [...route.tags],
    'x-plugin': plugin,
    'x-access': route.access,
    security: isPublic ? [] : [{ bearerAuth: [] }],
    parameters,
    responses,
  };
  if (route.body) {
    const body = convert(route.body, 'input', `${operationId}_body`, schemas);
    operation['requestBody'] = {
      required: requiredOf(resolved(body, schemas)).length > 0,
      content: { [JSON_MEDIA]: { schema: body } },
    };
  }
  return operation;
}

/** Who may call, from the route's own `access`, so the reference cannot drift from what the adapter enforces. */
const ACCESS_TEXT: Record<RouteDeclaration['access'], string> = {
  public: 'Access: public, no API key.',
  read: "Access: an API key with the read permission; only the caller's team's data is visible (another team's id is 404).",
  write: "Access: an API key with the write permission; acts only on the caller's team's data (another team's id is 404).",
  delete: "Access: an API key with the delete permission; acts only on the caller's team's data (another team's id is 404).",
  operator: 'Access: the bank operator key only.',
};

function parameter(name: string, where: 'path' | 'query', required: boolean, schema: Json): Json {
  const { description, ...rest } = schema;
  return {
    name,
    in: where,
    required,
    ...(typeof description === 'string' ? { description } : {}),
    schema: rest,
  };
}

/** A schema named in components.schemas (`$ref`) → its definition; anything else as is. */
function resolved(json: Json, schemas: Json): Json {
  const ref = json['$ref'];
  if (typeof ref !== 'string' || !ref.startsWith('#/components/schemas/')) return json;
  return (schemas[ref.slice('#/components/schemas/'.length)] as Json | undefined) ?? json;
}

function propertiesOf(json: Json | undefined): Record<string, Json> {
  const properties = json?.['properties'];
  return properties && typeof properties === 'object' ? (properties as Record<string, Json>) : {};
}

function requiredOf(json: Json | undefined): string[] {
  const required = json?.['required'];
  return Array.isArray(required) ? required.filter((name): name is string => typeof name === 'string') : [];
}

/** A list that also walks by cursor answers CursorMeta (and no links) when asked with starting_after or ending_before. */
function envelopeResponse(description: string, data: Json, cursorMode = false): Json {
  const properties: Json = { data };
  if (data['type'] === 'array') {
    const pageMeta = { $ref: '#/components/schemas/PageMeta' };
    properties['meta'] = cursorMode ? { oneOf: [pageMeta, { $ref: '#/components/schemas/CursorMeta' }] } : pageMeta;
    properties['links'] = { $ref: '#/components/schemas/PageLinks' };
  }
  return {
    description,
    headers: { 'X-Request-Id': { $ref: '#/components/headers/RequestId' } },
    content: { [JSON_MEDIA]: { schema: { type: 'object', required: ['data'], properties } } },
  };
}

/**
 * zod 4 → OpenAPI 3.0 schema. Uses zod's `openapi-3.0` target; should that
 * throw, falls back to draft-07 output adapted. Shared definitions move to
 * components.schemas (OpenAPI 3.0 has no `definitions`). Shapes JSON cannot
 * express (dates, transforms) become `{}` rather than failing the document.
 */
export function convert(schema: ZodType, io: 'input' | 'output', hint: string, schemas: Json): Json {
  let json: Json;
  try {
    json = z.toJSONSchema(schema, { target: 'openapi-3.0', io, unrepresentable: 'any' }) as Json;
  } catch {
    try {
      json = z.toJSONSchema(schema, { target: 'draft-07', io, unrepresentable: 'any' }) as Json;
    } catch {
      return {};
    }
  }
  delete json['$schema'];
  delete json['$id'];
  json = hoistDefinitions(json, hint, schemas);
  return adaptToOpenApi30(json) as Json;
}

function hoistDefinitions(json: Json, hint: string, schemas: Json): Json {
  const definitions = { ...((json['definitions'] as Json | undefined) ?? {}), ...((json['$defs'] as Json | undefined) ?? {}) };
  delete json['definitions'];
  delete json['$defs'];
  const names = Object.keys(definitions);
  if (names.length === 0) return json;

  const renamed = new Map<string, string>();
  for (const name of names) {
    const base = name.startsWith('__schema') ? `${hint}_${name.slice('__schema'.length)}` : name;
    let candidate = base.replace(/[^A-Za-z0-9._-]/g, '_');
    for (let n = 2; candidate in schemas && JSON.stringify(schemas[candidate]) !== JSON.stringify(definitions[name]); n += 1) {
      candidate = `${base}_${n}`;
    }
    renamed.set(name, candidate);
  }
  const rewrite = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(rewrite);
    if (node === null || typeof node !== 'object') return node;
    const out: Json = {};
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') {
        const match = /^#\/(?:definitions|\$defs)\/(.+)$/.exec(value);
        out[key] = match && renamed.has(match[1]!) ? `#/components/schemas/${renamed.get(match[1]!)}` : value;
      } else out[key] = rewrite(value);
    }
    return out;
  };
  for (const name of names) schemas[renamed.get(name)!] = adaptToOpenApi30(rewrite(definitions[name]));
  return rewrite(json) as Json;
}

const SCHEMA_MAPS = new Set(['properties', 'patternProperties', 'definitions', '$defs']);
const SCHEMA_VALUES = new Set(['items', 'additionalProperties', 'not', 'anyOf', 'oneOf', 'allOf', 'prefixItems']);

/**
 * Draft-07 leftovers OpenAPI 3.0 lacks: type 'null' or type arrays, const.
 * And a nullable enum lists null among its values: OpenAPI 3.0.3 says
 * `nullable` does not widen an `enum`, so validators refuse a null example.
 */
function adaptToOpenApi30(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(adaptToOpenApi30);
  if (node === null || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node)) {
    if (SCHEMA_MAPS.has(key) && value !== null && typeof value === 'object') {
      out[key] = Object.fromEntries(Object.entries(value).map(([name, schema]) => [name, adaptToOpenApi30(schema)]));
    } else if (SCHEMA_VALUES.has(key)) out[key] = adaptToOpenApi30(value);
    else out[key] = value;
  }
  const type = out['type'];
  if (type === 'null') {
    delete out['type'];
    out['nullable'] = true;
  } else if (Array.isArray(type)) {
    const kinds = type.filter((kind) => kind !== 'null');
    if (kinds.length !== type.length) out['nullable'] = true;
    if (kinds.length === 1) out['type'] = kinds[0];
    else delete out['type'];
  }
  if ('const' in out) {
    out['enum'] = [out['const']];
    delete out['const'];
  }
  const values = out['enum'];
  if (out['nullable'] === true && Array.isArray(values) && !values.includes(null)) out['enum'] = [...values, null];
  return out;
}

const ERROR_RESPONSE_NAMES: Record<string, string> = {
  '400': 'BadRequest',
  '401': 'Unauthenticated',
  '403': 'Forbidden',
  '404': 'NotFound',
  '409': 'Conflict',
  '413': 'PayloadTooLarge',
  '415': 'UnsupportedMediaType',
  '422': 'ValidationFailed',
  '429': 'RateLimited',
  '500': 'InternalError',
  '503': 'ServiceUnavailable',
};

const ERROR_DESCRIPTIONS: Record<string, string> = {
  BadRequest: 'Malformed JSON, malformed path encoding or an unreadable request.',
  Unauthenticated: 'Missing, malformed or unknown API key (WWW-Authenticate: Bearer).',
  Forbidden: 'The key lacks the permission, has expired, or the IP is not allowed.',
  NotFound: 'The resource or the route does not exist (or belongs to another team).',
  Conflict: 'The Idempotency-Key is in use by a request still running, or the state conflicts.',
  PayloadTooLarge: 'The body exceeds the configured limit.',
  UnsupportedMediaType: 'The body is not application/json (UTF-8, no content encoding).',
  ValidationFailed: 'Validation failed (one error per issue, with source.pointer or source.parameter), a business rule refused the request, or the Idempotency-Key was reused for a different request.',
  RateLimited: 'Too many requests for this API key.',
  InternalError: 'A fault in the service; the detail carries only the request id.',
  ServiceUnavailable: 'The service or its store is not healthy.',
};

const ERROR_RESPONSES: Json = Object.fromEntries(
  Object.entries(ERROR_DESCRIPTIONS).map(([name, description]) => [
    name,
    {
      description,
      ...(name === 'RateLimited' ? { headers: { 'Retry-After': { $ref: '#/components/headers/RetryAfter' } } } : {}),
      content: { [JSON_MEDIA]: { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
    },
  ]),
);

const BASE_SCHEMAS: Json = {
  OpenApiDocument: {
    type: 'object',
    description: 'An OpenAPI 3.0 document (https://spec.openapis.org/oas/v3.0.3).',
    required: ['openapi', 'info', 'paths'],
    properties: {
      openapi: { type: 'string', example: '3.0.3' },
      info: { type: 'object', required: ['title', 'version'], properties: { title: { type: 'string' }, version: { type: 'string' } } },
      servers: { type: 'array', items: { type: 'object', properties: { url: { type: 'string' } } } },
      tags: { type: 'array', items: { type: 'object', required: ['name'], properties: { name: { type: 'string' }, description: { type: 'string' } } } },
      paths: { type: 'object', additionalProperties: { type: 'object' } },
      components: { type: 'object' },
    },
  },
  ErrorObject: {
    type: 'object',
    required: ['status', 'code', 'title', 'detail'],
    properties: {
      status: { type: 'integer', description: 'The HTTP status.' },
      code: { type: 'string', description: 'Stable snake_case error code.' },
      title: { type: 'string' },
      detail: { type: 'string' },
      source: {
        type: 'object',
        description: 'Where the problem is: exactly one of pointer (JSON pointer into the body), parameter (path or query), header.',
        properties: { pointer: { type: 'string' }, parameter: { type: 'string' }, header: { type: 'string' } },
      },
    },
  },
  ErrorEnvelope: {
    type: 'object',
    required: ['errors'],
    properties: { errors: { type: 'array', minItems: 1, items: { $ref: '#/components/schemas/ErrorObject' } } },
  },
  PageMeta: {
    type: 'object',
    required: ['current_page', 'last_page', 'per_page', 'total', 'from', 'to'],
    properties: {
      current_page: { type: 'integer' },
      last_page: { type: 'integer' },
      per_page: { type: 'integer' },
      total: { type: 'integer' },
      from: { type: 'integer', nullable: true },
      to: { type: 'integer', nullable: true },
    },
  },
  CursorMeta: {
    type: 'object',
    required: ['per_page', 'has_more'],
    properties: {
      per_page: { type: 'integer' },
      has_more: { type: 'boolean', description: 'More rows lie beyond this page in the direction walked' },
    },
  },
  PageLinks: {
    type: 'object',
    required: ['first', 'last', 'prev', 'next'],
    properties: {
      first: { type: 'string' },
      last: { type: 'string' },
      prev: { type: 'string', nullable: true },
      next: { type: 'string', nullable: true },
    },
  },
};

import { pascalCase } from './names.js';

/**
 * The intermediate form every language generator reads: the operations and
 * the models of an OpenAPI 3.0 document as this service writes it
 * (adapters/http/openapi.ts), so the templates never walk raw OpenAPI.
 * Inline objects with properties are hoisted into named models, so every
 * object the API answers has a typed class in each language.
 */
export type Schema = Readonly<Record<string, unknown>>;

export interface ApiProperty {
  /** The JSON key. */
  readonly name: string;
  readonly schema: Schema;
  readonly required: boolean;
  readonly description: string | undefined;
}

export interface ApiModel {
  readonly name: string;
  readonly description: string | undefined;
  readonly properties: readonly ApiProperty[];
}

export interface ApiParameter {
  readonly name: string;
  readonly required: boolean;
  readonly schema: Schema;
  readonly description: string | undefined;
}

export interface ApiOperation {
  readonly id: string;
  readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** OpenAPI path, `{name}` for parameters. */
  readonly path: string;
  readonly summary: string;
  readonly description: string;
  /** The plugin (module) that serves it; `system` for the adapter's own routes. */
  readonly module: string;
  readonly pathParams: readonly ApiParameter[];
  readonly queryParams: readonly ApiParameter[];
  readonly body: { readonly schema: Schema; readonly required: boolean } | undefined;
  readonly success: {
    readonly status: number;
    /** The envelope's `data`, absent for 204. */
    readonly data: Schema | undefined;
    /** A list answers `{data: [...], meta, links}`: the SDKs return the whole page. */
    readonly list: boolean;
  };
  /** No API key (health probes, the OpenAPI document). */
  readonly public: boolean;
  /** A POST takes an Idempotency-Key. */
  readonly idempotent: boolean;
}

export interface ApiModelSet {
  readonly title: string;
  readonly version: string;
  readonly operations: readonly ApiOperation[];
  readonly models: readonly ApiModel[];
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
const REF_PREFIX = '#/components/schemas/';

/** The model name a `$ref` points at, or undefined. */
export function refName(schema: Schema): string | undefined {
  const ref = schema['$ref'];
  return typeof ref === 'string' && ref.startsWith(REF_PREFIX) ? ref.slice(REF_PREFIX.length) : undefined;
}

/** The document's operations (sorted by operationId) and models (sorted by name). */
export function apiModelOf(document: Schema): ApiModelSet {
  const components = ((document['components'] as Schema | undefined)?.['schemas'] ?? {}) as Record<string, Schema>;
  const models = new Models(components);
  const operations: ApiOperation[] = [];
  for (const [path, item] of Object.entries((document['paths'] ?? {}) as Record<string, Schema>)) {
    for (const method of METHODS) {
      const operation = item[method] as Schema | undefined;
      if (operation) operations.push(operationOf(path, method, operation, models));
    }
  }
  operations.sort((a, b) => a.id.localeCompare(b.id));
  const info = (document['info'] ?? {}) as Schema;
  return { title: String(info['title'] ?? 'API'), version: String(info['version'] ?? '0.0.0'), operations, models: models.all() };
}

function operationOf(path: string, method: (typeof METHODS)[number], operation: Schema, models: Models): ApiOperation {
  const id = String(operation['operationId']);
  const parameters = ((operation['parameters'] ?? []) as Schema[]).filter((parameter) => typeof parameter['name'] === 'string');
  const parameterOf = (parameter: Schema): ApiParameter => ({
    name: String(parameter['name']),
    required: parameter['required'] === true,
    schema: (parameter['schema'] ?? {}) as Schema,
    description: typeof parameter['description'] === 'string' ? parameter['description'] : undefined,
  });
  const requestBody = operation['requestBody'] as Schema | undefined;
  const bodySchema = (requestBody?.['content'] as Record<string, Schema> | undefined)?.['application/json']?.['schema'] as Schema | undefined;
  const [status, response] = Object.entries((operation['responses'] ?? {}) as Record<string, Schema>).find(([code]) => /^2/.test(code)) ?? ['200', {}];
  const envelope = (response['content'] as Record<string, Schema> | undefined)?.['application/json']?.['schema'] as Schema | undefined;
  const data = ((envelope?.['properties'] as Record<string, Schema> | undefined) ?? {})['data'];
  const list = data?.['type'] === 'array' && 'meta' in ((envelope?.['properties'] as object | undefined) ?? {});
  const name = pascalCase(id);
  return {
    id,
    method: method.toUpperCase() as ApiOperation['method'],
    path,
    summary: String(operation['summary'] ?? id),
    description: String(operation['description'] ?? ''),
    module: typeof operation['x-plugin'] === 'string' ? operation['x-plugin'] : 'system',
    pathParams: parameters.filter((parameter) => parameter['in'] === 'path').map(parameterOf),
    queryParams: parameters.filter((parameter) => parameter['in'] === 'query').map(parameterOf),
    body: bodySchema ? { schema: models.named(bodySchema, `${name}Body`), required: requestBody?.['required'] === true } : undefined,
    success: { status: Number(status), data: data ? models.named(data, `${name}Data`) : undefined, list },
    public: Array.isArray(operation['security']) && operation['security'].length === 0,
    idempotent: method === 'post',
  };
}

/** components.schemas as models, inline objects hoisted under names derived from where they sit. */
class Models {
  private readonly models = new Map<string, ApiModel>();

  constructor(private readonly components: Record<string, Schema>) {
    for (const [name, schema] of Object.entries(components)) {
      if (isObjectWithProperties(schema)) this.add(name, schema);
    }
  }

  all(): ApiModel[] {
    return [...this.models.values()].sort((a, b) => a.name.localeCompare(b.name));
  }

  /** The schema with every inline object with properties replaced by a `$ref` to a hoisted model named from `hint`. */
  named(schema: Schema, hint: string): Schema {
    if (isObjectWithProperties(schema)) {
      let name = hint;
      for (let n = 2; name in this.components || this.models.has(name); n += 1) name = `${hint}${n}`;
      this.add(name, schema);
      return { $ref: REF_PREFIX + name, ...(schema['nullable'] === true ? { nullable: true } : {}) };
    }
    const out: Record<string, unknown> = { ...schema };
    if (schema['items'] && typeof schema['items'] === 'object') out['items'] = this.named(schema['items'] as Schema, `${hint}Item`);
    if (schema['additionalProperties'] && typeof schema['additionalProperties'] === 'object') {
      out['additionalProperties'] = this.named(schema['additionalProperties'] as Schema, `${hint}Value`);
    }
    for (const key of ['anyOf', 'oneOf'] as const) {
      if (Array.isArray(schema[key])) out[key] = (schema[key] as Schema[]).map((member, index) => this.named(member, `${hint}${index + 1}`));
    }
    return out;
  }

  private add(name: string, schema: Schema): void {
    const required = new Set(Array.isArray(schema['required']) ? (schema['required'] as string[]) : []);
    const placeholder: ApiModel = { name, description: undefined, properties: [] };
    this.models.set(name, placeholder);
    const properties = Object.entries((schema['properties'] ?? {}) as Record<string, Schema>).map(([key, property]) => ({
      name: key,
      schema: this.named(property, `${pascalCase(name)}${pascalCase(key) || 'Field'}`),
      required: required.has(key),
      description: typeof property['description'] === 'string' ? property['description'] : undefined,
    }));
    this.models.set(name, { name, description: typeof schema['description'] === 'string' ? schema['description'] : undefined, properties });
  }
}

function isObjectWithProperties(schema: Schema): boolean {
  const properties = schema['properties'];
  return (schema['type'] === 'object' || schema['type'] === undefined) && typeof properties === 'object' && properties !== null && Object.keys(properties).length > 0;
}

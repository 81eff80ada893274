import type { ApiOperation } from '../api-model.js';
import type { ArchiveFile } from '../archives.js';
import { camelCase, commentText, inLineComment } from '../names.js';
import { brandingHeader, splitPackageName, type GeneratorInput } from '../sdk-options.js';
import { operationsTable, showcaseOperation } from '../showcase.js';
import { TYPESCRIPT_RUNTIME, TYPESCRIPT_RUNTIME_TYPES } from './typescript-runtime.js';
import { TYPESCRIPT_WEBHOOKS, TYPESCRIPT_WEBHOOKS_TYPES } from '../webhook-verifiers.js';

/**
 * The npm package: index.js (a fetch client, one method per operation),
 * index.d.ts (its declarations over openapi-typescript's types of the
 * document, schema.d.ts), README, and with the options an example and a
 * node:test suite. Plain JavaScript plus declarations: installing it needs
 * no build and no dependency.
 */
export async function typescriptPackageFiles(input: GeneratorInput, typescriptSchema: (openapiJson: string) => Promise<string>): Promise<{ files: ArchiveFile[]; fileName: string }> {
  const { request, version } = input;
  const typed = request.options.includeTypes;
  const fill = (text: string) => text.replace(/\{name\}/g, () => inLineComment(request.displayName)).replace('{user_agent}', () => JSON.stringify(`${request.packageName}-typescript/${version}`));
  const operations = input.api.operations;
  const files: ArchiveFile[] = [
    { path: 'package.json', text: packageJson(input) },
    { path: 'README.md', text: readme(input) },
    { path: 'index.js', text: fill(TYPESCRIPT_RUNTIME) + '\n' + operations.map(methodJs).join('\n\n') + '\n}\n' + TYPESCRIPT_WEBHOOKS },
    {
      path: 'index.d.ts',
      text:
        (typed ? "import type { components, operations } from './schema.js';\nexport type { components, operations, paths } from './schema.js';\nexport type Schemas = components['schemas'];\n\n" : '') +
        fill(TYPESCRIPT_RUNTIME_TYPES) +
        '\n' +
        operations.map((operation) => methodDts(operation, typed)).join('\n\n') +
        '\n}\n' +
        TYPESCRIPT_WEBHOOKS_TYPES,
    },
  ];
  if (typed) files.push({ path: 'schema.d.ts', text: await typescriptSchema(JSON.stringify(input.document)) });
  if (request.options.includeExamples) files.push({ path: 'examples/quickstart.mjs', text: example(input) });
  if (request.options.includeTests) files.push({ path: 'test/client.test.mjs', text: tests(input) });
  const { scope, name } = splitPackageName(request.packageName);
  // npm pack's own file name: `@acme/bank-sdk` packs as acme-bank-sdk-<version>.tgz.
  return { files, fileName: `${scope ? `${scope}-` : ''}${name}-${version}.tgz` };
}

function methodName(operation: ApiOperation): string {
  return camelCase(operation.id);
}

/** The method's parameters in order: path parameters, then the body, then the query, then options. */
function methodJs(operation: ApiOperation): string {
  const names = operation.pathParams.map((parameter) => camelCase(parameter.name) || 'value');
  const params = [...names, ...(operation.body ? ['body'] : []), ...(operation.queryParams.length > 0 ? ['query'] : []), 'options = {}'];
  const pathParams = operation.pathParams.map((parameter, index) => `${JSON.stringify(parameter.name)}: ${names[index]}`).join(', ');
  const call = [
    ...(pathParams ? [`pathParams: { ${pathParams} }`] : []),
    ...(operation.queryParams.length > 0 ? ['query'] : []),
    ...(operation.body ? ['body'] : []),
    ...(operation.public ? ['isPublic: true'] : []),
    '...options',
  ];
  const answer = operation.success.data === undefined ? 'undefined' : operation.success.list ? 'envelope' : 'envelope.data';
  return [
    `  /** ${commentText(operation.summary)} (${operation.method} ${operation.path}) */`,
    `  async ${methodName(operation)}(${params.join(', ')}) {`,
    `    const envelope = await this.request(${JSON.stringify(operation.method)}, ${JSON.stringify(operation.path)}, { ${call.join(', ')} });`,
    `    return ${answer};`,
    '  }',
  ].join('\n');
}

function methodDts(operation: ApiOperation, typed: boolean): string {
  const op = `operations[${JSON.stringify(operation.id)}]`;
  const params: string[] = operation.pathParams.map(
    (parameter) => `${camelCase(parameter.name) || 'value'}: ${typed ? `${op}['parameters']['path'][${JSON.stringify(parameter.name)}]` : 'string'}`,
  );
  if (operation.body) {
    const type = typed ? `NonNullable<${op}['requestBody']>['content']['application/json']` : 'Record<string, unknown>';
    params.push(`body${operation.body.required ? '' : '?'}: ${type}`);
  }
  if (operation.queryParams.length > 0) {
    const optional = operation.queryParams.every((parameter) => !parameter.required) ? '?' : '';
    params.push(`query${optional}: ${typed ? `NonNullable<${op}['parameters']['query']>` : 'Record<string, string | number | boolean | undefined>'}`);
  }
  params.push(`options?: ${operation.idempotent ? 'PostOptions' : 'RequestOptions'}`);
  const envelope = `${op}['responses'][${operation.success.status}]['content']['application/json']`;
  const returns =
    operation.success.data === undefined ? 'void' : !typed ? (operation.success.list ? 'Envelope' : 'unknown') : operation.success.list ? envelope : `${envelope}['data']`;
  const doc = [operation.summary, '', `${operation.method} ${operation.path} (operation ${operation.id}, module ${operation.module}).`, ...(operation.description ? ['', operation.description] : [])];
  return `  /**\n${doc.flatMap((line) => line.split('\n')).map((line) => `   *${line ? ` ${commentText(line)}` : ''}`).join('\n')}\n   */\n  ${methodName(operation)}(${params.join(', ')}): Promise<${returns}>;`;
}

function packageJson(input: GeneratorInput): string {
  return (
    JSON.stringify(
      {
        name: input.request.packageName,
        version: input.version,
        description: `${input.request.displayName} API client (TypeScript types, no dependencies)`,
        type: 'module',
        exports: { '.': { types: './index.d.ts', default: './index.js' } },
        types: './index.d.ts',
        files: ['index.js', 'index.d.ts', ...(input.request.options.includeTypes ? ['schema.d.ts'] : []), 'README.md'],
        engines: { node: '>=20' },
        ...(input.request.options.includeTests ? { scripts: { test: 'node --test test/' } } : {}),
        sideEffects: false,
      },
      null,
      2,
    ) + '\n'
  );
}

function readme(input: GeneratorInput): string {
  const { scope, name } = splitPackageName(input.request.packageName);
  const showcase = showcaseOperation(input.api);
  const lines = [brandingHeader(input), '', '## Install', '', '```sh', `npm install ./${scope ? `${scope}-` : ''}${name}-${input.version}.tgz`, '```', '', 'Node 20 or later (or any runtime with fetch and WebCrypto); no dependencies. The types come from the OpenAPI document (openapi-typescript): `Schemas` holds every model.', ''];
  if (input.request.options.includeExamples) {
    lines.push(
      '## Use',
      '',
      '```ts',
      `import { Client, ApiError, ValidationError } from '${input.request.packageName}';`,
      '',
      "const client = new Client({ baseUrl: 'https://bank.example.com', apiKey: 'fak_…', partnerKey: 'fpk_…' });",
      'try {',
      `  const result = await client.${methodName(showcase)}();`,
      '} catch (error) {',
      '  if (error instanceof ValidationError) console.log(error.code, error.pointers);',
      '  else if (error instanceof ApiError) console.log(error.status, error.code, error.requestId);',
      '}',
      '```',
      '',
      '`examples/quickstart.mjs` runs this against `BANK_URL` with `BANK_API_KEY` and `BANK_PARTNER_KEY`.',
      '',
    );
  }
  lines.push(...operationsTable(input.api, (operation) => methodName(operation)));
  return lines.join('\n') + '\n';
}

function example(input: GeneratorInput): string {
  const showcase = showcaseOperation(input.api);
  return `// Calls the API once: node examples/quickstart.mjs (BANK_URL, BANK_API_KEY, BANK_PARTNER_KEY in the environment).
import { ApiError, Client } from '../index.js';

const client = new Client({ baseUrl: process.env.BANK_URL ?? 'http://127.0.0.1:8080', apiKey: process.env.BANK_API_KEY, partnerKey: process.env.BANK_PARTNER_KEY });
try {
  console.log(await client.${methodName(showcase)}());
} catch (error) {
  if (!(error instanceof ApiError)) throw error;
  console.log('failed:', error.status, error.code, error.requestId);
}
`;
}

function tests(input: GeneratorInput): string {
  const showcase = showcaseOperation(input.api);
  const answer = showcase.success.list ? "{ data: [], meta: {}, links: {} }" : '{ data: {} }';
  return `// Tests of the client itself on a recording fetch (no network): node --test test/
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Client, NotFoundError, ValidationError } from '../index.js';

function recorder(...answers) {
  const calls = [];
  const fetch = async (url, init) => {
    calls.push({ url, init });
    const [status, body, headers = {}] = answers.shift();
    return new Response(JSON.stringify(body), { status, headers });
  };
  return { calls, fetch };
}

const client = (fetch, maxRetries = 0) => new Client({ baseUrl: 'http://bank.test/', apiKey: 'fak_test', partnerKey: 'fpk_test', fetch, maxRetries, sleep: async () => {} });

test('sends the keys', async () => {
  const { calls, fetch } = recorder([200, ${answer}]);
  await client(fetch).${methodName(showcase)}();
  assert.equal(calls[0].init.method, ${JSON.stringify(showcase.method)});
  assert.ok(calls[0].url.startsWith(${JSON.stringify(`http://bank.test${showcase.path}`)}));
  ${showcase.public ? "assert.equal(calls[0].init.headers.authorization, undefined);" : "assert.equal(calls[0].init.headers.authorization, 'Bearer fak_test');\n  assert.equal(calls[0].init.headers['x-partner-key'], 'fpk_test');"}
});

test('a 422 is a ValidationError with its pointers', async () => {
  const error = { errors: [{ status: 422, code: 'validation_failed', title: 'Validation failed', detail: 'bad', source: { pointer: '/amount' } }] };
  const { fetch } = recorder([422, error, { 'x-request-id': 'req-1' }]);
  await assert.rejects(client(fetch).request('POST', '/api/v2/anything', { body: {} }), (caught) => caught instanceof ValidationError && caught.pointers[0] === '/amount' && caught.requestId === 'req-1');
});

test('a 404 is a NotFoundError; path parameters are encoded', async () => {
  const { calls, fetch } = recorder([404, { errors: [{ status: 404, code: 'not_found', title: 'Not found', detail: 'none' }] }]);
  await assert.rejects(client(fetch).request('GET', '/api/v2/things/{id}', { pathParams: { id: 'a b' } }), NotFoundError);
  assert.ok(calls[0].url.endsWith('/things/a%20b'));
});

test('a retried POST keeps its Idempotency-Key', async () => {
  const busy = { errors: [{ status: 429, code: 'rate_limited', title: 'Too many', detail: 'wait' }] };
  const { calls, fetch } = recorder([429, busy, { 'retry-after': '1' }], [200, { data: {} }]);
  await client(fetch, 1).request('POST', '/api/v2/anything', { body: {} });
  assert.equal(calls.length, 2);
  assert.equal(calls[0].init.headers['idempotency-key'], calls[1].init.headers['idempotency-key']);
});
`;
}

import type { ArchiveFile } from '../archives.js';
import { pascalCase } from '../names.js';
import { brandingHeader, splitPackageName, type GeneratorInput } from '../sdk-options.js';
import { operationsTable, showcaseOperation } from '../showcase.js';
import { phpClient, phpMethod } from './php-client.js';
import { phpModel } from './php-models.js';
import { phpRuntimeFiles } from './php-runtime.js';
import { phpClass } from './php-types.js';

/** The files of the Composer package (PSR-4 under src/), plus autoload.php so plain `php` can use it without Composer. */
export function phpPackageFiles(input: GeneratorInput): { files: ArchiveFile[]; fileName: string; composerName: string } {
  const { request, version } = input;
  const { scope, name } = splitPackageName(request.packageName);
  const composerName = `${scope ?? name}/${name}`.replace(/[^a-z0-9/_.-]/g, '-');
  const namespace = [scope, name].filter((part): part is string => part !== undefined).map((part) => phpClass(pascalCase(part)) || 'Sdk').join('\\');
  const files: ArchiveFile[] = [
    { path: 'composer.json', text: composerJson(input, composerName, namespace) },
    { path: 'autoload.php', text: autoload(namespace) },
    { path: 'README.md', text: readme(input, composerName, namespace) },
    { path: 'src/Client.php', text: phpClient(input, namespace) },
    ...phpRuntimeFiles(namespace),
  ];
  if (request.options.includeTypes) for (const model of input.api.models) files.push({ path: `src/Model/${phpClass(model.name)}.php`, text: phpModel(model, namespace) });
  if (request.options.includeExamples) files.push({ path: 'examples/quickstart.php', text: example(input, namespace) });
  if (request.options.includeTests) files.push({ path: 'tests/run.php', text: tests(input, namespace) });
  return { files, fileName: `${name}-${version}.zip`, composerName };
}

function composerJson(input: GeneratorInput, composerName: string, namespace: string): string {
  return (
    JSON.stringify(
      {
        name: composerName,
        description: `${input.request.displayName} API client (PHP, no extension beyond json)`,
        type: 'library',
        version: input.version,
        license: 'proprietary',
        require: { php: '>=8.1', 'ext-json': '*' },
        autoload: { 'psr-4': { [`${namespace}\\`]: 'src/' } },
        ...(input.request.options.includeTests ? { scripts: { test: 'php tests/run.php' } } : {}),
      },
      null,
      4,
    ) + '\n'
  );
}

function autoload(namespace: string): string {
  return `<?php

declare(strict_types=1);

// PSR-4 autoloading without Composer: require this file, then use ${namespace}\\Client.
spl_autoload_register(static function (string $class): void {
    $prefix = ${JSON.stringify(`${namespace}\\`)};
    if (strncmp($class, $prefix, strlen($prefix)) !== 0) {
        return;
    }
    $file = __DIR__ . '/src/' . str_replace('\\\\', '/', substr($class, strlen($prefix))) . '.php';
    if (is_file($file)) {
        require $file;
    }
});
`;
}

function readme(input: GeneratorInput, composerName: string, namespace: string): string {
  const showcase = showcaseOperation(input.api);
  const lines = [
    brandingHeader(input),
    '',
    '## Install',
    '',
    'With the zip in the current directory (Composer reads it as an artifact repository):',
    '',
    '```sh',
    `composer config repositories.${composerName.replace(/\//g, '-')} artifact . && composer require ${composerName}:${input.version}`,
    '```',
    '',
    `PHP 8.1 or later, no extension beyond json (HTTP through PHP's streams). Without Composer, \`require 'autoload.php';\`. Namespace \`${namespace}\`.`,
    '',
  ];
  if (input.request.options.includeExamples) {
    lines.push(
      '## Use',
      '',
      '```php',
      `$client = new \\${namespace}\\Client('https://bank.example.com', 'fak_...', 'fpk_...');`,
      'try {',
      `    $result = $client->${phpMethod(showcase.id)}();`,
      `} catch (\\${namespace}\\Exception\\ValidationException $error) {`,
      '    var_dump($error->errorCode(), $error->pointers());',
      `} catch (\\${namespace}\\Exception\\ApiException $error) {`,
      '    var_dump($error->status, $error->errorCode(), $error->requestId);',
      '}',
      '```',
      '',
      '`examples/quickstart.php` runs this against `BANK_URL` with `BANK_API_KEY` and `BANK_PARTNER_KEY`.',
      '',
    );
  }
  lines.push(...operationsTable(input.api, (operation) => phpMethod(operation.id)));
  return lines.join('\n') + '\n';
}

function example(input: GeneratorInput, namespace: string): string {
  const showcase = showcaseOperation(input.api);
  return `<?php

// Calls the API once: php examples/quickstart.php (BANK_URL, BANK_API_KEY, BANK_PARTNER_KEY in the environment).
declare(strict_types=1);

require __DIR__ . '/../autoload.php';

$client = new \\${namespace}\\Client(getenv('BANK_URL') ?: 'http://127.0.0.1:8080', getenv('BANK_API_KEY') ?: null, getenv('BANK_PARTNER_KEY') ?: null);
try {
    var_dump($client->${phpMethod(showcase.id)}());
} catch (\\${namespace}\\Exception\\ApiException $error) {
    echo 'failed: ', $error->status, ' ', $error->errorCode(), PHP_EOL;
}
`;
}

function tests(input: GeneratorInput, namespace: string): string {
  const showcase = showcaseOperation(input.api);
  return `<?php

// Tests of the client itself on a recording transport (no network, no PHPUnit): php tests/run.php
declare(strict_types=1);

require __DIR__ . '/../autoload.php';

use ${namespace}\\Client;
use ${namespace}\\Exception\\NotFoundException;
use ${namespace}\\Exception\\ValidationException;

$failures = 0;
function check(bool $condition, string $what): void
{
    global $failures;
    echo ($condition ? 'ok   ' : 'FAIL ') . $what . PHP_EOL;
    $failures += $condition ? 0 : 1;
}

/** @param list<array{0: int, 1: array<string, mixed>, 2: array<string, string>}> $answers */
function recorder(array $answers, array &$calls): callable
{
    return static function (string $method, string $url, array $headers, ?string $body) use (&$answers, &$calls): array {
        $calls[] = [$method, $url, $headers, $body];
        [$status, $payload, $headersOut] = array_shift($answers);
        return [$status, $headersOut, json_encode($payload)];
    };
}

$calls = [];
$client = new Client('http://bank.test/', 'fak_test', 'fpk_test', 30.0, 0, [], recorder([[200, ${showcase.success.list ? "['data' => [], 'meta' => [], 'links' => []]" : "['data' => []]"}, []]], $calls));
$client->${phpMethod(showcase.id)}();
check($calls[0][0] === '${showcase.method}', 'calls ${showcase.method} ${showcase.path}');
check(str_starts_with($calls[0][1], 'http://bank.test${showcase.path}'), 'on the base URL');
${showcase.public ? "check(!isset($calls[0][2]['Authorization']), 'a public operation sends no key');" : "check($calls[0][2]['Authorization'] === 'Bearer fak_test', 'sends the bearer key');\ncheck($calls[0][2]['X-Partner-Key'] === 'fpk_test', 'sends the partner key');"}

$calls = [];
$error = ['errors' => [['status' => 422, 'code' => 'validation_failed', 'title' => 'Validation failed', 'detail' => 'bad', 'source' => ['pointer' => '/amount']]]];
$client = new Client('http://bank.test', 'fak_test', null, 30.0, 0, [], recorder([[422, $error, ['x-request-id' => 'req-1']]], $calls));
try {
    $client->request('POST', '/api/v2/anything', [], [], []);
    check(false, 'a 422 throws');
} catch (ValidationException $caught) {
    check($caught->pointers() === ['/amount'] && $caught->requestId === 'req-1', 'a 422 is a ValidationException with its pointers');
}

$calls = [];
$client = new Client('http://bank.test', 'fak_test', null, 30.0, 0, [], recorder([[404, ['errors' => [['status' => 404, 'code' => 'not_found', 'title' => 'Not found', 'detail' => 'none']]], []]], $calls));
try {
    $client->request('GET', '/api/v2/things/{id}', ['id' => 'a b']);
    check(false, 'a 404 throws');
} catch (NotFoundException $caught) {
    check(str_ends_with($calls[0][1], '/things/a%20b'), 'path parameters are encoded; a 404 is a NotFoundException');
}

$calls = [];
$busy = ['errors' => [['status' => 429, 'code' => 'rate_limited', 'title' => 'Too many', 'detail' => 'wait']]];
$client = new Client('http://bank.test', 'fak_test', null, 30.0, 1, [], recorder([[429, $busy, ['retry-after' => '1']], [200, ['data' => []], []]], $calls), static function (float $seconds): void {
});
$client->request('POST', '/api/v2/anything', [], [], []);
check(count($calls) === 2 && $calls[0][2]['Idempotency-Key'] === $calls[1][2]['Idempotency-Key'], 'a retried POST keeps its Idempotency-Key');

exit($failures === 0 ? 0 : 1);
`;
}

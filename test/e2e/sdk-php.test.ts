import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { filesUnder, generate, run, sdkFixture, sdkRequest, unpack, type SdkFixture } from './sdk-kit.js';

/** The PHP SDK, generated from the running service: php -l on every file, then php-cli calls the service over HTTP on 127.0.0.1. */
const test = suite<{ f: SdkFixture; root: string }>('sdk php');

test.before(async (context) => {
  context.f = await sdkFixture();
  const pkg = await generate(context.f.k, sdkRequest('php'));
  assert.is(pkg.fileName, 'bank-sdk-0.1.0.zip');
  assert.is(pkg.mediaType, 'application/zip');
  assert.is(pkg.installCommand, 'composer config repositories.acme-bank-sdk artifact . && composer require acme/bank-sdk:0.1.0');
  context.root = await unpack(pkg, context.f.dir);
});
test.after(async ({ f }) => f.close());

test('a Composer package (PSR-4) whose every PHP file passes php -l', async ({ root }) => {
  const files = await filesUnder(root);
  for (const file of ['composer.json', 'autoload.php', 'README.md', 'src/Client.php', 'src/Model/Account.php', 'src/Exception/ValidationException.php', 'examples/quickstart.php', 'tests/run.php']) {
    assert.ok(files.includes(file), `${file} missing`);
  }
  const php = files.filter((file) => file.endsWith('.php'));
  assert.ok(php.length > 20);
  for (const file of php) {
    const { stdout } = await run('php', ['-l', join(root, file)]);
    assert.match(stdout, /No syntax errors/);
  }
});

test('php-cli calls the service: typed models, keys, a 404 as NotFoundException, a 422 with its pointer', async ({ f, root }) => {
  const script = join(f.dir, 'call.php');
  await writeFile(
    script,
    `<?php
declare(strict_types=1);
require ${JSON.stringify(join(root, 'autoload.php'))};
use Acme\\BankSdk\\Client;
use Acme\\BankSdk\\Model\\CreateAccountRequest;
use Acme\\BankSdk\\Exception\\NotFoundException;
use Acme\\BankSdk\\Exception\\ValidationException;
$client = new Client($argv[1], $argv[2], 'fpk_unused_here');
$created = $client->createAccount(new CreateAccountRequest(name: 'Payroll', type: 'business', metadata: ['team' => 'hr']), 'sdk-php-1');
$again = $client->createAccount(['name' => 'Payroll', 'type' => 'business', 'metadata' => ['team' => 'hr']], 'sdk-php-1');
$page = $client->listAccounts(1, 10);
$names = array_map(static fn ($account) => $account->name, $page->data);
sort($names);
$out = ['created' => get_class($created), 'replayed_same' => $again->uuid === $created->uuid, 'names' => $names, 'total' => $page->meta['total'], 'one' => $client->getAccount($created->uuid)->name];
try {
    $client->getAccount('00000000-0000-4000-8000-000000000000');
} catch (NotFoundException $error) {
    $out['missing'] = [$error->status, $error->errorCode()];
}
try {
    $client->createAccount(['name' => '', 'type' => 'business']);
} catch (ValidationException $error) {
    $out['invalid'] = [$error->status, $error->pointers()];
}
echo json_encode($out);
`,
  );
  const { stdout } = await run('php', [script, f.k.url, f.user.key]);
  const out = JSON.parse(stdout);
  assert.is(out.created, 'Acme\\BankSdk\\Model\\Account');
  assert.is(out.replayed_same, true);
  assert.equal(out.names, ['Operating', 'Payroll']);
  assert.is(out.total, 2);
  assert.is(out.one, 'Payroll');
  assert.equal(out.missing, [404, 'not_found']);
  assert.equal(out.invalid, [422, ['/name']]);
});

test("the package's own tests pass (php tests/run.php, no network)", async ({ root }) => {
  const { stdout } = await run('php', ['tests/run.php'], { cwd: root });
  assert.not.match(stdout, /FAIL/);
  assert.match(stdout, /ok {3}a retried POST keeps its Idempotency-Key/);
});

test('the same request gives the same bytes', async ({ f }) => {
  const [a, b] = [await generate(f.k, sdkRequest('php')), await generate(f.k, sdkRequest('php'))];
  assert.ok(Buffer.from(a.content).equals(Buffer.from(b.content)));
});

test.run();

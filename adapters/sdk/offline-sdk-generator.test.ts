import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { unzipSync } from 'fflate';
import { Webhook } from 'standardwebhooks';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ValidationError } from '../../kernel/errors/errors.js';
import { SdkGenerator, type SdkRequest } from '../../ports/sdk-generator.js';
import { bootTestKernel, type TestKernel } from '../../test/fixtures/boot.js';

/**
 * Every enabled module at once (every schema shape the service has:
 * nullable enums, unions, keys such as `from` and `24h_change`), under a
 * display name made to break out of comments and strings: each package
 * still compiles and its own tests pass. No server: the packages are not
 * called here (test/e2e/sdk-*.test.ts call one).
 */
const run = promisify(execFile);
const test = suite<{ k: TestKernel; dir: string }>('offline sdk generator');

/** Each language's webhook verifier gets a delivery signed by the Standard Webhooks reference library, as docs/webhooks.md says the service signs. */
const SECRET = 'whsec_' + Buffer.from('a webhook secret of 32 bytes....').toString('base64');
const DELIVERY_BODY = '{"id":"evt_1","event_type":"account.created","created_at":"2026-01-01T00:00:00.000Z","data":{"name":"Café"}}';
const DELIVERY_TIME = new Date('2026-01-01T00:00:10Z');
const DELIVERY_HEADERS = { 'Webhook-Id': 'evt_1', 'Webhook-Timestamp': String(DELIVERY_TIME.getTime() / 1000), 'Webhook-Signature': new Webhook(SECRET).sign('evt_1', DELIVERY_TIME, DELIVERY_BODY) };
const NOW_SECONDS = DELIVERY_TIME.getTime() / 1000 + 60;
/** What each verifier prints: the event's name for the delivery, and whether a changed byte and a late check are refused. */
const EXPECTED_VERDICT = ['Café', 'refused', 'refused'];
const HOSTILE_NAME = 'Evil """ */ \\ \'Bank\' "';

const request = (language: SdkRequest['language'], overrides: Partial<SdkRequest> = {}): SdkRequest => ({
  language,
  modules: [],
  packageName: 'all-modules-sdk',
  displayName: HOSTILE_NAME,
  options: { includeTypes: true, includeExamples: true, includeTests: true },
  ...overrides,
});

test.before(async (context) => {
  context.k = await bootTestKernel({ listen: false });
  context.dir = await mkdtemp(join(tmpdir(), 'sdk-unit-'));
});
test.after(async ({ k, dir }) => {
  await k.close();
  await rm(dir, { recursive: true, force: true });
});

async function filesUnder(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

test('the languages', ({ k }) => {
  assert.equal([...k.get(SdkGenerator).languages()], ['typescript', 'python', 'php']);
});

test('Python: every module compiles and the package tests pass', async ({ k, dir }) => {
  const pkg = await k.get(SdkGenerator).generate(request('python'));
  const into = join(dir, 'python');
  await mkdir(into);
  await writeFile(join(dir, pkg.fileName), pkg.content);
  await run('tar', ['-xzf', join(dir, pkg.fileName), '-C', into]);
  const root = join(into, 'all_modules_sdk-0.1.0');
  await run('python3', ['-m', 'compileall', '-q', root]);
  const { stdout } = await run('python3', ['-c', 'import all_modules_sdk, json; print(json.dumps([all_modules_sdk.__version__, all_modules_sdk.models.PageMeta.from_dict({"from": 1}).from_]))'], { cwd: root });
  assert.equal(JSON.parse(stdout), ['0.1.0', 1]);
  const { stderr } = await run('python3', ['-m', 'unittest', 'discover', '-s', 'tests', '-t', '.'], { cwd: root });
  assert.match(stderr, /OK/);
  const verify = `
import json, sys
from all_modules_sdk import WebhookVerificationError, verify_webhook
body, headers, secret, now = sys.argv[1], json.loads(sys.argv[2]), sys.argv[3], int(sys.argv[4])
out = [verify_webhook(body.encode("utf-8"), headers, secret, now=now)["data"]["name"]]
for changed, at in ((body.replace("Caf", "Cav"), now), (body, now + 600)):
    try:
        verify_webhook(changed, headers, secret, now=at)
        out.append("accepted")
    except WebhookVerificationError:
        out.append("refused")
print(json.dumps(out))
`;
  const verdict = await run('python3', ['-c', verify, DELIVERY_BODY, JSON.stringify(DELIVERY_HEADERS), SECRET, String(NOW_SECONDS)], { cwd: root });
  assert.equal(JSON.parse(verdict.stdout), EXPECTED_VERDICT);
});

test('PHP: every file of every module passes php -l and the package tests pass', async ({ k, dir }) => {
  const pkg = await k.get(SdkGenerator).generate(request('php'));
  const root = join(dir, 'php');
  for (const [path, content] of Object.entries(unzipSync(pkg.content))) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), content);
  }
  const php = (await filesUnder(root)).filter((file) => file.endsWith('.php'));
  assert.ok(php.length > 100);
  for (const file of php) await run('php', ['-l', file]);
  const { stdout } = await run('php', ['tests/run.php'], { cwd: root });
  assert.not.match(stdout, /FAIL/);
  const verify = `<?php
require 'autoload.php';
use AllModulesSdk\\Webhook\\Signature;
use AllModulesSdk\\Webhook\\WebhookVerificationException;
[, $body, $headers, $secret, $now] = $argv;
$headers = json_decode($headers, true);
$out = [Signature::verify($body, $headers, $secret, 300, (int) $now)['data']['name']];
foreach ([[str_replace('Caf', 'Cav', $body), (int) $now], [$body, (int) $now + 600]] as [$changed, $at]) {
    try {
        Signature::verify($changed, $headers, $secret, 300, $at);
        $out[] = 'accepted';
    } catch (WebhookVerificationException) {
        $out[] = 'refused';
    }
}
echo json_encode($out, JSON_UNESCAPED_UNICODE);
`;
  await writeFile(join(root, 'verify.php'), verify);
  const verdict = await run('php', ['verify.php', DELIVERY_BODY, JSON.stringify(DELIVERY_HEADERS), SECRET, String(NOW_SECONDS)], { cwd: root });
  assert.equal(JSON.parse(verdict.stdout), EXPECTED_VERDICT);
});

test('TypeScript: every module type-checks strictly and the package tests pass', async ({ k, dir }) => {
  const pkg = await k.get(SdkGenerator).generate(request('typescript', { packageName: '@all/modules-sdk' }));
  assert.is(pkg.fileName, 'all-modules-sdk-0.1.0.tgz');
  const app = join(dir, 'ts');
  await mkdir(join(app, 'node_modules', '@all'), { recursive: true });
  await writeFile(join(dir, pkg.fileName), pkg.content);
  await run('tar', ['-xzf', join(dir, pkg.fileName), '-C', join(app, 'node_modules', '@all')]);
  await run('mv', [join(app, 'node_modules', '@all', 'package'), join(app, 'node_modules', '@all', 'modules-sdk')]);
  await writeFile(join(app, 'package.json'), '{"type":"module"}');
  await writeFile(join(app, 'use.ts'), "import { Client, type Schemas } from '@all/modules-sdk';\nconst client = new Client({ baseUrl: 'http://127.0.0.1:1' });\nexport const calls = [client.listAccounts(), client.getHealth()];\nexport type Meta = Schemas['PageMeta']['from'];\n");
  await writeFile(join(app, 'tsconfig.json'), JSON.stringify({ compilerOptions: { target: 'es2022', module: 'nodenext', moduleResolution: 'nodenext', lib: ['es2023', 'dom'], types: [], strict: true, noEmit: true }, files: ['use.ts'] }));
  await run(resolve('node_modules/.bin/tsc'), ['-p', app]).catch((error: { stdout?: string }) => {
    throw new Error(`tsc: ${error.stdout}`);
  });
  const { stdout } = await run(process.execPath, ['--test', 'test/'], { cwd: join(app, 'node_modules', '@all', 'modules-sdk') });
  assert.match(stdout, /# fail 0/);
  const verify = `import { verifyWebhook, WebhookVerificationError } from '@all/modules-sdk';
const [body, headers, secret, now] = process.argv.slice(2);
const at = (seconds) => ({ now: new Date(seconds * 1000) });
const out = [(await verifyWebhook(body, JSON.parse(headers), secret, at(Number(now)))).data.name];
for (const [changed, seconds] of [[body.replace('Caf', 'Cav'), Number(now)], [body, Number(now) + 600]]) {
  out.push(await verifyWebhook(changed, JSON.parse(headers), secret, at(seconds)).then(() => 'accepted', (error) => (error instanceof WebhookVerificationError ? 'refused' : String(error))));
}
console.log(JSON.stringify(out));
`;
  await writeFile(join(app, 'verify.mjs'), verify);
  const verdict = await run(process.execPath, [join(app, 'verify.mjs'), DELIVERY_BODY, JSON.stringify(DELIVERY_HEADERS), SECRET, String(NOW_SECONDS)], { cwd: app });
  assert.equal(JSON.parse(verdict.stdout), EXPECTED_VERDICT);
});

test('without types, examples or tests: plain maps, and each language still compiles', async ({ k, dir }) => {
  const bare = { includeTypes: false, includeExamples: false, includeTests: false };
  const generator = k.get(SdkGenerator);
  const root = join(dir, 'bare');
  await mkdir(join(root, 'python'), { recursive: true });
  await mkdir(join(root, 'ts', 'node_modules', 'bare-sdk'), { recursive: true });

  const python = await generator.generate(request('python', { packageName: 'bare-sdk', options: bare }));
  await writeFile(join(root, python.fileName), python.content);
  await run('tar', ['-xzf', join(root, python.fileName), '-C', join(root, 'python')]);
  const pythonFiles = (await filesUnder(join(root, 'python'))).map((file) => file.slice(join(root, 'python').length + 1)).sort();
  assert.equal(pythonFiles, ['bare_sdk-0.1.0/PKG-INFO', 'bare_sdk-0.1.0/README.md', 'bare_sdk-0.1.0/bare_sdk/__init__.py', 'bare_sdk-0.1.0/bare_sdk/client.py', 'bare_sdk-0.1.0/bare_sdk/errors.py', 'bare_sdk-0.1.0/bare_sdk/py.typed', 'bare_sdk-0.1.0/bare_sdk/webhooks.py', 'bare_sdk-0.1.0/pyproject.toml']);
  await run('python3', ['-c', 'import bare_sdk; assert not hasattr(bare_sdk, "models")'], { cwd: join(root, 'python', 'bare_sdk-0.1.0') });

  const php = await generator.generate(request('php', { packageName: 'bare-sdk', options: bare }));
  const phpRoot = join(root, 'php');
  for (const [path, content] of Object.entries(unzipSync(php.content))) {
    await mkdir(dirname(join(phpRoot, path)), { recursive: true });
    await writeFile(join(phpRoot, path), content);
  }
  const phpFiles = (await filesUnder(phpRoot)).filter((file) => file.endsWith('.php'));
  assert.not.ok(phpFiles.some((file) => file.includes('/Model/')));
  for (const file of phpFiles) await run('php', ['-l', file]);

  const ts = await generator.generate(request('typescript', { packageName: 'bare-sdk', options: bare }));
  await writeFile(join(root, ts.fileName), ts.content);
  await run('tar', ['-xzf', join(root, ts.fileName), '-C', join(root, 'ts', 'node_modules', 'bare-sdk'), '--strip-components=1']);
  assert.equal((await filesUnder(join(root, 'ts', 'node_modules', 'bare-sdk'))).map((file) => file.split('/').pop()).sort(), ['README.md', 'index.d.ts', 'index.js', 'package.json']);
  await writeFile(join(root, 'ts', 'package.json'), '{"type":"module"}');
  await writeFile(join(root, 'ts', 'use.ts'), "import { Client, type Envelope } from 'bare-sdk';\nconst client = new Client({ baseUrl: 'http://127.0.0.1:1' });\nexport const page: Promise<Envelope> = client.listAccounts({ per_page: 5 });\n");
  await writeFile(join(root, 'ts', 'tsconfig.json'), JSON.stringify({ compilerOptions: { target: 'es2022', module: 'nodenext', moduleResolution: 'nodenext', lib: ['es2023', 'dom'], types: [], strict: true, noEmit: true }, files: ['use.ts'] }));
  await run(resolve('node_modules/.bin/tsc'), ['-p', join(root, 'ts')]).catch((error: { stdout?: string }) => {
    throw new Error(`tsc: ${error.stdout}`);
  });
});

test('bad requests are one 422 with a pointer per field, before anything is generated', async ({ k }) => {
  try {
    await k.get(SdkGenerator).generate({ ...request('python'), language: 'java' as never, packageName: 'Bad Name', displayName: 'a\u2028b', color: 'red', modules: ['core-banking', 'nope'] });
    assert.unreachable();
  } catch (error) {
    assert.instance(error, ValidationError);
    assert.equal(
      (error as ValidationError).issues.map((issue) => issue.pointer),
      ['/language', '/package_name', '/display_name', '/color', '/modules/1'],
    );
  }
});

test.run();

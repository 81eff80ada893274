import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { unzipSync } from 'fflate';
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

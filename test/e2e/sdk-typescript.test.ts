import { writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { filesUnder, generate, run, sdkFixture, sdkRequest, unpack, type SdkFixture } from './sdk-kit.js';

/**
 * The TypeScript SDK, generated from the running service: installed with
 * its own install command (offline: it has no dependencies), a consumer
 * compiled by tsc against its declarations, then run with node over HTTP
 * on 127.0.0.1.
 */
const test = suite<{ f: SdkFixture; root: string; app: string }>('sdk typescript');
const TSC = resolve('node_modules/.bin/tsc');

test.before(async (context) => {
  context.f = await sdkFixture();
  const pkg = await generate(context.f.k, sdkRequest('typescript'));
  assert.is(pkg.fileName, 'acme-bank-sdk-0.1.0.tgz');
  assert.is(pkg.installCommand, 'npm install ./acme-bank-sdk-0.1.0.tgz');
  context.root = join(await unpack(pkg, context.f.dir), 'package');
  context.app = context.f.dir;
  await writeFile(join(context.app, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  await run('npm', [...pkg.installCommand.split(' ').slice(1), '--offline', '--no-audit', '--no-fund', '--ignore-scripts'], { cwd: context.app });
});
test.after(async ({ f }) => f.close());

test('an npm package: index.js, declarations over openapi-typescript types, README, example, tests', async ({ root }) => {
  const files = await filesUnder(root);
  assert.equal(files, ['README.md', 'examples/quickstart.mjs', 'index.d.ts', 'index.js', 'package.json', 'schema.d.ts', 'test/client.test.mjs']);
});

test('a consumer compiles with tsc against the package and calls the service', async ({ f, app }) => {
  await writeFile(
    join(app, 'call.ts'),
    `import { Client, NotFoundError, ValidationError, type Schemas } from '@acme/bank-sdk';

const client = new Client({ baseUrl: process.argv[2]!, apiKey: process.argv[3]!, partnerKey: 'fpk_unused_here' });
const request: Schemas['CreateAccountRequest'] = { name: 'Payroll', type: 'business', metadata: { team: 'hr' } };
const created: Schemas['Account'] = await client.createAccount(request, { idempotencyKey: 'sdk-ts-1' });
const again = await client.createAccount(request, { idempotencyKey: 'sdk-ts-1' });
const page = await client.listAccounts({ per_page: 10 });
const one = await client.getAccount(created.uuid);
const out: Record<string, unknown> = { replayed_same: again.uuid === created.uuid, names: page.data.map((account) => account.name).sort(), total: page.meta?.total, one: one.name };
try {
  await client.getAccount('00000000-0000-4000-8000-000000000000');
} catch (error) {
  if (error instanceof NotFoundError) out.missing = [error.status, error.code];
}
try {
  await client.createAccount({ name: '', type: 'business' });
} catch (error) {
  if (error instanceof ValidationError) out.invalid = [error.status, error.pointers];
}
console.log(JSON.stringify(out));
`,
  );
  // process.argv without @types/node: declare the one global the consumer reads.
  await writeFile(join(app, 'globals.d.ts'), 'declare const process: { argv: string[] };\n');
  await writeFile(join(app, 'tsconfig.json'), JSON.stringify({ compilerOptions: { target: 'es2022', module: 'nodenext', moduleResolution: 'nodenext', lib: ['es2023', 'dom'], types: [], strict: true, skipLibCheck: false, outDir: 'out' }, files: ['call.ts', 'globals.d.ts'] }));
  await run(TSC, ["-p", app]).catch((error: { stdout?: string }) => {
    throw new Error(`tsc: ${error.stdout}`);
  });
  const { stdout } = await run(process.execPath, [join(app, 'out', 'call.js'), f.k.url, f.user.key]);
  const out = JSON.parse(stdout);
  assert.is(out.replayed_same, true);
  assert.equal(out.names, ['Operating', 'Payroll']);
  assert.is(out.total, 2);
  assert.is(out.one, 'Payroll');
  assert.equal(out.missing, [404, 'not_found']);
  assert.equal(out.invalid, [422, ['/name']]);
});

test('a wrong body does not compile', async ({ app }) => {
  await writeFile(join(app, 'wrong.ts'), "import { Client } from '@acme/bank-sdk';\nawait new Client({ baseUrl: 'x' }).createAccount({ name: 1 });\n");
  await writeFile(join(app, 'tsconfig.wrong.json'), JSON.stringify({ compilerOptions: { target: 'es2022', module: 'nodenext', moduleResolution: 'nodenext', lib: ['es2023', 'dom'], types: [], strict: true, noEmit: true }, files: ['wrong.ts'] }));
  try {
    await run(TSC, ['-p', join(app, 'tsconfig.wrong.json')]);
    assert.unreachable('compiled');
  } catch (error) {
    assert.match(String((error as { stdout?: string }).stdout), /wrong\.ts/);
  }
});

test("the package's own tests pass (node --test, no network)", async ({ root }) => {
  const { stdout } = await run(process.execPath, ['--test', 'test/'], { cwd: root });
  assert.match(stdout, /# fail 0/);
});

test('the same request gives the same bytes', async ({ f }) => {
  const [a, b] = [await generate(f.k, sdkRequest('typescript')), await generate(f.k, sdkRequest('typescript'))];
  assert.ok(Buffer.from(a.content).equals(Buffer.from(b.content)));
});

test.run();

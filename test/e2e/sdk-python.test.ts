import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { filesUnder, generate, run, sdkFixture, sdkRequest, unpack, type SdkFixture } from './sdk-kit.js';

/** The Python SDK, generated from the running service, imported by python3 and calling it over HTTP on 127.0.0.1. */
const test = suite<{ f: SdkFixture; root: string }>('sdk python');

test.before(async (context) => {
  context.f = await sdkFixture();
  const pkg = await generate(context.f.k, sdkRequest('python'));
  assert.is(pkg.fileName, 'acme_bank_sdk-0.1.0.tar.gz');
  assert.is(pkg.mediaType, 'application/gzip');
  assert.is(pkg.installCommand, 'pip install ./acme_bank_sdk-0.1.0.tar.gz');
  context.root = join(await unpack(pkg, context.f.dir), 'acme_bank_sdk-0.1.0');
});
test.after(async ({ f }) => f.close());

test('an sdist: pyproject, PKG-INFO, the package, models, README branded, examples and tests', async ({ root }) => {
  const files = await filesUnder(root);
  for (const file of ['PKG-INFO', 'README.md', 'acme_bank_sdk/__init__.py', 'acme_bank_sdk/client.py', 'acme_bank_sdk/errors.py', 'acme_bank_sdk/models.py', 'acme_bank_sdk/py.typed', 'examples/quickstart.py', 'pyproject.toml', 'tests/test_client.py']) {
    assert.ok(files.includes(file), `${file} missing from ${files.join(', ')}`);
  }
  const { stdout } = await run('python3', ['-m', 'compileall', '-q', root]);
  assert.is(stdout.trim(), '');
});

test('python3 imports it and calls the service: typed models, keys, a 404 as NotFoundError, a 422 with its pointer', async ({ f, root }) => {
  const script = `
import json, sys
sys.path.insert(0, ${JSON.stringify(root)})
from acme_bank_sdk import Client, NotFoundError, ValidationError, models
client = Client(sys.argv[1], api_key=sys.argv[2], partner_key="fpk_unused_here")
created = client.create_account(models.CreateAccountRequest(name="Payroll", type="business", metadata={"team": "hr"}), idempotency_key="sdk-python-1")
again = client.create_account({"name": "Payroll", "type": "business", "metadata": {"team": "hr"}}, idempotency_key="sdk-python-1")
page = client.list_accounts(per_page=10)
one = client.get_account(created.uuid)
out = {"created": type(created).__name__, "replayed_same": again.uuid == created.uuid, "names": sorted(a.name for a in page.data), "total": page.meta["total"], "one": one.name if hasattr(one, "name") else type(one).__name__}
try:
    client.get_account("00000000-0000-4000-8000-000000000000")
except NotFoundError as error:
    out["missing"] = [error.status, error.code]
try:
    client.create_account({"name": "", "type": "business"})
except ValidationError as error:
    out["invalid"] = [error.status, error.pointers]
print(json.dumps(out))
`;
  const { stdout } = await run('python3', ['-c', script, f.k.url, f.user.key]);
  const out = JSON.parse(stdout);
  assert.is(out.created, 'Account');
  assert.is(out.replayed_same, true);
  assert.equal(out.names, ['Operating', 'Payroll']);
  assert.is(out.total, 2);
  assert.equal(out.missing, [404, 'not_found']);
  assert.equal(out.invalid, [422, ['/name']]);
});

test("the package's own tests pass (python3 -m unittest, no network)", async ({ root }) => {
  const { stderr } = await run('python3', ['-m', 'unittest', 'discover', '-s', 'tests', '-t', '.'], { cwd: root });
  assert.match(stderr, /OK/);
});

test('the same request gives the same bytes; without types the methods answer dicts', async ({ f }) => {
  const [a, b] = [await generate(f.k, sdkRequest('python')), await generate(f.k, sdkRequest('python'))];
  assert.ok(Buffer.from(a.content).equals(Buffer.from(b.content)));
  const untyped = await generate(f.k, sdkRequest('python', { options: { includeTypes: false, includeExamples: false, includeTests: false } }));
  assert.not.ok(Buffer.from(untyped.content).equals(Buffer.from(a.content)));
});

test('a module that is not enabled is a 422 at its index, and nothing is generated', async ({ f }) => {
  try {
    await generate(f.k, sdkRequest('python', { modules: ['core-banking', 'nope'], color: 'orange' }));
    assert.unreachable();
  } catch (error) {
    const issues = (error as { issues?: { pointer?: string }[] }).issues?.map((issue) => issue.pointer);
    assert.equal(issues, ['/color', '/modules/1']);
  }
});

test.run();

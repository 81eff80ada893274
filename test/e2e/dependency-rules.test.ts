import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';

/**
 * The layer rules `npm test` checks (.dependency-cruiser.cjs) must actually
 * fire: this runs dependency-cruiser with the project's config over a small
 * compiled tree that breaks each rule once, and over a clean one.
 */
const root = fileURLToPath(new URL('../../../', import.meta.url));
const run = promisify(execFile);
const test = suite('dependency rules');
let dir: string;

async function plant(files: Record<string, string>): Promise<string> {
  const tree = await mkdtemp(join(dir, 'tree-'));
  await symlink(join(root, 'node_modules'), join(tree, 'node_modules'));
  await writeFile(join(tree, 'package.json'), '{"type":"module"}');
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(tree, path)), { recursive: true });
    await writeFile(join(tree, path), text);
  }
  return tree;
}

const plain = (text: string): string => text.replace(/\x1b\[[0-9;]*m/g, '');

async function cruise(tree: string): Promise<{ code: number; output: string }> {
  const bin = join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');
  try {
    const { stdout } = await run(process.execPath, [bin, '--config', join(root, '.dependency-cruiser.cjs'), 'dist'], { cwd: tree });
    return { code: 0, output: plain(stdout) };
  } catch (error: any) {
    return { code: error.code, output: plain(`${error.stdout}${error.stderr}`) };
  }
}

test.before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'bank-depcruise-'));
});
test.after(async () => {
  await rm(dir, { recursive: true, force: true });
});

test('framework imports outside adapters/ and cross-plugin imports fail the check', async () => {
  const tree = await plant({
    'dist/kernel/boot/leak.js': "import express from 'express'; export default express;",
    'dist/plugins/alpha/application/repo.js': "import pg from 'pg'; export default pg;",
    'dist/plugins/alpha/domain/rule.js': "import { Kysely } from 'kysely'; export default Kysely;",
    'dist/plugins/alpha/application/peek.js': "import { secret } from '../../beta/application/secret.js'; export default secret;",
    'dist/plugins/beta/application/secret.js': 'export const secret = 1;',
    'dist/plugins/beta/application/socket.js': "import { WebSocketServer } from 'ws'; export default WebSocketServer;",
  });
  const { code, output } = await cruise(tree);
  assert.is.not(code, 0);
  assert.match(output, /frameworks-only-in-adapters: dist\/kernel\/boot\/leak\.js/);
  assert.match(output, /frameworks-only-in-adapters: dist\/plugins\/alpha\/application\/repo\.js/);
  assert.match(output, /dist\/plugins\/alpha\/domain\/rule\.js/);
  assert.match(output, /frameworks-only-in-adapters: dist\/plugins\/beta\/application\/socket\.js/);
  assert.match(output, /no-cross-plugin: dist\/plugins\/alpha\/application\/peek\.js/);
});

test('a plugin that reaches past the public plugin API fails the check, naming the rule', async () => {
  const tree = await plant({
    'dist/kernel/public.js': "export * from './contract/token.js';",
    'dist/kernel/contract/token.js': 'export const token = (id) => Symbol.for(id);',
    'dist/kernel/events/event-registry.js': 'export class EventRegistry {}',
    'dist/ports/clock.js': "export const Clock = Symbol.for('bank:kernel.clock');",
    'dist/adapters/sql/sql-tx.js': 'export const sqlTx = (tx) => tx;',
    'dist/kit/sql.js': "export * from '../adapters/sql/sql-tx.js';",
    'dist/kit/graphql.js': 'export const DateScalar = {};',
    'dist/plugins/alpha/application/registry.js': "import { EventRegistry } from '../../../kernel/events/event-registry.js'; export default EventRegistry;",
    'dist/plugins/alpha/application/clock.js': "import { Clock } from '../../../ports/clock.js'; export default Clock;",
    'dist/plugins/alpha/adapters/sql/raw.js': "import { sqlTx } from '../../../../adapters/sql/sql-tx.js'; export default sqlTx;",
    'dist/plugins/alpha/application/store.js': "import { sqlTx } from '../../../kit/sql.js'; export default sqlTx;",
    'dist/plugins/alpha/http.js': "import { DateScalar } from '../../kit/graphql.js'; export default DateScalar;",
  });
  const { code, output } = await cruise(tree);
  assert.is.not(code, 0);
  assert.match(output, /plugins-use-the-public-surface: dist\/plugins\/alpha\/application\/registry\.js/);
  assert.match(output, /plugins-use-the-public-surface: dist\/plugins\/alpha\/application\/clock\.js/);
  assert.match(output, /plugins-use-the-public-surface: dist\/plugins\/alpha\/adapters\/sql\/raw\.js/);
  assert.match(output, /store-and-test-kits-in-plugin-adapters: dist\/plugins\/alpha\/application\/store\.js/);
  assert.match(output, /graphql-kit-in-plugin-graphql: dist\/plugins\/alpha\/http\.js/);
});

test('a plugin on the public plugin API and its kits passes', async () => {
  const tree = await plant({
    'dist/kernel/public.js': "export * from './contract/token.js';",
    'dist/kernel/contract/token.js': 'export const token = (id) => Symbol.for(id);',
    'dist/adapters/sql/sql-tx.js': 'export const sqlTx = (tx) => tx;',
    'dist/kit/sql.js': "export * from '../adapters/sql/sql-tx.js';",
    'dist/kit/graphql.js': 'export const DateScalar = {};',
    'dist/plugins/alpha/index.js': "import { token } from '../../kernel/public.js'; import repo from './adapters/sql/repo.js'; import domain from './graphql/domain.js'; export default [token, repo, domain];",
    'dist/plugins/alpha/adapters/sql/repo.js': "import { sqlTx } from '../../../../kit/sql.js'; export default sqlTx;",
    'dist/plugins/alpha/graphql/domain.js': "import { DateScalar } from '../../../kit/graphql.js'; export default DateScalar;",
    'dist/plugins/alpha/domain/rule.js': "import { token } from '../../../kernel/public.js'; export default token;",
  });
  const { code, output } = await cruise(tree);
  assert.is(code, 0, output);
});

test('REST and GraphQL importing each other, or the edge importing either, fail the check', async () => {
  const tree = await plant({
    'dist/adapters/http/auth.js': 'export const auth = 1;',
    'dist/adapters/graphql/endpoint.js': "import { auth } from '../http/auth.js'; export default auth;",
    'dist/adapters/graphql/schema.js': 'export const schema = 1;',
    'dist/adapters/http/api.js': "import { schema } from '../graphql/schema.js'; export default schema;",
    'dist/adapters/edge/invoke.js': "import { auth } from '../http/auth.js'; export default auth;",
  });
  const { code, output } = await cruise(tree);
  assert.is.not(code, 0);
  assert.match(output, /rest-and-graphql-share-only-the-edge: dist\/adapters\/graphql\/endpoint\.js/);
  assert.match(output, /rest-and-graphql-share-only-the-edge: dist\/adapters\/http\/api\.js/);
  assert.match(output, /edge-knows-no-driving-adapter: dist\/adapters\/edge\/invoke\.js/);
});

test('REST and GraphQL importing the edge pass', async () => {
  const tree = await plant({
    'dist/adapters/edge/auth.js': 'export const auth = 1;',
    'dist/adapters/graphql/endpoint.js': "import { auth } from '../edge/auth.js'; export default auth;",
    'dist/adapters/http/route.js': "import { auth } from '../edge/auth.js'; export default auth;",
  });
  const { code, output } = await cruise(tree);
  assert.is(code, 0, output);
});

test('the same imports inside adapters/ folders pass', async () => {
  const tree = await plant({
    'dist/adapters/http/app.js': "import express from 'express'; export default express;",
    'dist/plugins/alpha/adapters/sql/repo.js': "import pg from 'pg'; export default pg;",
    'dist/plugins/alpha/application/own.js': "import repo from '../adapters/sql/repo.js'; export default repo;",
  });
  const { code, output } = await cruise(tree);
  assert.is(code, 0, output);
});

test.run();

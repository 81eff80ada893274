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

import { execFile } from 'node:child_process';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';

/**
 * `npm run bank -- <command>` as a user runs it: the compiled CLI in a child
 * process on an embedded PGlite data directory, so state persists between
 * invocations exactly as it does for the server.
 */
const cli = fileURLToPath(new URL('../../adapters/main/cli.js', import.meta.url));
const run = promisify(execFile);
const test = suite('bank CLI');
let dataDir: string;

test.before(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'bank-cli-'));
});
test.after(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

async function bank(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  // Only the modules the commands need: each invocation boots PGlite and migrates what is enabled.
  const env = { PATH: process.env.PATH, BANK_STORE: 'pglite', BANK_DATA_DIR: dataDir, BANK_MODULES: 'core-banking' };
  try {
    const { stdout, stderr } = await run(process.execPath, ['--enable-source-maps', cli, ...args], { env });
    return { code: 0, stdout, stderr };
  } catch (error: any) {
    return { code: error.code, stdout: error.stdout, stderr: error.stderr };
  }
}

test('--help lists every command with its flags', async () => {
  const help = await bank('--help');
  assert.is(help.code, 0);
  for (const name of ['users create', 'keys create', 'keys list', 'keys revoke', 'accounts list']) assert.match(help.stdout, name);
  const one = await bank('keys', 'create', '--help');
  assert.match(one.stdout, '--user-id');
});

test('the first run writes the operator key file with mode 0600', async () => {
  const file = await stat(join(dataDir, 'admin-key'));
  assert.is(file.mode & 0o777, 0o600);
});

test('users create, keys create/list/revoke and accounts list work across invocations', async () => {
  const created = await bank('users', 'create', '--name', 'Ada', '--email', 'ada@example.test', '--team-name', 'Analytical');
  assert.is(created.code, 0, created.stderr);
  const { user, api_key } = JSON.parse(created.stdout).data;
  assert.match(api_key.key, /^fak_/);

  const second = await bank('keys', 'create', '--team', user.team_id, '--user-id', user.id, '--permissions', 'read');
  assert.is(second.code, 0, second.stderr);
  const key = JSON.parse(second.stdout).data;
  assert.equal(key.permissions, ['read']);

  const listed = JSON.parse((await bank('keys', 'list', '--team', user.team_id)).stdout);
  assert.equal(listed.data.map((k: any) => k.id).sort(), [api_key.id, key.id].sort());
  assert.not.match(JSON.stringify(listed), key.key);

  assert.is((await bank('keys', 'revoke', '--team', user.team_id, '--id', key.id)).code, 0);
  const accounts = JSON.parse((await bank('accounts', 'list', '--team', user.team_id)).stdout);
  assert.equal(accounts.data, []);
});

test('bad flags and unknown commands fail with a message and a non-zero exit', async () => {
  const bad = await bank('users', 'create', '--name', 'Bob', '--email', 'not-an-email');
  assert.is(bad.code, 2);
  assert.match(bad.stderr, 'email');
  const missing = await bank('accounts', 'list');
  assert.is(missing.code, 2);
  assert.match(missing.stderr, '--team');
  const unknown = await bank('launch', 'rockets');
  assert.is(unknown.code, 2);
  assert.match(unknown.stderr, "Unknown command 'launch rockets'");
});

test.run();

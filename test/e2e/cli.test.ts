import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { lockDataDir } from '../../adapters/pglite/data-dir-lock.js';

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
  return bankWith('core-banking', ...args);
}

async function bankWith(modules: string, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  // Only the modules the commands need: each invocation boots PGlite and migrates what is enabled.
  const env = { PATH: process.env.PATH, BANK_STORE: 'pglite', BANK_DATA_DIR: dataDir, BANK_MODULES: modules };
  try {
    const { stdout, stderr } = await run(process.execPath, ['--enable-source-maps', cli, ...args], { env });
    return { code: 0, stdout, stderr };
  } catch (error: any) {
    return { code: error.code, stdout: error.stdout, stderr: error.stderr };
  }
}

test('--help, command help and unknown commands answer without opening the store', async () => {
  const help = await bank('--help');
  assert.is(help.code, 0);
  for (const name of ['users create', 'keys create', 'keys list', 'keys revoke', 'accounts list', 'ledger audit']) assert.match(help.stdout, name);
  const one = await bank('keys', 'create', '--help');
  assert.match(one.stdout, /--user-id <text> +string, required/);
  assert.match((await bank('keys', 'list', '--help')).stdout, /--per-page <n> +integer 1–100, default 20/);
  const version = await bank('--version');
  assert.is(version.stdout, `${JSON.parse(await readFile(new URL('../../../package.json', import.meta.url), 'utf8')).version}\n`);
  const unknown = await bank('launch', 'rockets');
  assert.is(unknown.code, 2);
  assert.match(unknown.stderr, "Unknown command 'launch rockets'");
  assert.equal(await readdir(dataDir), [], 'no database, no operator, no key file');
  assert.not.match(help.stdout + help.stderr + one.stdout + one.stderr, 'fak_');
});

test('the first command creates the operator: its key goes to stderr and to admin-key (0600), stdout stays JSON', async () => {
  const created = await bank('users', 'create', '--name', 'Ada', '--email', 'ada@example.test', '--team-name', 'Analytical');
  assert.is(created.code, 0, created.stderr);
  const operatorKey = (await readFile(join(dataDir, 'admin-key'), 'utf8')).trim();
  assert.match(created.stderr, operatorKey);
  // Progress of the first migrations, as plain lines: stderr is a pipe here, not a terminal.
  assert.match(created.stderr, /^migrations: 1 identity 0001-identity\nmigrations: 2 core-banking 0001-core-banking\n/m);
  assert.not.match(created.stderr, '\r');
  assert.is((await stat(join(dataDir, 'admin-key'))).mode & 0o777, 0o600);
  assert.is(JSON.parse(created.stdout).data.user.name, 'Ada');
});

test('users create, keys create/list/revoke and accounts list work across invocations', async () => {
  const created = await bank('users', 'create', '--name', 'Grace', '--email', 'grace@example.test', '--team-name', 'Navy');
  assert.is(created.code, 0, created.stderr);
  assert.is(created.stderr, '', 'the operator key is announced once');
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
  // The same meta as GET /api/v2/accounts.
  assert.equal(accounts.meta, { current_page: 1, last_page: 1, per_page: 20, total: 0, from: null, to: null });
});

test('ledger audit checks the invariants over every team and prints the figures', async () => {
  const audit = await bank('ledger', 'audit');
  assert.is(audit.code, 0, audit.stderr);
  const report = JSON.parse(audit.stdout).data;
  assert.equal([report.ok, report.problems, report.totals], [true, [], []]);
  // The walk over the accounts reports on stderr, as a plain line here (a pipe, not a terminal): these teams have none yet.
  assert.match(audit.stderr, /^ledger audit: 0 accounts\n/m);
  assert.not.match(audit.stderr, '\r');
});

test('a data directory in use by another process is refused, naming its pid', async () => {
  const lock = lockDataDir(dataDir);
  try {
    const refused = await bank('keys', 'list', '--team', 'any');
    assert.is(refused.code, 1);
    assert.match(refused.stderr, `in use by process ${process.pid}`);
    assert.is(refused.stdout, '');
  } finally {
    lock.release();
  }
});

test('bad flags, misspelt or valueless flags and unknown commands fail with a message and exit 2', async () => {
  const bad = await bank('users', 'create', '--name', 'Bob', '--email', 'not-an-email');
  assert.is(bad.code, 2);
  assert.match(bad.stderr, 'email');
  const misspelt = await bank('keys', 'list', '--tema', 'any');
  assert.is(misspelt.code, 2);
  assert.match(misspelt.stderr, 'unknown option --tema (did you mean --team?)');
  const valueless = await bank('users', 'create', '--name');
  assert.is(valueless.code, 2);
  assert.match(valueless.stderr, '--name needs a value');
  const missing = await bank('accounts', 'list');
  assert.is(missing.code, 2);
  assert.match(missing.stderr, '--team');
});

test('events redrive hands a group\'s parked events back to it; a bad position is refused', async () => {
  const none = await bankWith('dashboard', 'events', 'redrive', '--group', 'dashboard.event-tally');
  assert.is(none.code, 0, none.stderr);
  assert.equal(JSON.parse(none.stdout).data, { group: 'dashboard.event-tally', handled: 0, failed: 0, results: [] });
  const bad = await bankWith('dashboard', 'events', 'redrive', '--group', 'dashboard.event-tally', '--position', 'one');
  assert.is(bad.code, 2);
  assert.match(bad.stderr, '--position');
});

test.run();

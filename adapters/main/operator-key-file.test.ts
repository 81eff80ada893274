import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { OperatorBootstrap } from '../../ports/operator-keys.js';
import type { StoreKind } from '../store.js';
import { announceOperatorKey } from './operator-key-file.js';

const KEY = 'fak_generated_0123456789abcdefghijklmnopq';
const created: OperatorBootstrap = { created: true, key: KEY, teamId: 'operator-team' };

let dataDir: string;
test.before.each(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'bank-admin-key-'));
});
test.after.each(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

function announce(store: StoreKind, bootstrap = created, preset = false): { path: string | undefined; printed: string } {
  let printed = '';
  const path = announceOperatorKey(bootstrap, { dataDir, store, preset, print: (text) => (printed += text) });
  return { path, printed };
}

test('PGlite: the key is printed and written to <dataDir>/admin-key, mode 0600', () => {
  const { path, printed } = announce('pglite');
  assert.is(path, join(dataDir, 'admin-key'));
  assert.is(readFileSync(path!, 'utf8'), `${KEY}\n`);
  assert.is(statSync(path!).mode & 0o777, 0o600);
  assert.match(printed, KEY);
  assert.match(printed, 'also saved to');
});

test('an existing key file is never replaced: the new key is printed with a warning instead', () => {
  const existing = join(dataDir, 'admin-key');
  writeFileSync(existing, 'fak_the_pglite_servers_key\n', { mode: 0o644 });
  const { path, printed } = announce('pglite');
  assert.is(path, undefined);
  assert.is(readFileSync(existing, 'utf8'), 'fak_the_pglite_servers_key\n');
  assert.is(statSync(existing).mode & 0o777, 0o644);
  assert.match(printed, KEY);
  assert.match(printed, `NOT saved: ${existing} already exists`);
});

test("PostgreSQL writes its own file, leaving the PGlite server's admin-key alone", () => {
  writeFileSync(join(dataDir, 'admin-key'), 'fak_the_pglite_servers_key\n');
  const { path } = announce('postgres');
  assert.is(path, join(dataDir, 'admin-key-postgres'));
  assert.is(readFileSync(path!, 'utf8'), `${KEY}\n`);
  assert.is(statSync(path!).mode & 0o777, 0o600);
  assert.is(readFileSync(join(dataDir, 'admin-key'), 'utf8'), 'fak_the_pglite_servers_key\n');
});

test('the memory store prints the key and writes no file', () => {
  const { path, printed } = announce('memory');
  assert.is(path, undefined);
  assert.match(printed, KEY);
  assert.equal(readdirSync(dataDir), []);
});

test('nothing is printed or written for an existing operator or a BANK_ADMIN_KEY', () => {
  assert.equal(announce('pglite', { created: false, teamId: 'operator-team' }), { path: undefined, printed: '' });
  assert.equal(announce('pglite', created, true), { path: undefined, printed: '' });
  assert.equal(readdirSync(dataDir), []);
});

test.run();

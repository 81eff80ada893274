import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { loadConfig } from './load.js';

const test = suite('config: the operator key from a secret file');
const KEY = 'fak_from_a_secret_file_0123456789abcdef';

test('BANK_ADMIN_KEY_FILE is read without its trailing newline; BANK_ADMIN_KEY wins over it', () => {
  const dir = mkdtempSync(join(tmpdir(), 'bank-secret-'));
  try {
    const file = join(dir, 'operator_key');
    writeFileSync(file, `${KEY}\n`);
    assert.is(loadConfig({ BANK_STORE: 'memory', BANK_ADMIN_KEY_FILE: file }).adminKey, KEY);
    const direct = 'fak_set_in_the_environment_0123456789abc';
    assert.is(loadConfig({ BANK_STORE: 'memory', BANK_ADMIN_KEY_FILE: file, BANK_ADMIN_KEY: direct }).adminKey, direct);
    assert.is(loadConfig({ BANK_STORE: 'memory' }).adminKey, undefined);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a missing secret file stops the start instead of generating another key', () => {
  assert.throws(() => loadConfig({ BANK_STORE: 'memory', BANK_ADMIN_KEY_FILE: join(tmpdir(), 'no-such-bank-secret') }), /ENOENT/);
});

test.run();

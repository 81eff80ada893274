import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { FileSecretStore, MemorySecretStore } from './file-secret-store.js';

const test = suite('file secret store');
let dir: string;
test.before.each(async () => {
  dir = await mkdtemp(join(tmpdir(), 'bank-secrets-'));
});
test.after.each(() => rm(dir, { recursive: true, force: true }));

const bytes = (fill: number) => new Uint8Array(32).fill(fill);

test('the first obtain creates the secret owner-only; later ones read it and never create again', async () => {
  const store = new FileSecretStore(join(dir, 'secrets'));
  assert.equal(await store.obtain('custody-seed', () => bytes(7)), bytes(7));
  assert.equal(await new FileSecretStore(join(dir, 'secrets')).obtain('custody-seed', () => assert.unreachable('created twice') as never), bytes(7));
  assert.is((await stat(join(dir, 'secrets', 'custody-seed'))).mode & 0o777, 0o600);
  assert.is((await stat(join(dir, 'secrets'))).mode & 0o077, 0, 'the directory is owner-only');
  assert.is(await readFile(join(dir, 'secrets', 'custody-seed'), 'utf8'), '07'.repeat(32) + '\n');
});

test('processes racing to create end up with one secret, the one published first', async () => {
  const stores = Array.from({ length: 6 }, () => new FileSecretStore(dir));
  const obtained = await Promise.all(stores.map((store, n) => store.obtain('custody-seed', () => bytes(n + 1))));
  for (const secret of obtained) assert.equal(secret, obtained[0]);
});

test('bad names and damaged files are refused, never replaced', async () => {
  const store = new FileSecretStore(dir);
  for (const name of ['../escape', 'UPPER', '', 'a/b', '.hidden']) await store.obtain(name, () => bytes(1)).then(() => assert.unreachable(name), (error: Error) => assert.match(error.message, /secret names/));
  await writeFile(join(dir, 'damaged'), 'not hex\n');
  await store.obtain('damaged', () => bytes(1)).then(() => assert.unreachable('read'), (error: Error) => assert.match(error.message, /not hex/));
  assert.is(await readFile(join(dir, 'damaged'), 'utf8'), 'not hex\n');
});

test('the memory store keeps a secret for the life of the process', async () => {
  const store = new MemorySecretStore();
  assert.equal(await store.obtain('custody-seed', () => bytes(3)), bytes(3));
  assert.equal(await store.obtain('custody-seed', () => bytes(4)), bytes(3));
});

test.run();

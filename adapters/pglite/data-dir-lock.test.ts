import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { BootError } from '../../kernel/boot/boot-error.js';
import { openStore } from '../open-store.js';
import { recordingLogger } from '../../test/adapters/quiet-logger.js';
import { LOCK_FILE, lockDataDir } from './data-dir-lock.js';

let dataDir: string;
test.before.each(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'bank-lock-'));
});
test.after.each(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

/** The pid of a process that has exited (and been reaped). */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', '']);
  return child.pid!;
}

function refusal(run: () => unknown): BootError {
  try {
    run();
  } catch (error) {
    if (error instanceof BootError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

test('the lock file holds our pid; a second lock is refused naming the holder; release frees it', () => {
  const lock = lockDataDir(dataDir);
  assert.is(readFileSync(join(dataDir, LOCK_FILE), 'utf8'), `${process.pid}\n`);
  const error = refusal(() => lockDataDir(dataDir));
  assert.match(error.message, `in use by process ${process.pid}`);
  assert.match(error.message, 'stop that process first');
  lock.release();
  lock.release();
  assert.not.ok(existsSync(join(dataDir, LOCK_FILE)));
  lockDataDir(dataDir).release();
  assert.equal(readdirSync(dataDir), [], 'no temporary files left');
});

test('a stale lock (its pid no longer runs) or an unreadable one is taken over', () => {
  for (const stale of [`${deadPid()}\n`, 'not a pid', '']) {
    writeFileSync(join(dataDir, LOCK_FILE), stale);
    const lock = lockDataDir(dataDir);
    assert.is(readFileSync(join(dataDir, LOCK_FILE), 'utf8'), `${process.pid}\n`, JSON.stringify(stale));
    lock.release();
    assert.equal(readdirSync(dataDir), []);
  }
});

test('release never removes a lock another process holds', () => {
  const lock = lockDataDir(dataDir);
  writeFileSync(join(dataDir, LOCK_FILE), '1\n');
  lock.release();
  assert.is(readFileSync(join(dataDir, LOCK_FILE), 'utf8'), '1\n');
});

test('PGlite: a second open of the same data directory is refused until the first closes', async () => {
  const options = { kind: 'pglite', dataDir, logger: recordingLogger() } as const;
  const first = await openStore(options);
  try {
    const error = await openStore(options).then(
      async (second) => {
        await second.close();
        throw new Error('the second open succeeded');
      },
      (failure: unknown) => failure as Error,
    );
    assert.instance(error, BootError);
    assert.match(error.message, `in use by process ${process.pid}`);
  } finally {
    await first.close();
  }
  assert.not.ok(existsSync(join(dataDir, LOCK_FILE)), 'closing releases the lock');
  const again = await openStore(options);
  await again.close();
});

test.run();

import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { BootError } from '../../kernel/boot/boot-error.js';
import { openStore } from '../open-store.js';
import { recordingLogger } from '../../test/adapters/quiet-logger.js';
import { LOCK_FILE, lockDataDir, startTimeOf } from './data-dir-lock.js';

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

/** What a lock file taken by this process holds: its pid and start time (the tests run on Linux). */
const ourLock = `${process.pid} ${startTimeOf(process.pid)}\n`;

test('the start time of a process is field 22 of /proc/<pid>/stat; none for a pid that does not run', () => {
  const field22 = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ')[19];
  assert.is(startTimeOf(process.pid), field22);
  assert.ok(/^\d+$/.test(field22!));
  assert.is(startTimeOf(deadPid()), undefined);
});

test('the lock file holds our pid and start time; a second lock is refused naming the holder; release frees it', () => {
  const lock = lockDataDir(dataDir);
  assert.is(readFileSync(join(dataDir, LOCK_FILE), 'utf8'), ourLock);
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
  const dead = deadPid();
  for (const stale of [`${dead}\n`, `${dead} 12345\n`, 'not a pid', '', `${process.ppid} not-a-time\n`]) {
    writeFileSync(join(dataDir, LOCK_FILE), stale);
    const lock = lockDataDir(dataDir);
    assert.is(readFileSync(join(dataDir, LOCK_FILE), 'utf8'), ourLock, JSON.stringify(stale));
    lock.release();
    assert.equal(readdirSync(dataDir), []);
  }
});

test('a lock naming our own pid that this process does not hold is stale (a crashed pid 1 in a container)', () => {
  for (const left of [`${process.pid}\n`, ourLock, `${process.pid} 1\n`]) {
    writeFileSync(join(dataDir, LOCK_FILE), left);
    const lock = lockDataDir(dataDir);
    assert.is(readFileSync(join(dataDir, LOCK_FILE), 'utf8'), ourLock, JSON.stringify(left));
    lock.release();
  }
});

test('a running pid holds the lock only if it started at the recorded time (else the pid was reused)', () => {
  const parent = process.ppid;
  const started = startTimeOf(parent);
  assert.ok(started, 'the parent runs');
  writeFileSync(join(dataDir, LOCK_FILE), `${parent} ${started}\n`);
  assert.match(refusal(() => lockDataDir(dataDir)).message, `in use by process ${parent}`);
  writeFileSync(join(dataDir, LOCK_FILE), `${parent}\n`);
  assert.match(refusal(() => lockDataDir(dataDir)).message, `in use by process ${parent}`, 'no start time recorded: the pid runs, so it holds');
  writeFileSync(join(dataDir, LOCK_FILE), `${parent} ${BigInt(started!) + 1n}\n`);
  const lock = lockDataDir(dataDir);
  assert.is(readFileSync(join(dataDir, LOCK_FILE), 'utf8'), ourLock);
  lock.release();
  assert.equal(readdirSync(dataDir), []);
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

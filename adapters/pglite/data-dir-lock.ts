import { linkSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BootError } from '../../kernel/boot/boot-error.js';

export const LOCK_FILE = 'bank.lock';

/** A held lock on a PGlite data directory; `release` is idempotent. */
export interface DataDirLock {
  readonly path: string;
  release(): void;
}

/**
 * Takes the data directory for this process. PGlite is one process's
 * database: a second process opening the same files gets its own copy in
 * memory and the two overwrite each other's writes, so it is refused.
 *
 * The lock is `<dataDir>/bank.lock` holding the owner's pid, created
 * atomically (written aside, then hard-linked into place, so it is never
 * seen empty). A lock whose pid no longer runs is stale (a crash) and is
 * taken over: moved aside by rename, so of two processes taking over at
 * once only one removes it, and a live lock moved by mistake is put back.
 */
export function lockDataDir(dataDir: string, pid = process.pid): DataDirLock {
  const path = join(dataDir, LOCK_FILE);
  const mine = `${path}.${pid}`;
  writeFileSync(mine, `${pid}\n`, { mode: 0o600 });
  try {
    // After a takeover a racing process may link first: the next round then finds its live lock and stops.
    for (let round = 0; !tryLink(mine, path); round += 1) {
      const holder = readPid(path);
      if (holder !== undefined && isRunning(holder)) throw lockedError(dataDir, path, holder);
      if (round === 3) throw new BootError(`Could not take the lock ${path}: it keeps reappearing without a running owner.`);
      takeOverStale(dataDir, path, holder, pid);
    }
  } finally {
    unlinkSync(mine);
  }
  let held = true;
  return {
    path,
    release() {
      if (!held) return;
      held = false;
      // Only our own lock: never remove one another process took after a takeover.
      if (readPid(path) === pid) unlinkSync(path);
    },
  };
}

/** Creates `path` as a second name of `from`: atomic, and fails (false) when `path` exists. */
function tryLink(from: string, path: string): boolean {
  try {
    linkSync(from, path);
    return true;
  } catch (error) {
    if (errorCode(error) === 'EEXIST') return false;
    throw error;
  }
}

function takeOverStale(dataDir: string, path: string, stalePid: number | undefined, pid: number): void {
  const aside = `${path}.stale-${pid}`;
  try {
    renameSync(path, aside);
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return; // another process removed it first
    throw error;
  }
  const moved = readPid(aside);
  if (moved !== stalePid && moved !== undefined && isRunning(moved)) {
    // Another process took the lock between our read and our rename: give it back.
    try {
      linkSync(aside, path);
    } finally {
      unlinkSync(aside);
    }
    throw lockedError(dataDir, path, moved);
  }
  unlinkSync(aside);
}

function lockedError(dataDir: string, path: string, holder: number): BootError {
  return new BootError(
    `The PGlite data directory ${dataDir} is in use by process ${holder} (lock file ${path}). ` +
      `PGlite is single-process: stop that process first (the server, or another 'npm run bank' command), ` +
      `or delete the lock file if no bank process has pid ${holder}.`,
  );
}

/** The pid in a lock file; undefined when it is missing or not a pid (treated as stale). */
function readPid(path: string): number | undefined {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return undefined;
    throw error;
  }
  const pid = Number(text.trim());
  return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
}

/** Signal 0 checks for existence only; EPERM means it runs under another user. */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return errorCode(error) === 'EPERM';
  }
}

function errorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | undefined)?.code;
}

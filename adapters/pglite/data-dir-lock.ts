import { linkSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { BootError } from '../../kernel/boot/boot-error.js';

export const LOCK_FILE = 'bank.lock';

/** A held lock on a PGlite data directory; `release` is idempotent. */
export interface DataDirLock {
  readonly path: string;
  release(): void;
}

/** Lock files held by this process (resolved paths): a lock naming our own pid is live only if it is one of these. */
const heldHere = new Set<string>();

/**
 * Takes the data directory for this process. PGlite is one process's
 * database: a second process opening the same files gets its own copy in
 * memory and the two overwrite each other's writes, so it is refused.
 *
 * The lock is `<dataDir>/bank.lock` holding the owner's pid and, on Linux,
 * its start time (the `/proc/<pid>/stat` field 22), created atomically
 * (written aside, then hard-linked into place, so it is never seen empty).
 * A lock is stale, and taken over, when its pid no longer runs, when the
 * process with that pid started at another time (the pid was reused), or
 * when the pid is our own and this process does not hold it: in a
 * container node is pid 1 at every start, so a crashed pid 1 leaves a lock
 * that names the next pid 1. Taking over moves the lock aside by rename, so
 * of two processes taking over at once only one removes it, and a live lock
 * moved by mistake is put back.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  const path = resolve(dataDir, LOCK_FILE);
  const self: Holder = { pid: process.pid, startTime: startTimeOf(process.pid) };
  const mine = `${path}.${self.pid}`;
  writeFileSync(mine, lockText(self), { mode: 0o600 });
  try {
    // After a takeover a racing process may link first: the next round then finds its live lock and stops.
    for (let round = 0; !tryLink(mine, path); round += 1) {
      const holder = readHolder(path);
      if (holder !== undefined && isLive(holder, path)) throw lockedError(dataDir, path, holder.pid);
      if (round === 3) throw new BootError(`Could not take the lock ${path}: it keeps reappearing without a running owner.`);
      takeOverStale(dataDir, path, holder);
    }
  } finally {
    unlinkSync(mine);
  }
  heldHere.add(path);
  return {
    path,
    release() {
      if (!heldHere.delete(path)) return;
      // Only our own lock: never remove one another process took after a takeover.
      if (readHolder(path)?.pid === self.pid) unlinkSync(path);
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

function takeOverStale(dataDir: string, path: string, stale: Holder | undefined): void {
  const aside = `${path}.stale-${process.pid}`;
  try {
    renameSync(path, aside);
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return; // another process removed it first
    throw error;
  }
  const moved = readHolder(aside);
  if (moved !== undefined && !sameHolder(moved, stale) && isLive(moved, path)) {
    // Another process took the lock between our read and our rename: give it back.
    try {
      linkSync(aside, path);
    } finally {
      unlinkSync(aside);
    }
    throw lockedError(dataDir, path, moved.pid);
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

/** What a lock file says about its owner. */
interface Holder {
  readonly pid: number;
  /** Where the platform tells it (Linux): the start time, which tells the holder from a later process given the same pid. */
  readonly startTime?: string;
}

function lockText(holder: Holder): string {
  return holder.startTime === undefined ? `${holder.pid}\n` : `${holder.pid} ${holder.startTime}\n`;
}

/** The holder named in a lock file; undefined when it is missing or unreadable (treated as stale). */
function readHolder(path: string): Holder | undefined {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return undefined;
    throw error;
  }
  const [pidText = '', startTime, ...rest] = text.trim().split(/\s+/);
  const pid = Number(pidText);
  if (!/^\d+$/.test(pidText) || !Number.isSafeInteger(pid) || pid <= 0 || rest.length > 0) return undefined;
  if (startTime === undefined) return { pid };
  return /^\d+$/.test(startTime) ? { pid, startTime } : undefined;
}

function sameHolder(a: Holder, b: Holder | undefined): boolean {
  return b !== undefined && a.pid === b.pid && a.startTime === b.startTime;
}

/**
 * Whether the lock at `path` is held by a running process. Our own pid
 * holds it only if this process took it; another pid with a recorded start
 * time only if the process now under that pid started then; without a
 * start time (another platform, or a lock from an older version), whether
 * the pid runs at all.
 */
function isLive(holder: Holder, path: string): boolean {
  if (holder.pid === process.pid) return heldHere.has(path);
  if (holder.startTime !== undefined) {
    const now = startTimeOf(holder.pid);
    if (now !== undefined) return now === holder.startTime;
    if (procAvailable()) return false; // Linux, and no such process
  }
  return isRunning(holder.pid);
}

/**
 * The start time of a process in clock ticks since boot: field 22 of
 * `/proc/<pid>/stat`, counted after the command name, which is in
 * parentheses and may itself hold spaces and parentheses. Undefined where
 * there is no /proc (not Linux) or no such process.
 */
export function startTimeOf(pid: number): string | undefined {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // Fields from 3 (state) on follow the last ')'; field 22 is the 20th of them.
  const field = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  return field !== undefined && /^\d+$/.test(field) ? field : undefined;
}

function procAvailable(): boolean {
  return startTimeOf(process.pid) !== undefined;
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

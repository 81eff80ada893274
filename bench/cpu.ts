import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import pg from 'pg';

/**
 * CPU time of the processes a bench involves, read from /proc as user +
 * system time. Throughput on a shared two-core VM moves by ±20 % from run to
 * run; the CPU a transfer costs moves far less, so the benches report it
 * beside the rates (issue 21's `cpu_ratio`).
 */

/** /proc's time unit (USER_HZ), in ticks per second. */
export const TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/** utime + stime of one process (all its threads), in ms; undefined once it has exited. */
export function processCpuMs(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the parenthesised command name, which may itself hold spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

/** processCpuMs of a process and every process below it (a BANK_WORKERS primary and its workers), in ms. */
export function processTreeCpuMs(pid: number): number {
  let total = processCpuMs(pid) ?? 0;
  let children: string[] = [];
  try {
    children = readdirSync(`/proc/${pid}/task`).flatMap((tid) => readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').split(' ').filter(Boolean));
  } catch {
    // Exited meanwhile.
  }
  for (const child of children) total += processTreeCpuMs(Number(child));
  return total;
}

/** The CPU the bench process itself (the load generator) has used, in ms. */
export function ownCpuMs(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

/**
 * Samples the CPU of PostgreSQL's processes that work for one database: its
 * client backends and autovacuum workers, plus the shared WAL writer,
 * background writer and checkpointer (they flush what those backends
 * write). The monitoring connection goes to the `postgres` database so it is
 * not counted. A backend first seen after `start()` began during the window
 * and counts from zero; one that exits counts up to its last sample (at most
 * one interval of its CPU is missed). On a machine shared with other
 * databases' work, the shared writers also carry some of theirs.
 */
export class PostgresCpuSampler {
  readonly #first = new Map<number, number>();
  readonly #last = new Map<number, number>();
  readonly #monitor: pg.Client;
  #walAtStart: WalCount | undefined;
  #wal: WalCount = { records: 0, bytes: 0, fullPageImages: 0 };
  #timer: NodeJS.Timeout | undefined;
  #sampling: Promise<void> = Promise.resolve();

  constructor(
    databaseUrl: string,
    private readonly database: string,
    private readonly intervalMs = 100,
  ) {
    const admin = new URL(databaseUrl);
    admin.pathname = '/postgres';
    this.#monitor = new pg.Client({ connectionString: admin.toString() });
  }

  async start(): Promise<void> {
    await this.#monitor.connect();
    this.#walAtStart = await this.#walCount();
    await this.#sample(true);
    this.#timer = setInterval(() => {
      this.#sampling = this.#sampling.then(() => this.#sample(false)).catch(() => undefined);
    }, this.intervalMs);
  }

  /** Stops sampling and answers the CPU those processes used since `start()`, in ms. */
  async stop(): Promise<number> {
    clearInterval(this.#timer);
    await this.#sampling;
    await this.#sample(false);
    const wal = await this.#walCount();
    const start = this.#walAtStart!;
    this.#wal = { records: wal.records - start.records, bytes: wal.bytes - start.bytes, fullPageImages: wal.fullPageImages - start.fullPageImages };
    await this.#monitor.end();
    let total = 0;
    for (const [pid, last] of this.#last) total += last - (this.#first.get(pid) ?? 0);
    return total;
  }

  /** WAL written by the whole cluster between start() and stop(): a count that, unlike CPU, noise does not move. */
  get wal(): WalCount {
    return this.#wal;
  }

  async #walCount(): Promise<WalCount> {
    const { rows } = await this.#monitor.query<{ records: string; bytes: string; fpi: string }>(
      'select wal_records::text as records, wal_bytes::text as bytes, wal_fpi::text as fpi from pg_stat_wal',
    );
    return { records: Number(rows[0]!.records), bytes: Number(rows[0]!.bytes), fullPageImages: Number(rows[0]!.fpi) };
  }

  async #sample(initial: boolean): Promise<void> {
    const { rows } = await this.#monitor.query<{ pid: number }>(
      `select pid from pg_stat_activity
        where (datname = $1 and backend_type in ('client backend', 'autovacuum worker'))
           or backend_type in ('walwriter', 'background writer', 'checkpointer')`,
      [this.database],
    );
    for (const { pid } of rows) {
      const cpu = processCpuMs(pid);
      if (cpu === undefined) continue;
      if (initial) this.#first.set(pid, cpu);
      this.#last.set(pid, cpu);
    }
  }
}

/** WAL records, bytes and full-page images (pg_stat_wal, PostgreSQL 14+: cluster-wide, so other databases' writes count too). */
export interface WalCount {
  readonly records: number;
  readonly bytes: number;
  /** Whole pages logged because a checkpoint passed since their last change: what random inserts across a btree multiply. */
  readonly fullPageImages: number;
}

/** The database name in a connection URL. */
export function databaseName(url: string): string {
  return decodeURIComponent(new URL(url).pathname.slice(1));
}

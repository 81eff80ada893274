import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { databaseName, PostgresCpuSampler, TICKS_PER_SECOND, type WalCount } from './cpu.js';

export interface PgbenchRun {
  readonly tps: number;
  readonly transactions: number;
  /** CPU of pgbench itself (its threads), in ms over the run. */
  readonly pgbenchCpuMs: number;
  /** CPU of PostgreSQL's processes working for the bench database, in ms over the run. */
  readonly postgresCpuMs: number;
  /** WAL the cluster wrote during the run. */
  readonly wal: WalCount;
}

/**
 * TPC-B-like run of pgbench (`-M prepared`, the given client count) on the
 * database, with the CPU it cost; undefined when pgbench is absent. pgbench
 * runs under a shell that prints its own /proc stat after pgbench exits:
 * the shell's reaped-children fields are pgbench's user and system time.
 */
export async function runPgbench(databaseUrl: string, seconds: number, clients: number): Promise<PgbenchRun | undefined> {
  if (spawnSync('pgbench', ['--version']).status !== 0) return undefined;
  execFileSync('pgbench', ['-i', '-s', '10', '-q', databaseUrl], { stdio: 'ignore' });
  const sampler = new PostgresCpuSampler(databaseUrl, databaseName(databaseUrl));
  await sampler.start();
  const args = ['-c', String(clients), '-j', '2', '-T', String(seconds), '-M', 'prepared', databaseUrl];
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn('sh', ['-c', 'pgbench "$@" && cat /proc/$$/stat', 'sh', ...args], { stdio: ['ignore', 'pipe', 'ignore'] });
    let text = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(`pgbench exited with ${code}`))));
  });
  const postgresCpuMs = await sampler.stop();
  const tps = Number(/tps = ([\d.]+)/.exec(output)?.[1]);
  const transactions = Number(/number of transactions actually processed: (\d+)/.exec(output)?.[1]);
  const stat = output.trim().split('\n').at(-1)!;
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const pgbenchCpuMs = ((Number(fields[13]) + Number(fields[14])) * 1000) / TICKS_PER_SECOND;
  if (!Number.isFinite(tps) || !Number.isFinite(transactions)) return undefined;
  return { tps, transactions, pgbenchCpuMs, postgresCpuMs, wal: sampler.wal };
}

import { execFileSync, spawnSync } from 'node:child_process';

/** tpcb-like TPS from pgbench on the given database, or undefined when pgbench is absent. */
export function runPgbench(databaseUrl: string, seconds: number, clients: number): number | undefined {
  if (spawnSync('pgbench', ['--version']).status !== 0) return undefined;
  execFileSync('pgbench', ['-i', '-s', '10', '-q', databaseUrl], { stdio: 'ignore' });
  const output = execFileSync('pgbench', ['-c', String(clients), '-j', '2', '-T', String(seconds), '-M', 'prepared', databaseUrl], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const match = /tps = ([\d.]+)/.exec(output);
  return match ? Number(match[1]) : undefined;
}

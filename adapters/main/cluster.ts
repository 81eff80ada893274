import cluster, { type Worker } from 'node:cluster';
import { availableParallelism } from 'node:os';
import { BootError } from '../../kernel/boot/boot-error.js';
import type { KernelConfig } from '../../config/schema.js';
import type { Logger } from '../../ports/logger.js';

/** A worker that dies this soon after starting is not restarted: it would only die again (bad config, port taken). */
const RESTART_AFTER_MS = 1_000;

/** The serving processes `workers` asks for; more than one only where processes share state through the store. */
export function workerCount(config: Pick<KernelConfig, 'workers' | 'store'>): number {
  const count = config.workers === 'auto' ? availableParallelism() : config.workers;
  if (count > 1 && config.store !== 'postgres') {
    throw new BootError(
      `workers (BANK_WORKERS) is ${config.workers}, but only the PostgreSQL store is shared between processes: the memory store lives in one process and PGlite's data directory allows one. Set BANK_WORKERS=1, or use PostgreSQL (DATABASE_URL).`,
    );
  }
  return count;
}

/**
 * The primary of `count` serving processes on one port (node:cluster hands
 * each new connection to the next worker). Workers start one after another:
 * the first migrates and installs the operator key alone, the others find
 * both done. A worker that dies later is replaced; SIGTERM/SIGINT are passed
 * on, each worker drains as a single process does, and the primary exits
 * when all have stopped. Resolves with the exit code.
 */
export function runPrimary(count: number, logger: Logger): Promise<number> {
  return new Promise((resolve) => {
    let stopping = false;
    const live = new Set<Worker>();
    const stopped = (code: number): void => {
      if (live.size === 0) resolve(code);
    };
    const fork = (): Promise<boolean> =>
      new Promise((listening) => {
        const started = Date.now();
        const worker = cluster.fork();
        live.add(worker);
        worker.once('listening', () => listening(true));
        worker.once('exit', (code, signal) => {
          live.delete(worker);
          listening(false);
          if (stopping) return stopped(0);
          logger.error('worker exited', { pid: worker.process.pid, code, signal });
          if (Date.now() - started < RESTART_AFTER_MS) {
            // It never came up (or died at once): stop everything rather than loop.
            shutdown('worker failed');
            return stopped(code ?? 1);
          }
          void fork();
        });
      });
    const shutdown = (reason: string): void => {
      if (stopping) return;
      stopping = true;
      logger.info('stopping workers', { reason, workers: live.size });
      for (const worker of live) worker.process.kill('SIGTERM');
    };
    process.on('SIGTERM', () => shutdown('SIGTERM'));
    process.on('SIGINT', () => shutdown('SIGINT'));
    void (async () => {
      for (let i = 0; i < count && !stopping; i++) if (!(await fork())) return;
      logger.info('workers listening', { workers: count });
    })();
  });
}

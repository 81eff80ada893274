#!/usr/bin/env -S node --enable-source-maps
import 'reflect-metadata';
import cluster from 'node:cluster';
import { loadConfig } from '../../config/load.js';
import { BootError } from '../../kernel/boot/boot-error.js';
import { OperatorKeys } from '../../ports/operator-keys.js';
import { createHttpApi } from '../http/http-api.js';
import { JsonLogger } from '../system/json-logger.js';
import { scrubText } from '../system/log-redaction.js';
import { httpDeps } from './http-deps.js';
import { listenError } from './listen-error.js';
import { runPrimary, workerCount } from './cluster.js';
import { announceOperatorKey } from './operator-key-file.js';
import { openService } from './service.js';

/** Set once the configuration is read; closed (pending lines written) before every exit, so the last lines are not lost. */
let logger: JsonLogger | undefined;

/**
 * `npm start`: boot on the configured store, serve HTTP, drain on SIGTERM/SIGINT.
 * With `workers` above 1 this process only supervises that many serving ones (cluster.ts).
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const log = (logger = new JsonLogger(config.logLevel));
  const workers = workerCount(config);
  if (workers > 1 && cluster.isPrimary) {
    log.debug('configuration', { config });
    const code = await runPrimary(workers, log);
    await log.close();
    process.exit(code);
  }
  if (cluster.isPrimary) log.debug('configuration', { config });
  const service = await openService({ config, env: process.env, logger: log });
  await service.kernel.start({ background: true });
  const bootstrap = await service.kernel.get(OperatorKeys).ensureOperator(config.adminKey);
  announceOperatorKey(bootstrap, {
    dataDir: config.dataDir,
    store: config.store,
    preset: config.adminKey !== undefined,
    print: (text) => process.stdout.write(text),
  });
  const http = createHttpApi(httpDeps(service.kernel, service.store));
  let port: number;
  try {
    ({ port } = await http.listen(config.port, config.host));
  } catch (error) {
    // Stop cleanly (workers, store, the PGlite lock) before refusing.
    await http.close();
    await service.close();
    throw listenError(error, config.port, config.host);
  }
  let stopping = false;
  const shutdown = async (signal: string): Promise<void> => {
    if (stopping) return;
    stopping = true;
    log.info('shutting down', { signal, delayMs: config.http.shutdownDelayMs });
    // Readiness fails first and the server keeps serving while the balancer notices, so no client meets a refused connection.
    http.beginShutdown();
    await new Promise((resolve) => setTimeout(resolve, config.http.shutdownDelayMs));
    await http.close();
    await service.close();
    log.info('stopped');
    await log.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  // Announced once a signal would be handled: a supervisor may stop the server as soon as it reads this line.
  log.info('listening', { port, store: service.store.kind, modules: service.kernel.plugins.map((p) => p.manifest.name), ...(cluster.isWorker ? { worker: cluster.worker!.id, pid: process.pid } : {}) });
}

main().catch(async (error: unknown) => {
  const message = error instanceof BootError || (error instanceof Error && error.message.startsWith('Invalid configuration'))
    ? error.message
    : (error as Error)?.stack ?? String(error);
  await logger?.close();
  process.stderr.write(`Cannot start: ${scrubText(message)}\n`);
  process.exit(1);
});

import 'reflect-metadata';
import { loadConfig } from '../../config/load.js';
import { OperatorKeys } from '../../ports/operator-keys.js';
import { runCommand } from '../cli/run-command.js';
import { JsonLogger } from '../system/json-logger.js';
import { announceOperatorKey } from './operator-key-file.js';
import { openService } from './service.js';

/**
 * `npm run bank -- <command>`: boots the kernel on the configured store
 * (no HTTP, no background workers) and runs one command as the operator.
 * With the embedded PGlite store, stop the server first: PGlite is single-process.
 */
async function main(): Promise<number> {
  const config = loadConfig();
  const service = await openService({ config, logger: new JsonLogger('warn') });
  try {
    await service.kernel.start();
    const bootstrap = await service.kernel.get(OperatorKeys).ensureOperator(config.adminKey);
    announceOperatorKey(bootstrap, config.dataDir, config.adminKey !== undefined);
    const outcome = await runCommand(service.kernel, process.argv.slice(2), bootstrap.teamId);
    process.stdout.write(outcome.stdout);
    process.stderr.write(outcome.stderr);
    return outcome.exitCode;
  } finally {
    await service.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);

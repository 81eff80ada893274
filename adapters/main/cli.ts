#!/usr/bin/env -S node --enable-source-maps
import 'reflect-metadata';
import { loadConfig } from '../../config/load.js';
import { selectPlugins } from '../../kernel/boot/select-plugins.js';
import { alwaysEnabledPlugins, builtinPlugins } from '../../plugins/index.js';
import { OperatorKeys } from '../../ports/operator-keys.js';
import { Progress } from '../../ports/progress.js';
import { planCommand, runCommand, type CliOutcome } from '../cli/run-command.js';
import { TerminalProgress } from '../cli/terminal-progress.js';
import { JsonLogger } from '../system/json-logger.js';
import { announceOperatorKey } from './operator-key-file.js';
import { openService } from './service.js';

/**
 * `npm run bank -- <command>`: boots the kernel on the configured store
 * (no HTTP, no background workers) and runs one command as the operator.
 * Help and unknown commands are answered from the enabled plugins' command
 * declarations alone, without opening the store (or creating the operator).
 * With the embedded PGlite store, stop the server first: PGlite is single-process
 * (the data directory lock refuses a second process, naming the one holding it).
 */
/** Store warnings only; closed (pending lines written) before the process exits. */
const logger = new JsonLogger('warn');

async function main(): Promise<number> {
  const config = loadConfig();
  const argv = process.argv.slice(2);
  const manifests = await selectPlugins({
    builtins: builtinPlugins,
    modules: config.modules,
    alwaysEnabled: alwaysEnabledPlugins,
    packages: config.plugins,
    manifests: [],
  });
  const plan = planCommand(
    manifests.flatMap((manifest) => manifest.commands ?? []),
    argv,
  );
  if (plan.kind === 'answer') return print(plan.outcome);

  // Progress of long work on stderr: stdout stays the command's JSON.
  const service = await openService({ config, env: process.env, logger, overrides: [[Progress, new TerminalProgress(process.stderr)]] });
  try {
    await service.kernel.start();
    const bootstrap = await service.kernel.get(OperatorKeys).ensureOperator(config.adminKey);
    announceOperatorKey(bootstrap, {
      dataDir: config.dataDir,
      store: config.store,
      preset: config.adminKey !== undefined,
      print: (text) => process.stderr.write(text),
    });
    return print(await runCommand(service.kernel, argv, bootstrap.teamId));
  } finally {
    await service.close();
  }
}

function print(outcome: CliOutcome): number {
  process.stdout.write(outcome.stdout);
  process.stderr.write(outcome.stderr);
  return outcome.exitCode;
}

main().then(
  async (code) => {
    await logger.close();
    process.exit(code);
  },
  async (error: unknown) => {
    await logger.close();
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);

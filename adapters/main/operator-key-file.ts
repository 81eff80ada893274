import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { OperatorBootstrap } from '../../ports/operator-keys.js';

/**
 * On the first start with a generated operator key, write it to
 * `<dataDir>/admin-key` (mode 0600) and print it once. A preset key
 * (BANK_ADMIN_KEY) is never echoed.
 */
export function announceOperatorKey(bootstrap: OperatorBootstrap, dataDir: string, preset: boolean): string | undefined {
  if (!bootstrap.created || !bootstrap.key || preset) return undefined;
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, 'admin-key');
  writeFileSync(path, bootstrap.key + '\n', { mode: 0o600 });
  process.stdout.write(`Operator API key (shown once, also saved to ${path}):\n${bootstrap.key}\n`);
  return path;
}

import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

/**
 * Runs in a child process: opens a data directory, closes it, opens it
 * again (PostgreSQL then recovers it) and closes it, and prints what still
 * keeps the event loop alive. The child exits explicitly, so a leak shows
 * as a failed assertion rather than a hung test run.
 */
const script = (openStoreUrl: string, dataDir: string) => `
  const { openStore } = await import(${JSON.stringify(openStoreUrl)});
  const logger = { debug() {}, info() {}, warn() {}, error() {} };
  const options = { kind: 'pglite', dataDir: ${JSON.stringify(dataDir)}, logger };
  for (let round = 0; round < 2; round += 1) {
    const store = await openStore(options);
    await store.close();
  }
  console.log(JSON.stringify(process.getActiveResourcesInfo()));
  process.exit(0);
`;

test('a closed PGlite store leaves no timer behind, also after reopening its data directory', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'bank-pglite-'));
  try {
    const openStoreUrl = new URL('../open-store.js', import.meta.url).href;
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', script(openStoreUrl, dataDir)], { encoding: 'utf8' });
    assert.is(child.status, 0, child.stderr);
    const resources = JSON.parse(child.stdout.trim().split('\n').pop()!) as string[];
    assert.not.ok(resources.includes('Timeout'), `still alive: ${resources.join(', ')}`);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test.run();

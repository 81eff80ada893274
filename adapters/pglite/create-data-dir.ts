import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Creates a PGlite data directory (initdb) in a short-lived child process
 * when `dataDir` holds none yet. In this process, PGlite's initdb leaves
 * about 600 MB resident for good (a second WebAssembly PostgreSQL runs
 * initdb, its memory grown by the bootstrap, and the whole directory is
 * copied over as a tar): a first start peaked near 950 MB where a start on
 * an existing directory peaks under 200 MB. The child exits when the
 * directory is written, taking that memory with it (docs/decisions.md).
 * The caller holds the directory's lock meanwhile.
 */
export async function createDataDirIfMissing(dataDir: string): Promise<void> {
  if (existsSync(join(dataDir, 'PG_VERSION'))) return;
  const script = fileURLToPath(new URL('./create-data-dir-child.js', import.meta.url));
  const child = spawn(process.execPath, [script, dataDir], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? -1 : null)));
  });
  if (code !== 0) throw new Error(`creating the PGlite data directory ${dataDir} failed (exit ${code}): ${stderr.trim()}`);
}

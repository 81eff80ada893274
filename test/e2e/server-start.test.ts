import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import { fileURLToPath } from 'node:url';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';

/** `npm start` as an operator runs it: the compiled server in a child process. */
const server = fileURLToPath(new URL('../../adapters/main/server.js', import.meta.url));
const test = suite('server start');

function occupy(): Promise<{ blocker: Server; port: number }> {
  return new Promise((resolve, reject) => {
    const blocker = createServer();
    blocker.once('error', reject);
    blocker.listen(0, '127.0.0.1', () => resolve({ blocker, port: (blocker.address() as { port: number }).port }));
  });
}

function start(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--enable-source-maps', server], { env: { PATH: process.env.PATH, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

test('a port in use is one clear line naming the port and PORT, no stack trace, exit 1', async () => {
  const { blocker, port } = await occupy();
  try {
    const started = await start({ BANK_STORE: 'memory', BANK_MODULES: 'identity', BANK_LOG_LEVEL: 'silent', HOST: '127.0.0.1', PORT: String(port) });
    assert.is(started.code, 1);
    assert.is(
      started.stderr,
      `Cannot start: Port ${port} is already in use (127.0.0.1:${port}): stop the process using it, or set PORT to a free port.\n`,
    );
  } finally {
    await new Promise((resolve) => blocker.close(resolve));
  }
});

test.run();

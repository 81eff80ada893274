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

test('a failed start writes out the log before exiting; the configuration dump at debug hides the operator key', async () => {
  const { blocker, port } = await occupy();
  const adminKey = 'fak_operator_0123456789abcdefghijklmnop';
  try {
    const started = await start({ BANK_STORE: 'memory', BANK_MODULES: 'identity', BANK_LOG_LEVEL: 'debug', BANK_ADMIN_KEY: adminKey, HOST: '127.0.0.1', PORT: String(port) });
    assert.is(started.code, 1);
    const lines = started.stderr.trimEnd().split('\n');
    assert.match(lines.at(-1)!, /^Cannot start: Port \d+ is already in use/);
    const logged = lines.slice(0, -1).map((line) => JSON.parse(line));
    const dump = logged.find((line) => line.message === 'configuration');
    assert.ok(dump, 'the debug configuration line is written before the process exits');
    assert.is(dump.config.adminKey, '[redacted]');
    assert.not.ok(started.stderr.includes(adminKey));
  } finally {
    await new Promise((resolve) => blocker.close(resolve));
  }
});

test('SIGTERM: the server drains and its last line, "stopped", is written before it exits', async () => {
  const child = spawn(process.execPath, ['--enable-source-maps', server], {
    env: { PATH: process.env.PATH, BANK_STORE: 'memory', BANK_MODULES: 'identity', HOST: '127.0.0.1', PORT: '0' },
  });
  let stderr = '';
  const closed = new Promise<number | null>((resolve) => child.on('close', resolve));
  child.stderr.on('data', (chunk: Buffer) => {
    const before = stderr;
    stderr += chunk.toString();
    if (!before.includes('"listening"') && stderr.includes('"listening"')) child.kill('SIGTERM');
  });
  assert.is(await closed, 0);
  const messages = stderr.trimEnd().split('\n').map((line) => JSON.parse(line).message);
  assert.equal(messages.slice(-3), ['listening', 'shutting down', 'stopped']);
});

test.run();

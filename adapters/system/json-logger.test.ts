import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { capturedLogger } from '../../test/adapters/captured-log.js';
import { JsonLogger } from './json-logger.js';
import { withLogFields, withoutLogFields } from './log-scope.js';

const test = suite('json logger (pino)');
const KEY = 'fak_live_0123456789abcdefghijklmnopqrstuv';
const WEBHOOK_SECRET = 'whsec_c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0';

test('a line is one JSON object: time, level name, message, fields', () => {
  const { logger, lines } = capturedLogger('info');
  logger.info('listening', { port: 8080 });
  assert.equal(Object.keys(lines[0]!), ['level', 'time', 'port', 'message']);
  assert.is(lines[0]!.level, 'info');
  assert.is(lines[0]!.message, 'listening');
  assert.is(lines[0]!.port, 8080);
});

test('levels below the minimum are not written; debug is written at debug', () => {
  const atWarn = capturedLogger('warn');
  atWarn.logger.debug('d');
  atWarn.logger.info('i');
  atWarn.logger.warn('w');
  atWarn.logger.error('e');
  assert.equal(atWarn.lines.map((line) => line.message), ['w', 'e']);
  const atDebug = capturedLogger('debug');
  atDebug.logger.debug('d');
  assert.equal(atDebug.lines.map((line) => line.level), ['debug']);
  const silent = capturedLogger('silent');
  silent.logger.error('e');
  assert.is(silent.text(), '');
});

test('keys, authorization headers, webhook secrets, passwords and peppers never reach the output', () => {
  const { logger, lines, text } = capturedLogger();
  logger.warn(`refused key ${KEY}`, {
    headers: { authorization: `Bearer ${KEY}`, 'x-request-id': 'r-1' },
    config: { adminKey: KEY, databaseUrl: 'postgres://bank:hunter2@db:5432/bank', store: 'postgres', keyPepper: 'pepper!' },
    webhook: { id: 'wh-1', secret: WEBHOOK_SECRET },
    input: { password: 'p4ss', note: `pasted ${KEY} and ${WEBHOOK_SECRET}` },
    apiKeyId: 'key-id-1',
  });
  const output = text();
  for (const secret of [KEY, 'fak_', WEBHOOK_SECRET, 'hunter2', 'pepper!', 'p4ss']) assert.not.ok(output.includes(secret), `${secret} leaked`);
  const line = lines[0]! as any;
  assert.is(line.message, 'refused key [redacted]');
  assert.is(line.headers.authorization, '[redacted]');
  assert.is(line.headers['x-request-id'], 'r-1');
  assert.is(line.config.adminKey, '[redacted]');
  assert.is(line.config.databaseUrl, 'postgres://bank:[redacted]@db:5432/bank');
  assert.is(line.config.store, 'postgres');
  assert.is(line.webhook.secret, '[redacted]');
  assert.is(line.webhook.id, 'wh-1');
  assert.is(line.input.note, 'pasted [redacted] and [redacted]');
  assert.is(line.apiKeyId, 'key-id-1', 'ids of keys are not secrets');
});

test('an error is serialised with its cause chain, and a key in its message is scrubbed', () => {
  const { logger, lines, text } = capturedLogger();
  const root = new TypeError(`bad key ${KEY}`);
  logger.error('boom', { error: new Error('could not authenticate', { cause: root }) });
  const error = (lines[0] as any).error;
  assert.is(error.type, 'Error');
  assert.is(error.message, 'could not authenticate');
  assert.type(error.stack, 'string');
  assert.is(error.cause.type, 'TypeError');
  assert.is(error.cause.message, 'bad key [redacted]');
  assert.not.ok(text().includes(KEY));
});

test('fields of the log scope (the request id) reach lines logged inside it, across awaits, and only there', async () => {
  const { logger, lines } = capturedLogger();
  await withLogFields({ requestId: 'req-1' }, async () => {
    await Promise.resolve();
    logger.info('inside', { amount: '1' });
  });
  logger.info('outside');
  withLogFields({ requestId: 'req-2' }, () => withoutLogFields(() => logger.info('shared by several requests')));
  assert.is(lines[0]!.requestId, 'req-1');
  assert.is(lines[0]!.amount, '1');
  assert.is(lines[1]!.requestId, undefined);
  assert.is(lines[2]!.requestId, undefined);
});

test('BigInts and cycles do not break a line', () => {
  const { logger, lines } = capturedLogger();
  const cyclic: Record<string, unknown> = { minor: 10n };
  cyclic.self = cyclic;
  logger.info('odd', { cyclic });
  assert.equal((lines[0] as any).cyclic, { minor: '10', self: '[elided]' });
});

test('writes are asynchronous and buffered; close() writes out what is pending, in order, and takes no more lines', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'bank-log-'));
  try {
    const file = join(dir, 'log.jsonl');
    // minLength holds lines in memory, as a busy asynchronous destination does.
    const destination = pino.destination({ dest: file, sync: false, minLength: 4096 });
    await once(destination, 'ready');
    const logger = new JsonLogger('info', destination);
    logger.info('shutting down');
    logger.info('stopped');
    assert.is(readFileSync(file, 'utf8'), '', 'nothing written before close');
    await logger.close();
    logger.info('too late');
    const messages = readFileSync(file, 'utf8').trimEnd().split('\n').map((line) => JSON.parse(line).message);
    assert.equal(messages, ['shutting down', 'stopped']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test.run();

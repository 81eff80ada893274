import pg from 'pg';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { recordingLogger } from '../../test/adapters/quiet-logger.js';
import { guardClientErrors } from './client-errors.js';

test('a pool client losing its connection is logged, not thrown (the process lives on)', () => {
  const client = new pg.Client();
  assert.throws(() => client.emit('error', new Error('Connection terminated unexpectedly')), /Connection terminated/);
  const logger = recordingLogger();
  guardClientErrors(client, logger);
  client.emit('error', new Error('Connection terminated unexpectedly'));
  assert.equal(logger.entries.map((entry) => [entry.level, entry.message]), [['warn', 'postgres pool: client connection lost']]);
});

test.run();

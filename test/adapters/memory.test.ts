import * as assert from 'uvu/assert';
import { suite } from 'uvu';
import { memoryTx } from '../../adapters/memory/memory-tx.js';
import { openStore } from '../../adapters/open-store.js';
import { storeContracts } from '../contracts/store-contracts.js';
import { recordingLogger } from './quiet-logger.js';

storeContracts('memory', () => openStore({ kind: 'memory', logger: recordingLogger() }));

const memory = suite('memory store: undo log');

memory('undos run newest first on a throw, and a failing undo does not stop the others', async () => {
  const logger = recordingLogger();
  const store = await openStore({ kind: 'memory', logger });
  const order: string[] = [];
  await store.unitOfWork
    .run(async (tx) => {
      const mtx = memoryTx(tx);
      mtx.onRollback(() => order.push('first'));
      mtx.onRollback(() => {
        throw new Error('undo failed');
      });
      mtx.onRollback(() => order.push('third'));
      throw new Error('work failed');
    })
    .catch(() => undefined);
  assert.equal(order, ['third', 'first']);
  assert.is(logger.entries.filter((e) => e.level === 'error').length, 1);
  await store.close();
});

memory('undos are dropped on commit', async () => {
  const store = await openStore({ kind: 'memory', logger: recordingLogger() });
  let undone = false;
  await store.unitOfWork.run(async (tx) => memoryTx(tx).onRollback(() => (undone = true)));
  await store.unitOfWork.run(async () => {
    throw new Error('a later failure');
  }).catch(() => undefined);
  assert.is(undone, false);
  await store.close();
});

memory('a closed store refuses new units of work', async () => {
  const store = await openStore({ kind: 'memory', logger: recordingLogger() });
  await store.close();
  await store.unitOfWork.run(async () => undefined).then(
    () => assert.unreachable('ran after close'),
    (e: Error) => assert.match(e.message, /closed/),
  );
});

memory.run();

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as assert from 'uvu/assert';
import { suite } from 'uvu';
import { openStore } from '../../adapters/open-store.js';
import { storeContracts } from '../contracts/store-contracts.js';
import { recordingLogger } from './quiet-logger.js';
import { sharedStore } from './shared-store.js';
import { sqlClientDataSuite } from './sql-client-data.js';
import { sqlTypesSuite } from './sql-types.js';
import { sqlWorkflowPlanSuite } from './sql-workflow-plans.js';
import { writeBehindSuite } from './write-behind.js';

const logger = recordingLogger();
const shared = sharedStore(() => openStore({ kind: 'pglite', dataDir: 'memory://', logger }));
storeContracts('pglite', shared.open);
sqlTypesSuite('pglite', shared.open);
writeBehindSuite('pglite', shared.open);
sqlClientDataSuite('pglite', shared.open, logger);
sqlWorkflowPlanSuite('pglite', shared.open);
shared.closeAfterAll();

const onDisk = suite('pglite: data directory');

onDisk('creates a missing data directory and keeps committed data across a reopen', async () => {
  const parent = await mkdtemp(join(tmpdir(), 'bank-pglite-'));
  const dataDir = join(parent, 'nested', 'data');
  try {
    const first = await openStore({ kind: 'pglite', dataDir, logger: recordingLogger() });
    await first.init();
    await first.unitOfWork.run((tx) =>
      tx.append([{ type: 'kept.event', teamId: 't', aggregateType: 'a', aggregateId: '1', payload: { ok: true } }]),
    );
    await first.close();

    const second = await openStore({ kind: 'pglite', dataDir, logger: recordingLogger() });
    await second.init();
    const events = await second.eventStore.readAfter(0n, 10);
    assert.equal(
      events.map((e) => e.type),
      ['kept.event'],
    );
    await second.close();
  } finally {
    await rm(parent, { recursive: true, force: true });
  }
});

onDisk('refuses to open without a data directory', async () => {
  await openStore({ kind: 'pglite' }).then(
    () => assert.unreachable('opened without dataDir'),
    (e: Error) => assert.match(e.message, /dataDir/),
  );
});

onDisk.run();

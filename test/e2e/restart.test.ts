import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { EventStore } from '../../ports/event-store.js';
import { assertConservation } from '../fixtures/conservation.js';
import { bootTestKernel, type TestKernel } from '../fixtures/boot.js';

/**
 * A restart loses nothing acknowledged: on the embedded PGlite store with a
 * real data directory, a transfer created before the service stops is
 * settled by its persisted workflow after the service starts again, and
 * every acknowledged deposit, event and key survives.
 */
const test = suite('restart on PGlite');
let dataDir: string;

test.before(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'bank-restart-'));
});
test.after(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

/** Each start has its own seed: the store takes its event ids from the kernel's Ids, and a repeated sequence would collide. */
const boot = (seed: string): Promise<TestKernel> => bootTestKernel({ seed, store: 'pglite', modules: ['core-banking'], config: { dataDir } as any });

test('a pending transfer settles after a restart; balances, keys and events survive', async () => {
  const first = await boot('first');
  const ada = await first.createUser('Ada');
  const open = async (name: string) =>
    (await first.request('POST', '/api/v2/accounts', { key: ada.key, body: { name, type: 'personal' } })).body.data.uuid;
  const from = await open('From');
  const to = await open('To');
  await first.request('POST', `/api/v2/accounts/${from}/deposit`, { key: ada.key, body: { amount: '50.00', asset_code: 'USD' } });
  const created = await first.request('POST', '/api/v2/transfers', {
    key: ada.key,
    body: { from_account: from, to_account: to, amount: '20.00', asset_code: 'USD', workflow_enabled: true },
  });
  assert.is(created.status, 201);
  const headBefore = await first.get(EventStore).head();
  await first.close();

  const second = await boot('second');
  try {
    assert.is(await second.get(EventStore).head(), headBefore, 'every acknowledged event is still there');
    const pending = await second.request('GET', `/api/v2/transfers/${created.body.data.uuid}`, { key: ada.key });
    assert.is(pending.status, 200, 'the API key made before the restart still works');
    assert.is(pending.body.data.status, 'pending');
    second.clock.advance(60_000);
    await second.runWorkflows();
    const settled = await second.request('GET', `/api/v2/transfers/${created.body.data.uuid}`, { key: ada.key });
    assert.is(settled.body.data.status, 'completed');
    const balances = await second.request('GET', `/api/v2/accounts/${to}/balances`, { key: ada.key });
    assert.is(balances.body.data.balances[0].available_balance, '20.00');
    const types = (await second.get(EventStore).readAfter(headBefore, 100)).map((event) => event.type);
    assert.ok(types.includes('workflow.completed'), types.join(','));
    await assertConservation(second);
  } finally {
    await second.close();
  }
});

test.run();

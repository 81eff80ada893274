import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { assertConservation } from '../fixtures/conservation.js';
import { bootTestKernel, type TestKernel } from '../fixtures/boot.js';
import { basketMove, deposit, FUNDING, openAccount, tick } from './gcu-helpers.js';

/**
 * The GCU's state lives in the store: on PGlite with a real data directory,
 * recorded prices (so value history), the basket, proposals, the reserve and
 * the holdings behind voting power all survive a restart.
 */
const test = suite('gcu restart on PGlite');
let dataDir: string;

test.before(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'bank-gcu-restart-'));
});
test.after(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

/** Each start has its own seed: the store now takes its event ids from the kernel's Ids, and a repeated sequence would collide. */
const boot = (seed: string): Promise<TestKernel> =>
  bootTestKernel({
    seed,
    store: 'pglite',
    modules: ['identity', 'core-banking', 'gcu'],
    config: { dataDir, prices: { source: 'simulated', seed: 'restart', epoch: '2026-01-01T00:00:00Z' }, pluginConfig: { gcu: { tick_interval_ms: 0 } } } as any,
  });

test('history, basket, proposal, reserve and voting power survive a restart', async () => {
  const first = await boot('first');
  const ada = await first.createUser('Ada');
  const account = await openAccount(first, ada);
  await deposit(first, ada, account, FUNDING);
  assert.is((await basketMove(first, ada, account, 'compose', '1000.0000')).status, 200);
  first.clock.set('2026-01-26T00:00:00Z');
  await tick(first);
  const history = (await first.request('GET', '/api/v2/gcu/value-history?period=7d&interval=daily', { key: ada.key })).body.data;
  const proposals = (await first.request('GET', '/api/v2/gcu/voting/proposals?status=active', { key: ada.key })).body.data;
  assert.is(proposals.length, 1);
  await first.close();

  const second = await boot('second');
  try {
    second.clock.set('2026-01-26T00:00:00Z');
    const again = (await second.request('GET', '/api/v2/gcu/value-history?period=7d&interval=daily', { key: ada.key })).body.data;
    assert.equal(again, history, 'value history is read back from recorded prices');
    const detail = (await second.request('GET', `/api/v2/gcu/voting/proposals/${proposals[0].id}`, { key: ada.key })).body.data;
    assert.is(detail.quorum.eligible_supply, '1000.0000');
    const voted = await second.request('POST', `/api/v2/gcu/voting/proposals/${proposals[0].id}/vote`, { key: ada.key, body: { vote: 'for' } });
    assert.is(voted.body.data.voting_power, '1000.0000');
    assert.is((await basketMove(second, ada, account, 'decompose', '1000.0000')).status, 200, 'the reserve record survived');
    await assertConservation(second);
  } finally {
    await second.close();
  }
});

test.run();

import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { assertConservation } from '../fixtures/conservation.js';
import { bootTestKernel, type TestKernel, type TestUser } from '../fixtures/boot.js';
import { balances, basketMove, deposit, FUNDING, openAccount, tick } from './gcu-helpers.js';

/**
 * Three months unattended, one tick a day: every month gets its automatic
 * proposal, voting opens and closes, the basket rebalances on the first
 * (undoing drift) and the holder's reserve follows; a rebalance forced
 * through the operator endpoint works in between; units stay redeemable.
 */
const test = suite('gcu three months e2e');
let k: TestKernel;
let ada: TestUser;
let account: string;

test.before(async () => {
  k = await bootTestKernel({
    modules: ['identity', 'core-banking', 'gcu'],
    config: { prices: { source: 'simulated', seed: 'months', epoch: '2026-01-01T00:00:00Z' }, pluginConfig: { gcu: { tick_interval_ms: 0 } } } as any,
  });
  ada = await k.createUser('Ada');
  account = await openAccount(k, ada);
  await deposit(k, ada, account, FUNDING);
  assert.is((await basketMove(k, ada, account, 'compose', '1000.0000')).status, 200);
});
test.after(async () => {
  await k?.close();
});

test('daily ticks from January to April', async () => {
  const rebalances: string[] = [];
  for (let day = 1; day <= 90; day++) {
    k.clock.set(new Date(Date.UTC(2026, 0, 1) + day * 86_400_000));
    const report = await tick(k);
    if (report.rebalanced_to_version) rebalances.push(report.at.slice(0, 10));
  }
  assert.equal(rebalances, ['2026-02-01', '2026-03-01', '2026-04-01']);
  const proposals = (await k.request('GET', '/api/v2/gcu/voting/proposals', { key: ada.key })).body.data;
  // April 1: May's proposal is announced only on April 20.
  assert.equal(proposals.map((p: any) => p.period), ['2026-04', '2026-03', '2026-02']);
  assert.ok(proposals.filter((p: any) => p.status === 'past').every((p: any) => p.outcome === 'no_quorum'));

  const forced = await k.request('POST', '/api/v2/admin/gcu/rebalance', { key: k.operatorKey });
  assert.is(forced.status, 200, JSON.stringify(forced.body));
  assert.is(forced.body.data.rebalanced_to_version, 5);
  assert.is((await k.request('POST', '/api/v2/admin/gcu/rebalance', { key: ada.key })).status, 403);
  await assertConservation(k);

  const out = await basketMove(k, ada, account, 'decompose', '1000.0000');
  assert.is(out.status, 200, JSON.stringify(out.body));
  assert.is((await balances(k, ada, account)).GCU, '0.0000');
  await assertConservation(k);
});

test.run();

import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { EventStore } from '../../ports/event-store.js';
import { assertConservation } from '../fixtures/conservation.js';
import { bootTestKernel, type TestKernel, type TestUser } from '../fixtures/boot.js';
import { balances, basketMove, codes, deposit, FUNDING, openAccount, tick } from './gcu-helpers.js';

/**
 * A whole month of GCU governance on a manual clock: the automatic proposal
 * is announced, an operator tables an alternative, it becomes active, teams
 * vote with their GCU at the snapshot, one changes its vote, GCU moved after
 * the snapshot votes nowhere, voting closes with tally, quorum and outcome,
 * the rebalancing applies the winner and the composition shows it; reserves
 * follow and conservation holds throughout.
 */
const test = suite('gcu governance e2e (one month)');
let k: TestKernel;
const users: Record<string, TestUser> = {};
const accounts: Record<string, string> = {};

const ALT = { USD: '0.35', EUR: '0.30', GBP: '0.15', CHF: '0.10', JPY: '0.05', XAU: '0.05' };

test.before(async () => {
  k = await bootTestKernel({
    modules: ['identity', 'core-banking', 'gcu'],
    config: { prices: { source: 'simulated', seed: 'governance', epoch: '2025-12-01T00:00:00Z' }, pluginConfig: { gcu: { tick_interval_ms: 0 } } } as any,
  });
  for (const [name, units] of [['ada', '600.0000'], ['bob', '300.0000'], ['cy', '100.0000'], ['dee', null]] as const) {
    users[name] = await k.createUser(name);
    accounts[name] = await openAccount(k, users[name]!);
    await deposit(k, users[name]!, accounts[name]!, FUNDING);
    if (units) assert.is((await basketMove(k, users[name]!, accounts[name]!, 'compose', units)).status, 200);
  }
});
test.after(async () => {
  await k?.close();
});

const get = (path: string, user = users.ada!) => k.request('GET', `/api/v2${path}`, { key: user.key });
const vote = (id: string, user: TestUser, choice: string) => k.request('POST', `/api/v2/gcu/voting/proposals/${id}/vote`, { key: user.key, body: { vote: choice } });

test('a month: announce, activate, vote, close, rebalance, new composition', async () => {
  // Jan 1: genesis composition is the default basket.
  let composition = (await get('/gcu/composition')).body.data;
  assert.equal(
    Object.fromEntries(composition.composition.map((row: any) => [row.asset_code, row.weight_decimal])),
    { USD: '0.4', EUR: '0.3', GBP: '0.15', CHF: '0.1', JPY: '0.03', XAU: '0.02' },
  );
  assert.is(composition.rebalancing.next_rebalance, '2026-02-01T00:00:00.000Z');
  assert.is(composition.rebalancing.last_rebalanced, null);

  // The operator tables an alternative for the February window.
  const created = await k.request('POST', '/api/v2/admin/gcu/voting/proposals', {
    key: k.operatorKey,
    body: { title: 'More yen and gold', description: 'Raise JPY and XAU to 5 %', proposed_composition: ALT, voting_starts_at: '2026-01-25T00:00:00Z', voting_ends_at: '2026-02-01T00:00:00Z' },
  });
  assert.is(created.status, 201, JSON.stringify(created.body));
  const alt = created.body.data;
  assert.is(alt.status, 'upcoming');
  const param = await k.request('POST', '/api/v2/admin/gcu/voting/proposals', {
    key: k.operatorKey,
    body: { title: 'Two-thirds approval', kind: 'parameter', parameter: { name: 'approval_threshold', value: '0.66' }, voting_starts_at: '2026-01-25T00:00:00Z', voting_ends_at: '2026-02-01T00:00:00Z' },
  });
  assert.is(param.status, 201, JSON.stringify(param.body));
  const bad = await k.request('POST', '/api/v2/admin/gcu/voting/proposals', {
    key: k.operatorKey,
    body: { title: 'Broken', proposed_composition: { USD: '0.5', EUR: '0.4' }, voting_starts_at: '2026-01-25T00:00:00Z', voting_ends_at: '2026-02-01T00:00:00Z' },
  });
  assert.is(bad.status, 422);
  assert.is(bad.body.errors[0].code, 'weights_do_not_sum_to_one');
  assert.is(bad.body.errors[0].source.pointer, '/proposed_composition');
  assert.is((await k.request('POST', '/api/v2/admin/gcu/voting/proposals', { key: users.ada!.key, body: { title: 'x', voting_starts_at: '2026-01-25T00:00:00Z', voting_ends_at: '2026-02-01T00:00:00Z' } })).status, 403);

  // Jan 22: the tick announces the automatic proposal for 2026-02.
  k.clock.set('2026-01-22T00:00:00Z');
  const report = await tick(k);
  assert.ok(report.proposal_created, JSON.stringify(report));
  assert.ok(report.prices_recorded > 0);
  const upcoming = (await get('/gcu/voting/proposals?status=upcoming')).body.data;
  assert.is(upcoming.length, 3);
  const auto = upcoming.find((p: any) => p.period === '2026-02');
  assert.ok(auto);
  assert.equal((await get('/gcu/voting/proposals?status=active')).body.data, []);
  const early = await vote(alt.id, users.ada!, 'for');
  assert.is(early.status, 422);
  assert.equal(codes(early.body), ['proposal_not_active']);

  // Jan 26: voting is open; the snapshot (Jan 25 00:00) has ada 600, bob 300, cy 100.
  k.clock.set('2026-01-26T12:00:00Z');
  await tick(k);
  assert.is((await get('/gcu/voting/proposals?status=active')).body.data.length, 3);
  // GCU composed after the snapshot gives no power: dee composes now and cannot vote; ada's extra units do not count.
  assert.is((await basketMove(k, users.dee!, accounts.dee!, 'compose', '5000.0000')).status, 200);
  assert.is((await basketMove(k, users.ada!, accounts.ada!, 'compose', '50.0000')).status, 200);
  const none = await vote(alt.id, users.dee!, 'for');
  assert.is(none.status, 422);
  assert.equal(codes(none.body), ['no_voting_power']);

  const a = await vote(alt.id, users.ada!, 'for');
  assert.is(a.status, 200, JSON.stringify(a.body));
  assert.is(a.body.data.voting_power, '600.0000');
  assert.is((await vote(alt.id, users.bob!, 'against')).body.data.voting_power, '300.0000');
  assert.is((await vote(alt.id, users.cy!, 'abstain')).status, 200);
  // Bob changes his mind: the vote is replaced, not added.
  const changed = await vote(alt.id, users.bob!, 'for');
  assert.is(changed.body.data.replaced, 'against');
  const detail = (await get(`/gcu/voting/proposals/${alt.id}`)).body.data;
  assert.equal(detail.tallies, { for: '900.0000', against: '0.0000', abstain: '100.0000', total_votes_cast: '1000.0000', voters: 3 });
  assert.is(detail.quorum.eligible_supply, '1000.0000');
  assert.is(detail.quorum.required_votes, '100.0000');
  assert.is(detail.quorum.reached, true);
  assert.is(detail.outcome, 'pending');
  assert.is(detail.provisional_outcome, 'passed');
  // Ada alone carries the parameter proposal: 600 of 1000 is past the quorum, all of for + against says for.
  assert.is((await vote(param.body.data.id, users.ada!, 'for')).status, 200);
  // The automatic proposal gets cy's 100 of 1000: exactly the 10 % quorum, and passes with fewer votes for than the alternative.
  assert.is((await vote(auto.id, users.cy!, 'for')).status, 200);
  // Sending GCU away after voting changes nothing: power was fixed at the snapshot.
  assert.is((await basketMove(k, users.bob!, accounts.bob!, 'decompose', '300.0000')).status, 200);
  assert.is((await get(`/gcu/voting/proposals/${alt.id}`)).body.data.tallies.for, '900.0000');

  const mine = (await get('/gcu/voting/my-votes', users.bob!)).body.data;
  assert.is(mine.length, 1);
  assert.is(mine[0].vote, 'for');
  assert.is(mine[0].changes, 1);
  assert.equal((await get('/gcu/voting/my-votes', users.dee!)).body.data, []);

  // Feb 1 00:00: voting ends; the tick closes both proposals and rebalances to the winner.
  k.clock.set('2026-02-01T00:00:00Z');
  const late = await vote(alt.id, users.ada!, 'against');
  assert.is(late.status, 422);
  const rebalance = await tick(k);
  assert.is(rebalance.rebalanced_to_version, 2);
  assert.ok(rebalance.reserves_synced >= 3, JSON.stringify(rebalance));
  const past = (await get('/gcu/voting/proposals?status=past')).body.data;
  assert.is(past.length, 3);
  const closedAlt = past.find((p: any) => p.id === alt.id);
  assert.is(closedAlt.outcome, 'passed');
  assert.ok(closedAlt.applied_at);
  const closedAuto = past.find((p: any) => p.id === auto.id);
  assert.is(closedAuto.outcome, 'passed');
  assert.is(closedAuto.applied_at, null);
  const closedParam = past.find((p: any) => p.id === param.body.data.id);
  assert.is(closedParam.outcome, 'passed');
  assert.ok(closedParam.applied_at);
  assert.is((await get('/gcu')).body.data.governance.approval_threshold, 0.66);

  composition = (await get('/gcu/composition')).body.data;
  assert.equal(Object.fromEntries(composition.composition.map((row: any) => [row.asset_code, row.weight_decimal])), {
    USD: '0.35',
    EUR: '0.3',
    GBP: '0.15',
    CHF: '0.1',
    JPY: '0.05',
    XAU: '0.05',
  });
  // Right after the rebalancing the realised shares equal the new weights.
  for (const row of composition.composition) assert.ok(Math.abs(row.percentage_of_basket - row.weight * 100) < 0.01, JSON.stringify(row));
  assert.is(composition.rebalancing.last_rebalanced, '2026-02-01T00:00:00.000Z');
  assert.is(composition.rebalancing.next_rebalance, '2026-03-01T00:00:00.000Z');
  await assertConservation(k);

  // Every state change left its event.
  const events = await k.get(EventStore).readAfter(0n, 10_000);
  const count = (type: string) => events.filter((e) => e.type === type).length;
  assert.equal(
    ['basket.created', 'governance.proposal_created', 'governance.snapshot_taken', 'governance.vote_cast', 'governance.proposal_closed', 'basket.rebalanced', 'basket.composed', 'basket.decomposed', 'governance.parameter_changed'].map(count),
    [1, 3, 3, 6, 3, 1, 5, 1, 1],
  );
  assert.ok(count('basket.reserve_rebalanced') >= 3);
  const rebalanced = events.find((e) => e.type === 'basket.rebalanced')!;
  assert.is(rebalanced.payload.proposal_id, alt.id);

  // Everyone can still redeem every unit after the reserve traded to the new quantities.
  for (const name of ['ada', 'cy', 'dee']) {
    const held = (await balances(k, users[name]!, accounts[name]!)).GCU!;
    const out = await basketMove(k, users[name]!, accounts[name]!, 'decompose', held);
    assert.is(out.status, 200, `${name}: ${JSON.stringify(out.body)}`);
  }
  await assertConservation(k);
});

test('value history is computed from recorded hourly prices; bad period or interval is a 422', async () => {
  const hourly = (await get('/gcu/value-history?period=24h&interval=hourly')).body.data;
  assert.ok(hourly.points.length >= 24, String(hourly.points.length));
  const daily = (await get('/gcu/value-history?period=30d')).body.data;
  assert.is(daily.interval, 'daily');
  assert.ok(daily.points.length >= 30 && daily.points.length <= 32, String(daily.points.length));
  const again = (await get('/gcu/value-history?period=30d')).body.data;
  assert.equal(again, daily);
  const all = (await get('/gcu/value-history?period=all&interval=monthly')).body.data;
  assert.ok(all.points.length >= 2);
  for (const query of ['period=2d', 'interval=minutely', 'period=', 'period=30d&interval=yearly']) {
    const response = await get(`/gcu/value-history?${query}`);
    assert.is(response.status, 422, query);
    assert.ok(response.body.errors[0].source.parameter, JSON.stringify(response.body));
  }
  const composition = (await get('/gcu/composition')).body.data;
  for (const key of ['24h_change_usd', '24h_change_percent', '7d_change_usd', '7d_change_percent', '30d_change_usd', '30d_change_percent']) {
    assert.type(composition.performance[key], 'number', key);
  }
  assert.ok(composition.composition.some((row: any) => row['24h_change'] !== 0), 'simulated prices move');
  const badStatus = await get('/gcu/voting/proposals?status=open');
  assert.is(badStatus.status, 422);
});

test('baskets list and detail; unknown basket 404', async () => {
  const list = (await get('/baskets')).body.data;
  assert.is(list.length, 1);
  assert.is(list[0].code, 'GCU');
  const detail = await get('/baskets/GCU');
  assert.is(detail.status, 200);
  assert.is(detail.body.data.versions.length, 2);
  assert.is((await get('/baskets/NOPE')).status, 404);
  const info = (await get('/gcu')).body.data;
  assert.is(info.code, 'GCU');
  assert.is(info.version, 2);
  // ada 650, cy 100 and dee 5000 were decomposed in the first test; bob decomposed earlier.
  assert.is(info.statistics.total_supply, '0.0000');
  assert.type(info.statistics.holders_count, 'number');
});

test.run();

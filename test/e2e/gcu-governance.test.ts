import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { StoreKind } from '../../adapters/store.js';
import { EventStore } from '../../ports/event-store.js';
import { assertConservation } from '../fixtures/conservation.js';
import { bootTestKernel, type TestKernel, type TestUser } from '../fixtures/boot.js';
import { balances, basketMove, codes, deposit, FUNDING, openAccount, tick } from './gcu-helpers.js';

/**
 * A whole month of GCU governance on a manual clock, on the memory store,
 * PGlite and (with DATABASE_URL) PostgreSQL: the automatic proposal is
 * announced, an operator tables an alternative, it becomes active, teams vote
 * with their GCU as of the start (GCU composed after the start but before the
 * first tick counts for nothing), tallies stay hidden while voting is open,
 * one team changes its vote with a second key, voting closes with tally,
 * quorum and outcome, the rebalancing applies the winner and the composition
 * shows it; reserves follow and conservation holds throughout.
 */
const stores: StoreKind[] = process.env.DATABASE_URL ? ['memory', 'pglite', 'postgres'] : ['memory', 'pglite'];
for (const store of stores) {
  const test = suite(`gcu governance e2e (one month, ${store})`);
  let k: TestKernel;
  const users: Record<string, TestUser> = {};
  const accounts: Record<string, string> = {};

  const ALT = { USD: '0.35', EUR: '0.30', GBP: '0.15', CHF: '0.10', JPY: '0.05', XAU: '0.05' };

  test.before(async () => {
    k = await bootTestKernel({
      store,
      modules: ['identity', 'core-banking', 'gcu'],
      config: { prices: { source: 'simulated', seed: 'governance', epoch: '2025-12-01T00:00:00Z' }, pluginConfig: { gcu: { tick_interval_ms: 0 } } } as any,
    });
    for (const [name, units] of [['ada', '6000.0000'], ['bob', '3000.0000'], ['cy', '1000.0000'], ['dee', null]] as const) {
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
  const vote = (id: string, user: Pick<TestUser, 'key'>, choice: string) => k.request('POST', `/api/v2/gcu/voting/proposals/${id}/vote`, { key: user.key, body: { vote: choice } });
  const propose = (body: Record<string, unknown>) => k.request('POST', '/api/v2/admin/gcu/voting/proposals', { key: k.operatorKey, body });

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
    // Windows are bounded: at most 31 days long, opening at most 366 days ahead.
    const endless = await propose({ title: 'Forever', proposed_composition: ALT, voting_starts_at: '2026-01-25T00:00:00Z', voting_ends_at: '9999-12-31T00:00:00Z' });
    assert.is(endless.status, 422);
    assert.equal([endless.body.errors[0].code, endless.body.errors[0].source.pointer], ['invalid_window', '/voting_ends_at']);
    assert.match(endless.body.errors[0].detail, '31 days');
    assert.is((await propose({ title: 'Month', proposed_composition: ALT, voting_starts_at: '2026-01-25T00:00:00Z', voting_ends_at: '2026-02-25T00:00:00.001Z' })).status, 422);
    const far = await propose({ title: 'Next year', proposed_composition: ALT, voting_starts_at: '2027-01-02T00:00:00.001Z', voting_ends_at: '2027-01-09T00:00:00Z' });
    assert.equal([far.status, far.body.errors[0].source.pointer], [422, '/voting_starts_at']);
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

    // Jan 25 06:00: voting is open but no tick has run. GCU composed now is after the start:
    // dee gets no power and ada's extra units do not count, however late the snapshot is computed.
    k.clock.set('2026-01-25T06:00:00Z');
    assert.is((await basketMove(k, users.dee!, accounts.dee!, 'compose', '5000.0000')).status, 200);
    assert.is((await basketMove(k, users.ada!, accounts.ada!, 'compose', '1000.0000')).status, 200);
    const beforeTick = (await get(`/gcu/voting/proposals/${alt.id}`)).body.data;
    assert.equal([beforeTick.snapshot_at, beforeTick.snapshot_taken, beforeTick.quorum.eligible_supply], ['2026-01-25T00:00:00.000Z', false, null]);

    // Jan 26 12:00: the first tick since the start takes the snapshot as of Jan 25 00:00: ada 6000, bob 3000, cy 1000.
    k.clock.set('2026-01-26T12:00:00Z');
    await tick(k);
    assert.is((await get('/gcu/voting/proposals?status=active')).body.data.length, 3);
    const opened = (await get(`/gcu/voting/proposals/${alt.id}`)).body.data;
    assert.equal([opened.snapshot_at, opened.snapshot_taken, opened.quorum.eligible_supply], ['2026-01-25T00:00:00.000Z', true, '10000.0000']);
    const none = await vote(alt.id, users.dee!, 'for');
    assert.is(none.status, 422);
    assert.equal(codes(none.body), ['no_voting_power']);

    const a = await vote(alt.id, users.ada!, 'for');
    assert.is(a.status, 200, JSON.stringify(a.body));
    assert.equal([a.body.data.voting_power, a.body.data.snapshot_at], ['6000.0000', '2026-01-25T00:00:00.000Z']);
    // While voting is open no amount is shown, to voters or anyone: a running total would reveal each vote's power.
    assert.equal(a.body.data.tallies, { for: null, against: null, abstain: null, total_votes_cast: null, voters: 1 });
    assert.is((await vote(alt.id, users.bob!, 'against')).body.data.voting_power, '3000.0000');
    assert.is((await vote(alt.id, users.cy!, 'abstain')).status, 200);
    // Bob changes his mind with a second key: the team's vote is replaced, not added.
    const bobsSecondKey = await k.request('POST', '/api/v2/api-keys', { key: users.bob!.key, body: { name: 'second' } });
    assert.is(bobsSecondKey.status, 201, JSON.stringify(bobsSecondKey.body));
    const changed = await vote(alt.id, { key: bobsSecondKey.body.data.key }, 'for');
    assert.equal([changed.body.data.replaced, changed.body.data.voting_power], ['against', '3000.0000']);
    const detail = (await get(`/gcu/voting/proposals/${alt.id}`, users.dee!)).body.data;
    assert.is(detail.tallies_published, false);
    assert.equal(detail.tallies, { for: null, against: null, abstain: null, total_votes_cast: null, voters: 3 });
    assert.equal(
      [detail.quorum.eligible_supply, detail.quorum.required_votes, detail.quorum.reached, detail.participation_rate, detail.approval_rate],
      ['10000.0000', '1000.0000', null, null, null],
    );
    assert.equal([detail.outcome, detail.provisional_outcome, detail.approved_so_far], ['pending', null, null]);
    // Ada alone carries the parameter proposal: 6000 of 10000 is past the quorum, all of for + against says for.
    assert.is((await vote(param.body.data.id, users.ada!, 'for')).status, 200);
    // The automatic proposal gets cy's 1000 of 10000: exactly the 10 % quorum, and passes with fewer votes for than the alternative.
    assert.is((await vote(auto.id, users.cy!, 'for')).status, 200);
    // Sending GCU away after voting changes nothing: power was fixed at the snapshot.
    assert.is((await basketMove(k, users.bob!, accounts.bob!, 'decompose', '3000.0000')).status, 200);

    const mine = (await get('/gcu/voting/my-votes', users.bob!)).body.data;
    assert.is(mine.length, 1);
    assert.equal([mine[0].vote, mine[0].changes, mine[0].voted_by, mine[0].outcome], ['for', 1, users.bob!.userId, 'pending']);
    assert.equal((await get('/gcu/voting/my-votes', users.dee!)).body.data, []);

    // Feb 1 00:00: voting ends. Before any tick the final tally is published with its provisional outcome, in both views.
    k.clock.set('2026-02-01T00:00:00Z');
    const late = await vote(alt.id, users.ada!, 'against');
    assert.is(late.status, 422);
    const ended = (await get(`/gcu/voting/proposals/${alt.id}`)).body.data;
    assert.equal(ended.tallies, { for: '9000.0000', against: '0.0000', abstain: '1000.0000', total_votes_cast: '10000.0000', voters: 3 });
    assert.equal([ended.tallies_published, ended.quorum.reached, ended.participation_rate, ended.approval_rate], [true, true, 100, 100]);
    assert.equal([ended.status, ended.closed_at, ended.outcome, ended.provisional_outcome, ended.approved_so_far], ['past', null, 'passed', 'passed', true]);
    assert.is((await get('/gcu/voting/my-votes', users.bob!)).body.data[0].outcome, 'passed');

    // The tick closes the proposals and rebalances to the winner.
    const rebalance = await tick(k);
    assert.is(rebalance.rebalanced_to_version, 2);
    assert.ok(rebalance.reserves_synced >= 3, JSON.stringify(rebalance));
    const past = (await get('/gcu/voting/proposals?status=past')).body.data;
    assert.is(past.length, 3);
    const closedAlt = past.find((p: any) => p.id === alt.id);
    assert.equal([closedAlt.outcome, closedAlt.provisional_outcome, closedAlt.tallies.for], ['passed', null, '9000.0000']);
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
    // ada 7000, cy 1000 and dee 5000 were decomposed in the first test; bob decomposed earlier.
    assert.is(info.statistics.total_supply, '0.0000');
    assert.type(info.statistics.holders_count, 'number');
  });

  test.run();
}

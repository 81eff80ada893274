import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { assertConservation } from '../fixtures/conservation.js';
import { bootGraphql, data, gql, type GraphqlKernel } from './graphql-kit.js';
import { deposit, FUNDING, openAccount, tick } from './gcu-helpers.js';

/** The basket and governance GraphQL domains call the same operations as REST. */
const test = suite('gcu graphql e2e');
let g: GraphqlKernel;

test.before(async () => {
  g = await bootGraphql({
    modules: ['identity', 'core-banking', 'gcu'],
    config: { prices: { source: 'simulated', seed: 'graphql', epoch: '2025-12-25T00:00:00Z' }, pluginConfig: { gcu: { tick_interval_ms: 0 } } } as any,
  });
});
test.after(async () => {
  await g?.close();
});

test('composition, compose/decompose mutations, proposals and a vote', async () => {
  const ada = await g.createUser('Ada');
  // The helpers only use request (served here by the GraphQL kit) and get.
  const k = { request: g.request, get: g.k.get } as unknown as typeof g.k;
  const account = await openAccount(k, ada);
  await deposit(k, ada, account, FUNDING);

  const composition = await data(g, '{ gcuComposition { basket_code total_value_usd composition { asset_code weight_decimal change_24h current_price_usd current_price_usd_decimal } rebalancing { next_rebalance } performance { change_30d_percent } } }', undefined, ada.key);
  assert.is(composition.gcuComposition.basket_code, 'GCU');
  assert.equal(composition.gcuComposition.composition.map((c: any) => c.asset_code), ['USD', 'EUR', 'GBP', 'CHF', 'JPY', 'XAU']);
  for (const row of composition.gcuComposition.composition) {
    assert.is(Number(row.current_price_usd_decimal).toFixed(6), row.current_price_usd.toFixed(6), row.asset_code);
  }

  const composed = await data(g, 'mutation($input: BasketExchangeInput!) { composeBasket(input: $input) { basket_amount direction components { asset_code amount } value_usd rounding_cost_usd } }', { input: { account_id: account, basket_code: 'GCU', amount: '1000.0000' } }, ada.key);
  assert.is(composed.composeBasket.basket_amount, '1000.0000');
  assert.is(composed.composeBasket.components.length, 6);
  assert.ok(Number(composed.composeBasket.rounding_cost_usd) <= Number(composed.composeBasket.value_usd) * 0.005, JSON.stringify(composed));
  const short = await gql(g, 'mutation($input: BasketExchangeInput!) { decomposeBasket(input: $input) { basket_amount } }', { input: { account_id: account, basket_code: 'GCU', amount: '1001.0000' } }, ada.key);
  assert.ok(short.body.errors?.length, JSON.stringify(short.body));
  const tiny = await gql(g, 'mutation($input: BasketExchangeInput!) { composeBasket(input: $input) { basket_amount } }', { input: { account_id: account, basket_code: 'GCU', amount: '1.0000' } }, ada.key);
  assert.is(tiny.body.errors?.[0]?.extensions?.code, 'rounding_cost_too_high', JSON.stringify(tiny.body));

  // The GCU at a glance, as GET /gcu.
  const rest = (await g.request('GET', '/api/v2/gcu', { key: ada.key })).body.data;
  const { gcu } = await data(g, '{ gcu { code current_value_decimal version statistics { total_supply holders_count change_24h } governance { quorum active_proposals } exchange { max_rounding_cost minimum_compose minimum_decompose } composition { asset_code weight } } }', undefined, ada.key);
  assert.equal(gcu, {
    code: 'GCU',
    current_value_decimal: rest.current_value_decimal,
    version: 1,
    statistics: { total_supply: '1000.0000', holders_count: rest.statistics.holders_count, change_24h: rest.statistics['24h_change'] },
    governance: { quorum: 0.1, active_proposals: [] },
    exchange: rest.exchange,
    composition: rest.composition.map((row: any) => ({ asset_code: row.asset_code, weight: row.weight })),
  });

  g.k.clock.set('2026-01-26T00:00:00Z');
  await tick(g.k);
  const proposals = await data(g, '{ gcuProposals(status: "active") { id status period proposed_composition { asset_code weight } quorum { eligible_supply } } }', undefined, ada.key);
  assert.is(proposals.gcuProposals.length, 1);
  const proposal = proposals.gcuProposals[0];
  assert.is(proposal.period, '2026-02');
  assert.is(proposal.quorum.eligible_supply, '1000.0000');
  const voted = await data(g, 'mutation($id: ID!) { castGcuVote(proposal_id: $id, vote: "for") { voting_power tallies { for voters } } }', { id: proposal.id }, ada.key);
  assert.equal(voted.castGcuVote, { voting_power: '1000.0000', tallies: { for: null, voters: 1 } });
  const PROPOSAL = 'query($id: ID!) { gcuProposal(id: $id) { tallies_published tallies { for } outcome provisional_outcome approved_so_far participation_rate } }';
  assert.equal((await data(g, PROPOSAL, { id: proposal.id }, ada.key)).gcuProposal, {
    tallies_published: false,
    tallies: { for: null },
    outcome: 'pending',
    provisional_outcome: null,
    approved_so_far: null,
    participation_rate: null,
  });
  const mine = await data(g, '{ myGcuVotes { proposal_id vote } }', undefined, ada.key);
  assert.equal(mine.myGcuVotes, [{ proposal_id: proposal.id, vote: 'for' }]);
  assert.is((await data(g, '{ gcuProposal(id: "nope") { id } }', undefined, ada.key)).gcuProposal, null);
  const bad = await gql(g, '{ gcuValueHistory(period: "2d") { points { value } } }', undefined, ada.key);
  assert.ok(bad.body.errors?.length, JSON.stringify(bad.body));
  assert.match(JSON.stringify(bad.body.errors), /period must be one of/);
  const history = await data(g, '{ gcuValueHistory(period: "7d", interval: "daily") { points { timestamp value } } }', undefined, ada.key);
  assert.ok(history.gcuValueHistory.points.length >= 7);
  // Voting ended, not yet closed: the final tally and its provisional outcome are published.
  g.k.clock.set('2026-02-01T00:00:00Z');
  assert.equal((await data(g, PROPOSAL, { id: proposal.id }, ada.key)).gcuProposal, {
    tallies_published: true,
    tallies: { for: '1000.0000' },
    outcome: 'passed',
    provisional_outcome: 'passed',
    approved_so_far: true,
    participation_rate: 100,
  });
  await assertConservation(g.k);
});

test.run();

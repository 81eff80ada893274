import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { bootGraphql, data, gql, type GraphqlKernel } from './graphql-kit.js';
import type { TestUser } from '../fixtures/boot.js';

/**
 * The DeFi REST operations reached through the defi domain over real HTTP:
 * each GraphQL answer is the REST answer for the same object, field for field
 * (the types are derived from the same zod views), bad input is an error
 * that changes nothing, and the ledger audit balances afterwards.
 */
let g: GraphqlKernel;
let ada: TestUser;
let account: string;

const POSITION = 'position_id status pool_id dex chain account_id shares deposited { token amount } fees_earned { token amount } opened_at closed_at';
const YIELD = 'position_id program chain status token amount reward_token harvested_rewards opened_at closed_at';

test.before(async () => {
  g = await bootGraphql({ modules: ['core-banking', 'chains', 'defi'], now: '2026-03-01T00:00:00.000Z' });
  ada = await g.createUser('Ada Positions');
  account = (await g.request('POST', '/api/v2/accounts', { key: ada.key, body: { name: 'DeFi', type: 'personal' } })).body.data.uuid;
  for (const [amount, asset_code] of [['3', 'WETH'], ['20000', 'USDC']]) {
    const deposit = await g.request('POST', `/api/v2/accounts/${account}/deposit`, { key: ada.key, body: { amount, asset_code, chain: 'base' } });
    assert.is(deposit.status, 201, JSON.stringify(deposit.body));
  }
});
test.after(async () => {
  await g?.close();
});

/** The REST answer's data, narrowed to the keys GraphQL was asked for. */
function pick(rest: Record<string, unknown>, asked: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.keys(asked).map((key) => [key, rest[key]]));
}

test('liquidity: add, read, list and remove through GraphQL answer what REST answers', async () => {
  const added = (await data(g, `mutation($a: String) { addLiquidity(input: {pool_id: "base:uniswap_v3:USDC-WETH:500", token: "USDC", amount: "1000", account_id: $a}) { ${POSITION} } }`, { a: account }, ada.key)).addLiquidity;
  assert.is(added.status, 'open');
  const rest = (await g.request('GET', `/api/v2/defi/liquidity/${added.position_id}`, { key: ada.key })).body.data;
  const read = (await data(g, `query($id: ID!) { liquidityPosition(id: $id) { ${POSITION} } }`, { id: added.position_id }, ada.key)).liquidityPosition;
  assert.equal(read, pick(rest, read));
  const listed = (await data(g, '{ liquidityPositions { position_id } }', {}, ada.key)).liquidityPositions;
  assert.equal(listed, [{ position_id: added.position_id }]);
  const removed = (await data(g, 'mutation($id: ID!) { removeLiquidity(id: $id) { status closed_at } }', { id: added.position_id }, ada.key)).removeLiquidity;
  assert.is(removed.status, 'closed');
  assert.ok(removed.closed_at);
});

test('staking: stake, read, harvest and unstake through GraphQL; the portfolio lists what REST lists', async () => {
  const staked = (await data(g, `mutation($a: String) { stake(input: {program: "staking:WETH", chain: "base", amount: "1", account_id: $a}) { ${YIELD} } }`, { a: account }, ada.key)).stake;
  assert.equal([staked.status, staked.amount], ['open', '1.000000000000000000']);
  const rest = (await g.request('GET', `/api/v2/defi/staking/positions/${staked.position_id}`, { key: ada.key })).body.data;
  const read = (await data(g, `query($id: ID!) { yieldPosition(id: $id) { ${YIELD} } }`, { id: staked.position_id }, ada.key)).yieldPosition;
  assert.equal(read, pick(rest, read));
  assert.equal((await data(g, '{ yieldPositions { position_id } }', {}, ada.key)).yieldPositions, [{ position_id: staked.position_id }]);
  const portfolio = (await data(g, 'query($a: ID) { defiPortfolio(account_id: $a) { net_usd positions { position_id } } }', { a: account }, ada.key)).defiPortfolio;
  const restPortfolio = (await g.request('GET', `/api/v2/defi/portfolio?account_id=${account}`, { key: ada.key })).body.data;
  assert.equal(portfolio.positions.map((one: { position_id: string }) => one.position_id), restPortfolio.positions.map((one: { position_id: string }) => one.position_id));
  assert.is(portfolio.net_usd, restPortfolio.net_usd);
  await data(g, 'mutation($id: ID!) { harvestYield(id: $id) { position_id } }', { id: staked.position_id }, ada.key);
  assert.is((await data(g, 'mutation($id: ID!) { unstake(id: $id) { status } }', { id: staked.position_id }, ada.key)).unstake.status, 'closed');
});

test('a quote by query, executed from a deposit address, and a flash loan dry run, as REST does them', async () => {
  const quote = (await data(g, '{ swapQuoteFor(from: "USDC", to: "WETH", amount: "500", chain: "base") { quote_id chain amount_in } }', {}, ada.key)).swapQuoteFor;
  assert.equal([quote.chain, quote.amount_in], ['base', '500.000000']);
  const address = (await data(g, 'query($id: ID!) { depositAddresses(account_id: $id) { chain address } }', { id: account }, ada.key)).depositAddresses.find((one: { chain: string }) => one.chain === 'base').address;
  const swap = (await data(g, 'mutation($q: String!, $w: String!) { executeQuotedSwap(input: {quote_id: $q, wallet_address: $w, max_gas_price_gwei: 100, deadline_minutes: 20}) { swap_id status } }', { q: quote.quote_id, w: address }, ada.key)).executeQuotedSwap;
  const restSwap = (await g.request('GET', `/api/v1/defi/swap/${swap.swap_id}`, { key: ada.key })).body.data;
  assert.is(restSwap.swap_id, swap.swap_id);

  const body = { token: 'USDC', amount: '1000', chain: 'base', dry_run: true, account_id: account, operations: [{ type: 'swap', from: 'USDC', to: 'WETH', dex: 'uniswap_v3' }, { type: 'swap', from: 'WETH', to: 'USDC', dex: 'sushiswap' }] };
  const viaGraphql = (await data(g, 'mutation($input: FlashLoanInput!) { flashLoan(input: $input) { status amount premium reason } }', { input: body }, ada.key)).flashLoan;
  const viaRest = (await g.request('POST', '/api/v2/defi/flash-loan', { key: ada.key, body })).body.data;
  assert.equal(viaGraphql, pick(viaRest, viaGraphql));
});

test('bad input is an error with a code and changes nothing; the ledger balances', async () => {
  const before = (await g.request('GET', `/api/v2/accounts/${account}/balances`, { key: ada.key })).body.data;
  const empty = await gql(g, 'mutation($a: String) { flashLoan(input: {token: "USDC", amount: "1", account_id: $a, operations: []}) { status } }', { a: account }, ada.key);
  assert.is(empty.body.errors[0].extensions.code, 'validation_failed', JSON.stringify(empty.body));
  const unknownPool = await gql(g, 'mutation($a: String) { addLiquidity(input: {pool_id: "base:uniswap_v3:USDC-DOGE:500", token: "USDC", amount: "1", account_id: $a}) { position_id } }', { a: account }, ada.key);
  assert.ok(unknownPool.body.errors?.length, JSON.stringify(unknownPool.body));
  assert.equal((await g.request('GET', `/api/v2/accounts/${account}/balances`, { key: ada.key })).body.data, before);
  const audit = (await g.request('GET', '/api/v2/admin/ledger/audit', { key: g.k.operatorKey })).body.data;
  assert.is(audit.ok, true, JSON.stringify(audit.problems));
});

test.run();

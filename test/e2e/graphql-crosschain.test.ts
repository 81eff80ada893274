import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { WorkflowEngine } from '../../kernel/public.js';
import type { TestUser } from '../fixtures/boot.js';
import { bootGraphql, data, gql, subscribe, wsClient, type GraphqlKernel } from './graphql-kit.js';

/**
 * The crosschain domain over real HTTP and WebSocket: the REST operations
 * through GraphQL (same answers, same refusals), and bridgeTransferCompleted
 * live from the event backbone, for the caller's team only; another team's
 * transfer is not_found.
 */
let g: GraphqlKernel;
let ada: TestUser;
let bob: TestUser;
let account: string;
let bobsAccount: string;

test.before(async () => {
  g = await bootGraphql({ modules: ['core-banking', 'chains', 'defi', 'crosschain'], now: '2026-03-01T00:00:00.000Z' });
  ada = await g.createUser('Ada Crosschain');
  bob = await g.createUser('Bob Crosschain');
  account = (await g.request('POST', '/api/v2/accounts', { key: ada.key, body: { name: 'Main', type: 'personal' } })).body.data.uuid;
  bobsAccount = (await g.request('POST', '/api/v2/accounts', { key: bob.key, body: { name: 'Main', type: 'personal' } })).body.data.uuid;
  await g.request('POST', `/api/v2/accounts/${account}/deposit`, { key: ada.key, body: { amount: '5000', asset_code: 'USDC' } });
  await g.request('POST', `/api/v2/accounts/${bobsAccount}/deposit`, { key: bob.key, body: { amount: '500', asset_code: 'USDC' } });
});
test.after(async () => {
  await g?.close();
});

/** Runs the workflow of `runId` (a transfer's or a swap's) to its end on the manual clock. */
async function finish(user: TestUser, runId: string): Promise<void> {
  const run = await g.k.get(WorkflowEngine).get(user.teamId, runId);
  const due = new Date((run!.state as { deliver_at: string }).deliver_at).getTime() - g.k.clock.now().getTime();
  if (due > 0) g.k.clock.advance(due);
  for (let pass = 0; pass < 4; pass++) await g.k.runWorkflows();
}

test('queries and mutations answer as the REST routes do; refusals carry their code', async () => {
  const quote = (await data(g, 'mutation { quoteBridge(input: {source_chain: "ethereum", destination_chain: "base", token: "USDC", amount: "100", preferred_bridge: "wormhole"}) { quote_id bridge_protocol fee_amount estimated_receive_amount alternative_quotes { bridge_protocol } } }', undefined, ada.key)).quoteBridge;
  assert.is(quote.bridge_protocol, 'wormhole');
  const rest = (await g.request('GET', `/api/v2/crosschain/bridge/quotes/${quote.quote_id}`, { key: ada.key })).body.data;
  assert.equal([quote.fee_amount, quote.estimated_receive_amount], [rest.fee_amount, rest.estimated_receive_amount]);
  assert.is((await data(g, 'query($id: ID!) { bridgeQuote(id: $id) { quote_id } }', { id: quote.quote_id }, ada.key)).bridgeQuote.quote_id, quote.quote_id);
  const fees = (await data(g, '{ bridgeFees(from: "ethereum", to: "base", token: "USDC", amount: "100") { protocols { bridge_protocol available cheapest } } }', undefined, ada.key)).bridgeFees;
  assert.is(fees.protocols.length, 3);

  const sender = (await g.request('GET', `/api/v2/accounts/${account}/deposit-addresses`, { key: ada.key })).body.data.find((one: { chain: string }) => one.chain === 'ethereum').address;
  const initiated = (await data(g, 'mutation($input: InitiateBridgeInput!) { initiateBridge(input: $input) { bridge_tx_id status quote_id } }', { input: { quote_id: quote.quote_id, sender_address: sender, recipient_address: '0x1111111111111111111111111111111111111111' } }, ada.key)).initiateBridge;
  assert.equal([initiated.status, initiated.quote_id], ['pending', quote.quote_id]);
  const bridged = (await data(g, 'mutation { bridge(input: {source_chain: "ethereum", destination_chain: "arbitrum", token: "USDC", amount: "50"}) { bridge_tx_id status account_id } }', undefined, ada.key)).bridge;
  assert.equal([bridged.status, bridged.account_id], ['pending', account]);
  assert.is((await data(g, 'query($id: ID!) { bridgeTransfer(id: $id) { status } }', { id: bridged.bridge_tx_id }, ada.key)).bridgeTransfer.status, 'pending');

  const swap = (await data(g, 'mutation { swapCrossChain(input: {source_chain: "ethereum", destination_chain: "base", from_token: "USDC", to_token: "WETH", amount: "200", slippage_bps: 300}) { swap_id status bridge_tx_id minimum_output } }', undefined, ada.key)).swapCrossChain;
  assert.is(swap.status, 'bridging');
  const portfolio = (await data(g, '{ crossChainPortfolio { total_usd in_flight { bridge_tx_id } chains { chain holdings { token amount value_usd } } } }', undefined, ada.key)).crossChainPortfolio;
  assert.equal(portfolio.in_flight.map((one: { bridge_tx_id: string }) => one.bridge_tx_id).sort(), [initiated.bridge_tx_id, bridged.bridge_tx_id, swap.bridge_tx_id].sort());
  const restPortfolio = (await g.request('GET', '/api/v2/crosschain/portfolio', { key: ada.key })).body.data;
  assert.is(portfolio.total_usd, restPortfolio.total_usd);
  await finish(ada, swap.swap_id);
  const done = (await data(g, 'query($id: ID!) { crossChainSwap(id: $id) { status amount_out } }', { id: swap.swap_id }, ada.key)).crossChainSwap;
  assert.is(done.status, 'completed', JSON.stringify(done));

  const refused = await gql(g, 'mutation { swapCrossChain(input: {source_chain: "ethereum", destination_chain: "base", from_token: "USDC", to_token: "USDC", amount: "1"}) { swap_id } }', undefined, ada.key);
  assert.is(refused.body.errors[0].extensions.code, 'same_token', JSON.stringify(refused.body));
  const zero = await gql(g, 'mutation { bridge(input: {source_chain: "ethereum", destination_chain: "base", token: "USDC", amount: "0"}) { bridge_tx_id } }', undefined, ada.key);
  assert.is(zero.body.errors[0].extensions.code, 'invalid_amount', JSON.stringify(zero.body));
  assert.is((await gql(g, 'query($id: ID!) { crossChainSwap(id: $id) { status } }', { id: swap.swap_id }, bob.key)).body.errors[0].extensions.code, 'not_found');
});

test('bridgeTransferCompleted streams completions live, for the caller\'s team only; another team\'s transfer is not_found', async () => {
  const started = (await data(g, 'mutation { bridge(input: {source_chain: "ethereum", destination_chain: "base", token: "USDC", amount: "25", protocol: "layerzero"}) { bridge_tx_id } }', undefined, ada.key)).bridge.bridge_tx_id;
  const connection = wsClient(g, `Bearer ${ada.key}`);
  await connection.connected;
  const live = subscribe(connection.client, 'subscription($id: ID) { bridgeTransferCompleted(transfer_id: $id) { bridge_tx_id status receive_amount destination_tx_hash } }', { id: started });
  const bobs = wsClient(g, `Bearer ${bob.key}`);
  await bobs.connected;
  const bobsAll = subscribe(bobs.client, 'subscription { bridgeTransferCompleted { bridge_tx_id } }');
  await g.listening(2);
  const refused = subscribe(bobs.client, 'subscription($id: ID) { bridgeTransferCompleted(transfer_id: $id) { bridge_tx_id } }', { id: started });
  assert.ok(JSON.stringify(await refused.next()).includes('not_found'), 'another team\'s transfer');

  await finish(ada, started);
  const message = await live.next();
  const completed = message.data.bridgeTransferCompleted;
  assert.equal([completed.bridge_tx_id, completed.status], [started, 'completed']);
  assert.ok(completed.destination_tx_hash.startsWith('0x'));
  // Bob's own transfer completes after Ada's: the first thing his open subscription sees is his, never Ada's.
  const his = (await data(g, 'mutation { bridge(input: {source_chain: "ethereum", destination_chain: "base", token: "USDC", amount: "10", protocol: "layerzero"}) { bridge_tx_id } }', undefined, bob.key)).bridge.bridge_tx_id;
  await finish(bob, his);
  assert.is((await bobsAll.next()).data.bridgeTransferCompleted.bridge_tx_id, his);
  live.dispose();
  bobsAll.dispose();
  await connection.client.dispose();
  await bobs.client.dispose();
});

test.run();

import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { bootGraphql, data, gql, type GraphqlKernel } from '../../test/e2e/graphql-kit.js';
import type { TestUser } from '../../test/fixtures/boot.js';
import x402Plugin from './index.js';
import { agentView, endpointView, paymentView, payView, relayView, spendingLimitsView, teamLimitsView } from './operations.js';

/** The x402 GraphQL domain: the same operations as REST, its types the zod views' fields. */
const test = suite('x402 over GraphQL');
let g: GraphqlKernel;
let seller: TestUser;
let other: TestUser;

test.before(async () => {
  g = await bootGraphql({ modules: ['core-banking', 'chains', 'gcu'], plugins: [x402Plugin], rateLimits: false });
  seller = await g.createUser('Seller GraphQL');
  other = await g.createUser('Other GraphQL');
  await g.request('POST', '/api/v2/accounts', { key: seller.key, body: { name: 'Sales', type: 'business' } });
});
test.after(() => g.close());

test('create, list, update and delete a monetized path; bad input and another team refused', async () => {
  const made = await data(g, 'mutation { createX402Endpoint(input: { path: "/api/v2/gcu/composition", price_usd_cents: 3, network: "eip155:8453", asset: "USDC" }) { id amount description } }', undefined, seller.key);
  assert.equal([made.createX402Endpoint.amount, made.createX402Endpoint.description], ['0.03', '']);
  const id = made.createX402Endpoint.id;
  const page = await data(g, '{ x402Endpoints(first: 10) { data { id path } paginatorInfo { total } } }', undefined, seller.key);
  assert.equal(page.x402Endpoints.data, [{ id, path: '/api/v2/gcu/composition' }]);
  const changed = await data(g, 'mutation($id: ID!) { updateX402Endpoint(id: $id, input: { price_usd_cents: 4 }) { amount } }', { id }, seller.key);
  assert.is(changed.updateX402Endpoint.amount, '0.04');
  const refused = await gql(g, 'mutation { createX402Endpoint(input: { path: "/api/v2/accounts", price_usd_cents: 1, network: "eip155:8453", asset: "USDC" }) { id } }', undefined, seller.key);
  assert.ok(refused.body.errors?.length > 0);
  const hidden = await gql(g, 'mutation($id: ID!) { deleteX402Endpoint(id: $id) { id } }', { id }, other.key);
  assert.ok(hidden.body.errors?.length > 0);
  assert.is((await data(g, 'mutation($id: ID!) { deleteX402Endpoint(id: $id) { id } }', { id }, seller.key)).deleteX402Endpoint.id, id);
  assert.is((await data(g, '{ x402Payments { paginatorInfo { total } } }', undefined, seller.key)).x402Payments.paginatorInfo.total, 0);
});

test('agent-protocol: limits and agents set and read; bad input refused; pay names the refusal', async () => {
  const set = await data(g, 'mutation { setX402SpendingLimits(input: { daily_usd: "1.00", per_request_usd: "0.05" }) { configured team { daily_usd monthly_usd per_request_usd spent_today_usd } } }', undefined, seller.key);
  assert.equal(set.setX402SpendingLimits, { configured: true, team: { daily_usd: '1.00', monthly_usd: null, per_request_usd: '0.05', spent_today_usd: '0.00' } });
  const agent = await data(g, 'mutation { putX402Agent(api_key_id: "key_bot", input: { name: "bot", monthly_usd: "3.00" }) { api_key_id name daily_usd monthly_usd } }', undefined, seller.key);
  assert.equal(agent.putX402Agent, { api_key_id: 'key_bot', name: 'bot', daily_usd: null, monthly_usd: '3.00' });
  assert.equal((await data(g, '{ x402Agents { api_key_id } }', undefined, seller.key)).x402Agents, [{ api_key_id: 'key_bot' }]);
  assert.equal((await data(g, '{ x402Agents { api_key_id } }', undefined, other.key)).x402Agents, []);
  const bad = await gql(g, 'mutation { setX402SpendingLimits(input: { daily_usd: "0.001" }) { configured } }', undefined, seller.key);
  assert.ok(bad.body.errors?.length > 0);
  const refused = await gql(g, 'mutation { payX402(input: { url: "http://10.0.0.1/x", max_amount: "0.01" }) { paid } }', undefined, seller.key);
  assert.is(refused.body.errors?.[0]?.extensions?.code, 'origin_not_allowed', JSON.stringify(refused.body));
  assert.is((await data(g, 'mutation { removeX402Agent(api_key_id: "key_bot") { name } }', undefined, seller.key)).removeX402Agent.name, 'bot');
});

test('the GraphQL types have exactly the fields of the zod views', async () => {
  const views = [
    ['X402Endpoint', endpointView],
    ['X402Payment', paymentView],
    ['X402Relay', relayView],
    ['X402SpendingLimits', spendingLimitsView],
    ['X402TeamSpendingLimits', teamLimitsView],
    ['X402Agent', agentView],
    ['X402PayResult', payView],
    ['X402PayResponse', payView.shape.response.unwrap()],
  ] as const;
  for (const [name, view] of views) {
    const type = await data(g, `{ __type(name: "${name}") { fields { name } } }`, undefined, seller.key);
    assert.equal(type.__type.fields.map((field: { name: string }) => field.name).sort(), Object.keys(view.shape).sort());
  }
});

test.run();

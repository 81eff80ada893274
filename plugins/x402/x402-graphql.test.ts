import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { bootGraphql, data, gql, type GraphqlKernel } from '../../test/e2e/graphql-kit.js';
import type { TestUser } from '../../test/fixtures/boot.js';
import x402Plugin from './index.js';
import { endpointView, paymentView, relayView } from './operations.js';

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

test('the GraphQL types have exactly the fields of the zod views', async () => {
  for (const [name, view] of [['X402Endpoint', endpointView], ['X402Payment', paymentView], ['X402Relay', relayView]] as const) {
    const type = await data(g, `{ __type(name: "${name}") { fields { name } } }`, undefined, seller.key);
    assert.equal(type.__type.fields.map((field: { name: string }) => field.name).sort(), Object.keys(view.shape).sort());
  }
});

test.run();

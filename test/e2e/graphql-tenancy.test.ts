import { buildClientSchema, getIntrospectionQuery, getNamedType, isInputObjectType, type GraphQLArgument, type GraphQLInputField } from 'graphql';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { TestUser } from '../fixtures/boot.js';
import { bootGraphql, data, gql, type GqlResponse, type GraphqlKernel } from './graphql-kit.js';
import { FUNDING, tick } from './gcu-helpers.js';

/**
 * Tenancy of the whole composed schema: every Query and Mutation field is
 * called by Ada's team with Bob's team's ids. A lookup answers null, an
 * operation on Bob's objects not_found, a list or a shared catalogue answer
 * mentions none of Bob's objects, and afterwards Bob's team sees its data
 * exactly as before. The fields come from the running schema: a field this
 * file has no case for fails the test, so a new field cannot go untested.
 */
let g: GraphqlKernel;
let ada: TestUser;
let bob: TestUser;

/** Bob's team's objects, whose ids Ada sends. */
interface Fixture {
  readonly account: string;
  readonly otherAccount: string;
  readonly transfer: string;
  readonly order: string;
  readonly trade: string;
  readonly apiKey: string;
  readonly proposal: string;
  readonly swapQuote: string;
  /** Ada's own account, the other end of a transfer attempt. */
  readonly adaAccount: string;
}
let fx: Fixture;

type Expect = 'null' | 'not_found' | 'none_of_bob';

interface Case {
  readonly query: string;
  readonly variables?: (fx: Fixture) => Record<string, unknown>;
  readonly expect: Expect;
  /** For none_of_bob answers without ids: values of Bob's objects that must not appear. */
  readonly absent?: readonly string[];
}

const ACCOUNT_INPUT = (account: string) => ({ account_id: account, amount: '1.00', asset_code: 'USD' });

/** One or more calls per root field, named "Query.field" / "Mutation.field". */
const CASES: Record<string, readonly Case[]> = {
  'Query.account': [{ query: 'query($id: ID!) { account(id: $id) { id } }', variables: (f) => ({ id: f.account }), expect: 'null' }],
  'Query.accounts': [{ query: '{ accounts(first: 100) { data { id } } }', expect: 'none_of_bob' }],
  'Query.asset': [{ query: '{ asset(code: "USD") { code } }', expect: 'none_of_bob' }],
  'Query.assets': [{ query: '{ assets { code } }', expect: 'none_of_bob' }],
  'Query.balances': [{ query: 'query($id: ID!) { balances(account_id: $id) { account_uuid } }', variables: (f) => ({ id: f.account }), expect: 'null' }],
  'Query.transfer': [{ query: 'query($id: ID!) { transfer(id: $id) { uuid } }', variables: (f) => ({ id: f.transfer }), expect: 'null' }],
  'Query.transfers': [{ query: 'query($id: ID!) { transfers(account_id: $id) { data { uuid } } }', variables: (f) => ({ id: f.account }), expect: 'not_found' }],
  'Query.transactions': [{ query: 'query($id: ID!) { transactions(account_id: $id) { data { uuid } } }', variables: (f) => ({ id: f.account }), expect: 'not_found' }],
  'Query.basket': [{ query: '{ basket(code: "GCU") { code } }', expect: 'none_of_bob' }],
  'Query.baskets': [{ query: '{ baskets { code } }', expect: 'none_of_bob' }],
  'Query.gcu': [{ query: '{ gcu { code } }', expect: 'none_of_bob' }],
  'Query.gcuComposition': [{ query: '{ gcuComposition { basket_code } }', expect: 'none_of_bob' }],
  'Query.gcuValueHistory': [{ query: '{ gcuValueHistory(period: "7d") { points { value } } }', expect: 'none_of_bob' }],
  // Proposals are the bank's, not a team's: Ada may read the one Bob voted on, but never Bob's vote.
  'Query.gcuProposal': [{ query: 'query($id: ID!) { gcuProposal(id: $id) { id created_by } }', variables: (f) => ({ id: f.proposal }), expect: 'none_of_bob' }],
  'Query.gcuProposals': [{ query: '{ gcuProposals { id created_by } }', expect: 'none_of_bob' }],
  'Query.myGcuVotes': [{ query: '{ myGcuVotes { proposal_id voted_by } }', expect: 'none_of_bob' }],
  'Query.order': [{ query: 'query($id: ID!) { order(id: $id) { id } }', variables: (f) => ({ id: f.order }), expect: 'null' }],
  'Query.orders': [{ query: '{ orders(first: 100) { data { id account_id } } }', expect: 'none_of_bob' }],
  // Bob's book has 0.4 BTC asked at 600.00; Ada's book of the pair is her own (empty).
  'Query.orderBook': [{ query: '{ orderBook(pair: "BTC/USD") { bids { price amount } asks { price amount } } }', expect: 'none_of_bob', absent: ['600.00', '0.40000000'] }],
  'Query.trades': [{ query: '{ trades(first: 100) { data { id buy_order_id sell_order_id } } }', expect: 'none_of_bob' }],
  'Query.apiKeys': [{ query: '{ apiKeys(first: 100) { data { id user_id } } }', expect: 'none_of_bob' }],
  'Query.me': [{ query: '{ me { user_id team_id } }', expect: 'none_of_bob' }],
  'Mutation.createAccount': [{ query: 'mutation { createAccount(input: {name: "Ada extra"}) { id } }', expect: 'none_of_bob' }],
  'Mutation.deposit': [{ query: 'mutation($input: MoneyMovementInput!) { deposit(input: $input) { uuid } }', variables: (f) => ({ input: ACCOUNT_INPUT(f.account) }), expect: 'not_found' }],
  'Mutation.withdraw': [{ query: 'mutation($input: MoneyMovementInput!) { withdraw(input: $input) { uuid } }', variables: (f) => ({ input: ACCOUNT_INPUT(f.account) }), expect: 'not_found' }],
  'Mutation.createTransfer': [
    { query: TRANSFER(), variables: (f) => ({ input: { from_account: f.account, to_account: f.adaAccount, amount: '1.00', asset_code: 'USD' } }), expect: 'not_found' },
    { query: TRANSFER(), variables: (f) => ({ input: { from_account: f.adaAccount, to_account: f.account, amount: '1.00', asset_code: 'USD' } }), expect: 'not_found' },
  ],
  'Mutation.composeBasket': [{ query: BASKET('composeBasket'), variables: (f) => ({ input: { account_id: f.account, basket_code: 'GCU', amount: '1.0000' } }), expect: 'not_found' }],
  'Mutation.decomposeBasket': [{ query: BASKET('decomposeBasket'), variables: (f) => ({ input: { account_id: f.account, basket_code: 'GCU', amount: '1.0000' } }), expect: 'not_found' }],
  'Mutation.placeOrder': [
    {
      query: 'mutation($input: PlaceOrderInput!) { placeOrder(input: $input) { id } }',
      variables: (f) => ({ input: { pair: 'BTC/USD', side: 'BUY', type: 'LIMIT', amount: '0.01000000', price: '100.00', account_id: f.account } }),
      expect: 'not_found',
    },
  ],
  'Mutation.cancelOrder': [{ query: 'mutation($id: ID!) { cancelOrder(id: $id) { id } }', variables: (f) => ({ id: f.order }), expect: 'not_found' }],
  // Ada's team votes on the bank's proposal with its own holding; Bob's vote stays as it was (checked at the end).
  'Mutation.castGcuVote': [{ query: 'mutation($id: ID!) { castGcuVote(proposal_id: $id, vote: "against") { proposal_id vote voting_power } }', variables: (f) => ({ id: f.proposal }), expect: 'none_of_bob' }],
  'Query.swapQuote': [{ query: 'query($id: ID!) { swapQuote(id: $id) { quote_id } }', variables: (f) => ({ id: f.swapQuote }), expect: 'not_found' }],
  'Mutation.quoteSwap': [{ query: 'mutation { quoteSwap(input: {chain: "base", token_in: "USDC", token_out: "WETH", amount_in: "100"}) { quote_id } }', expect: 'none_of_bob' }],
  // Questions about another team's account are not_found; the query log lists the asking team's questions only.
  'Query.aiQueries': [{ query: '{ aiQueries(first: 100) { data { query_id original_query account_id answer } } }', expect: 'none_of_bob' }],
  'Mutation.aiQuery': [{ query: 'mutation($id: ID) { aiQuery(query: "how much did I deposit", account_id: $id) { answer } }', variables: (f) => ({ id: f.account }), expect: 'not_found' }],
  'Mutation.aiTransactions': [{ query: 'mutation($id: ID) { aiTransactions(query: "deposits", account_id: $id) { transactions { uuid } } }', variables: (f) => ({ id: f.account }), expect: 'not_found' }],
  'Mutation.revokeApiKey': [{ query: 'mutation($id: ID!) { revokeApiKey(id: $id) { id } }', variables: (f) => ({ id: f.apiKey }), expect: 'not_found' }],
};

function TRANSFER(): string {
  return 'mutation($input: CreateTransferInput!) { createTransfer(input: $input) { uuid } }';
}

function BASKET(field: string): string {
  return `mutation($input: BasketExchangeInput!) { ${field}(input: $input) { basket_amount } }`;
}

/** Arguments that name an object (ids, accounts), at the top level or inside an input object. */
function idLike(args: readonly (GraphQLArgument | GraphQLInputField)[]): boolean {
  return args.some((arg) => {
    const type = getNamedType(arg.type);
    if (type.name === 'ID' || /(^id$|_id$|Id$|_account$)/.test(arg.name)) return true;
    return isInputObjectType(type) && idLike(Object.values(type.getFields()));
  });
}

test.before(async () => {
  g = await bootGraphql({
    rateLimits: false,
    config: { prices: { source: 'simulated', seed: 'tenancy', epoch: '2025-12-25T00:00:00Z' }, pluginConfig: { gcu: { tick_interval_ms: 0 } } } as any,
  });
  ada = await g.createUser('Ada');
  bob = await g.createUser('Bob');
  const open = async (user: TestUser, name: string) => (await data(g, `mutation { createAccount(input: {name: "${name}"}) { id } }`, undefined, user.key)).createAccount.id as string;
  const fund = async (user: TestUser, account: string, funds: Record<string, string>) => {
    for (const [asset, amount] of Object.entries(funds)) {
      await data(g, 'mutation($id: ID!, $amount: String!, $asset: String!) { deposit(input: {account_id: $id, amount: $amount, asset_code: $asset}) { uuid } }', { id: account, amount, asset }, user.key);
    }
  };
  const adaAccount = await open(ada, 'Ada main');
  await fund(ada, adaAccount, FUNDING);
  const account = await open(bob, 'Bob main');
  const otherAccount = await open(bob, 'Bob trading');
  await fund(bob, account, { ...FUNDING, BTC: '1.00000000' });
  await fund(bob, otherAccount, { USD: '1000.00' });
  const transfer = (await data(g, `mutation($input: CreateTransferInput!) { createTransfer(input: $input) { uuid } }`, { input: { from_account: account, to_account: otherAccount, amount: '5.00', asset_code: 'USD' } }, bob.key)).createTransfer.uuid;
  const PLACE = 'mutation($input: PlaceOrderInput!) { placeOrder(input: $input) { id } }';
  const order = (await data(g, PLACE, { input: { pair: 'BTC/USD', side: 'SELL', type: 'LIMIT', amount: '0.50000000', price: '600.00', account_id: account } }, bob.key)).placeOrder.id;
  await data(g, PLACE, { input: { pair: 'BTC/USD', side: 'BUY', type: 'LIMIT', amount: '0.10000000', price: '600.00', account_id: otherAccount } }, bob.key);
  const trade = (await data(g, '{ trades { data { id } } }', undefined, bob.key)).trades.data[0].id;
  const key = await g.request('POST', '/api/v2/api-keys', { key: bob.key, body: { name: 'second' } });
  assert.is(key.status, 201, JSON.stringify(key.body));
  // Both teams hold GCU at the snapshot; Bob votes.
  for (const [user, id] of [[ada, adaAccount], [bob, account]] as const) {
    await data(g, 'mutation($input: BasketExchangeInput!) { composeBasket(input: $input) { basket_amount } }', { input: { account_id: id, basket_code: 'GCU', amount: '1000.0000' } }, user.key);
  }
  g.k.clock.set('2026-01-26T00:00:00Z');
  await tick(g.k);
  const proposal = (await data(g, '{ gcuProposals(status: "active") { id } }', undefined, bob.key)).gcuProposals[0].id;
  await data(g, 'mutation($id: ID!) { castGcuVote(proposal_id: $id, vote: "for") { vote } }', { id: proposal }, bob.key);
  const QUOTE = 'mutation { quoteSwap(input: {chain: "ethereum", token_in: "USDC", token_out: "WETH", amount_in: "2500"}) { quote_id } }';
  const swapQuote = (await data(g, QUOTE, undefined, bob.key)).quoteSwap.quote_id;
  fx = { account, otherAccount, transfer, order, trade, apiKey: key.body.data.id, proposal, swapQuote, adaAccount };
});
test.after(async () => {
  await g?.close();
});

/** Everything Bob's team can see of itself, to compare before and after Ada's calls. */
async function bobsView(): Promise<unknown> {
  const read = (query: string, variables?: Record<string, unknown>) => data(g, query, variables, bob.key);
  const balances = (id: string) => read('query($id: ID!) { balances(account_id: $id) { balances { asset_code available_balance reserved_balance } } }', { id });
  return {
    accounts: await read('{ accounts(first: 100) { data { id name status } } }'),
    balances: [await balances(fx.account), await balances(fx.otherAccount)],
    transfer: await read('query($id: ID!) { transfer(id: $id) { uuid status amount } }', { id: fx.transfer }),
    transactions: await read('query($id: ID!) { transactions(account_id: $id, first: 100) { data { uuid amount } } }', { id: fx.account }),
    orders: await read('{ orders(first: 100) { data { id status filled_amount } } }'),
    trades: await read('{ trades(first: 100) { data { id } } }'),
    keys: await read('{ apiKeys(first: 100) { data { id status } } }'),
    votes: await read('{ myGcuVotes { proposal_id vote voting_power changes } }'),
    swapQuote: await read('query($id: ID!) { swapQuote(id: $id) { quote_id estimated_output quote_expires_at } }', { id: fx.swapQuote }),
  };
}

test('every Query and Mutation field of the composed schema, called with another team’s ids, reveals and changes nothing of that team', async () => {
  const introspection = await gql(g, getIntrospectionQuery(), undefined, ada.key);
  const schema = buildClientSchema(introspection.body.data);
  const fields = [
    ...Object.values(schema.getQueryType()!.getFields()).map((field) => ({ name: `Query.${field.name}`, field })),
    ...Object.values(schema.getMutationType()!.getFields()).map((field) => ({ name: `Mutation.${field.name}`, field })),
  ];
  const uncovered = fields.filter(({ name }) => !CASES[name]).map(({ name }) => name);
  assert.equal(uncovered, [], `fields without a tenancy case (add one to CASES): ${uncovered.join(', ')}`);
  const stale = Object.keys(CASES).filter((name) => !fields.some((field) => field.name === name));
  assert.equal(stale, [], `cases for fields the schema no longer has: ${stale.join(', ')}`);

  const before = await bobsView();
  const bobsIds = [bob.teamId, bob.userId, fx.account, fx.otherAccount, fx.transfer, fx.order, fx.trade, fx.apiKey, fx.swapQuote];
  for (const { name, field } of fields) {
    for (const call of CASES[name]!) {
      const variables = call.variables?.(fx) ?? {};
      if (idLike(field.args)) {
        const sent = JSON.stringify(variables);
        assert.ok([...bobsIds, fx.proposal].some((id) => sent.includes(id)), `${name} takes ids: its case must send Bob's`);
      }
      const response: GqlResponse = await gql(g, call.query, variables, ada.key);
      const body = response.body;
      const where = `${name}: ${JSON.stringify(body)}`;
      const fieldName = name.split('.')[1]!;
      if (call.expect === 'null') {
        assert.is(body.errors, undefined, where);
        assert.is(body.data[fieldName], null, where);
      } else if (call.expect === 'not_found') {
        assert.is(body.errors?.[0]?.extensions?.code, 'not_found', where);
        assert.is(body.data?.[fieldName] ?? null, null, where);
      } else {
        assert.is(body.errors, undefined, where);
        const text = JSON.stringify(body.data);
        for (const value of [...bobsIds, ...(call.absent ?? [])]) assert.not.ok(text.includes(value), `${name} shows Bob's ${value}: ${where}`);
      }
    }
  }
  assert.equal(await bobsView(), before, 'Bob’s team sees its data exactly as before');
});

test.run();

import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Chain, formatMinor, PriceFeed, UnitOfWork } from '../../kernel/public.js';
import { bootTestKernel, type TestKernel, type TestUser } from '../../test/fixtures/boot.js';
import { SwapQuoteView } from './operations.js';
import { QuoteRepository } from './ports.js';

/**
 * The DeFi module's quotes end to end on every store, over real HTTP: the
 * aggregator's answer is computed from the seeded pools, the chain's gas
 * price and the price feed, stored for its team, and bad input is a 422
 * with a pointer (or the query parameter) that stores nothing.
 */
const stores = ['memory', 'pglite', ...(process.env.DATABASE_URL ? ['postgres' as const] : [])] as const;

for (const store of stores) {
  const test = suite(`defi quotes: ${store}`);
  let k: TestKernel;
  let ada: TestUser;
  let bob: TestUser;

  test.before(async () => {
    k = await bootTestKernel({ store, modules: ['core-banking', 'chains', 'defi'], now: '2026-03-01T00:00:00.000Z' });
    ada = await k.createUser('Ada DeFi');
    bob = await k.createUser('Bob DeFi');
  });
  test.after(() => k.close());

  const v2 = (user: TestUser, query: string) => k.request('GET', `/api/v2/defi/swap/quote?${query}`, { key: user.key });
  const v1 = (user: TestUser, body: unknown) => k.request('POST', '/api/v1/defi/swap/quote', { key: user.key, body });

  test('version 2: the best route with computed impact and gas, stored for the team, expiring in 30 s', async () => {
    const answer = await v2(ada, 'from=USDC&to=WETH&amount=3400&chain=eip155:1');
    assert.is(answer.status, 200, JSON.stringify(answer.body));
    const quote = SwapQuoteView.parse(answer.body.data);
    assert.equal([quote.chain, quote.token_in, quote.token_out, quote.amount_in], ['ethereum', 'USDC', 'WETH', '3400.000000']);
    const out = Number(quote.estimated_output);
    assert.ok(out > 0.99 && out < 1, `3,400 USDC buys a little under 1 WETH: ${out}`);
    assert.is(quote.best_route.path.join('>'), 'USDC>WETH');
    assert.ok(quote.alternative_routes.length >= 1 && quote.alternative_routes.every((one) => one.dex !== quote.best_route.dex));
    assert.is(quote.quote_expires_at, '2026-03-01T00:00:30.000Z');
    const stored = await k.get(UnitOfWork).run((tx) => k.get(QuoteRepository).find(tx, ada.teamId, quote.quote_id));
    assert.ok(stored, 'the quote is stored');
    const head = await k.get(Chain).head('ethereum');
    assert.is(stored!.gasPriceWei, head.gasPriceWei);
    const eth = (await k.get(PriceFeed).usdPrice('ETH')).usd;
    const gasUsdMicros = (stored!.gasUnits * head.gasPriceWei * eth.numerator * 1_000_000n) / (10n ** 18n * 10n ** BigInt(eth.scale));
    assert.is(quote.estimated_gas_usd, formatMinor(gasUsdMicros, 6));
    assert.is(await k.get(UnitOfWork).run((tx) => k.get(QuoteRepository).find(tx, bob.teamId, quote.quote_id)), undefined, 'another team\'s quote is not found');
  });

  test('gas is priced per chain: the same trade costs far less gas on an L2', async () => {
    const ethereum = SwapQuoteView.parse((await v2(ada, 'from=USDC&to=WETH&amount=3400&chain=ethereum')).body.data);
    const base = SwapQuoteView.parse((await v2(ada, 'from=USDC&to=WETH&amount=3400&chain=base')).body.data);
    assert.ok(Number(base.estimated_gas_usd) * 100 < Number(ethereum.estimated_gas_usd), `${base.estimated_gas_usd} vs ${ethereum.estimated_gas_usd}`);
  });

  test('a larger trade has a larger price impact', async () => {
    const small = SwapQuoteView.parse((await v2(ada, 'from=WETH&to=USDC&amount=1&chain=polygon')).body.data);
    const large = SwapQuoteView.parse((await v2(ada, 'from=WETH&to=USDC&amount=2000&chain=polygon')).body.data);
    assert.ok(Number(large.price_impact_percent) > Number(small.price_impact_percent) * 100, `${small.price_impact_percent} → ${large.price_impact_percent}`);
  });

  test('version 1: dex_sources choose the DEXes (uniswap is uniswap_v3) and slippage_tolerance sets the minimum output', async () => {
    const curve = SwapQuoteView.parse((await v1(ada, { chain: 'ethereum', token_in: 'USDC', token_out: 'DAI', amount_in: '1000000', slippage_tolerance: 0.005, dex_sources: ['curve'] })).body.data);
    assert.is(curve.best_route.dex, 'curve');
    assert.equal(curve.alternative_routes, []);
    const estimated = BigInt(curve.estimated_output.replace('.', ''));
    assert.is(curve.minimum_output, formatMinor((estimated * 995n) / 1000n, 18));
    const uniswap = SwapQuoteView.parse((await v1(ada, { chain: 'base', token_in: 'WBTC', token_out: 'DAI', amount_in: '0.5', dex_sources: ['uniswap'] })).body.data);
    assert.is(uniswap.best_route.dex, 'uniswap_v3');
    assert.is(uniswap.best_route.path.length, 3, 'no WBTC/DAI pool: through a hub');
    assert.is(uniswap.minimum_output, null);
  });

  test('bad input is a 422 at its field or parameter; a pair no pool trades is no_route; no key is 401', async () => {
    const queries: Array<[string, string]> = [
      ['from=USDC&to=WETH&amount=1&chain=solana', 'chain'],
      ['from=FOO&to=WETH&amount=1', 'from'],
      ['from=USDC&to=USDC&amount=1', 'to'],
      ['from=USDC&to=WETH&amount=1.0000001', 'amount'],
      ['from=USDC&to=WETH&amount=0', 'amount'],
      ['from=USDC&to=WETH&amount=-5', 'amount'],
      ['from=USDC&to=WETH&amount=1e6', 'amount'],
      [`from=USDC&to=WETH&amount=${'9'.repeat(60)}`, 'amount'],
      ['from=USDC&to=WETH&amount=1&chain=base-sepolia', 'to'],
      ['from=USDC&to=BTC&amount=1', 'to'],
    ];
    for (const [query, parameter] of queries) {
      const refused = await v2(ada, query);
      assert.is(refused.status, 422, `${query}: ${JSON.stringify(refused.body)}`);
      assert.is(refused.body.errors[0].source.parameter, parameter, `${query}: ${JSON.stringify(refused.body.errors[0])}`);
    }
    const bodies: Array<[unknown, string]> = [
      [{ chain: 'ethereum', token_in: 'USDC', token_out: 'WETH', amount_in: '1', dex_sources: ['balancer'] }, '/dex_sources/0'],
      [{ chain: 'ethereum', token_in: 'USDC', token_out: 'WETH', amount_in: '1', dex_sources: [] }, '/dex_sources'],
      [{ chain: 'ethereum', token_in: 'USDC', token_out: 'WETH', amount_in: '1', slippage_tolerance: 0.6 }, '/slippage_tolerance'],
      [{ chain: 'ethereum', token_in: 'USDC', token_out: 'WETH', amount_in: '1', slippage_tolerance: 1e-9 }, '/slippage_tolerance'],
      [{ chain: 'ethereum', token_in: 'USDC', token_out: 'WETH', amount_in: 1 }, '/amount_in'],
      [{ chain: 'ethereum', token_in: 'WBTC', token_out: 'USDT', amount_in: '1', dex_sources: ['curve'] }, '/token_out'],
    ];
    for (const [body, pointer] of bodies) {
      const refused = await v1(ada, body);
      assert.is(refused.status, 422, `${JSON.stringify(body)}: ${JSON.stringify(refused.body)}`);
      assert.is(refused.body.errors[0].source.pointer, pointer, JSON.stringify(refused.body.errors[0]));
    }
    assert.is((await k.request('GET', '/api/v2/defi/swap/quote?from=USDC&to=WETH&amount=1')).status, 401);
  });

  test('GraphQL quoteSwap runs the version 1 operation and answers its view', async () => {
    const query = 'mutation($input: QuoteSwapInput!) { quoteSwap(input: $input) { quote_id chain token_in token_out estimated_output minimum_output best_route { dex path pools fee_tier } alternative_routes { dex } quote_expires_at } }';
    const answer = await k.request('POST', '/api/graphql', { key: ada.key, body: { query, variables: { input: { chain: 'eip155:8453', token_in: 'WETH', token_out: 'USDC', amount_in: '2', slippage_tolerance: '0.01' } } } });
    assert.is(answer.status, 200, JSON.stringify(answer.body));
    const quote = answer.body.data.quoteSwap;
    assert.equal([quote.chain, quote.token_in, quote.token_out], ['base', 'WETH', 'USDC']);
    assert.ok(Number(quote.estimated_output) > 6_000 && Number(quote.minimum_output) < Number(quote.estimated_output));
    const read = await k.request('POST', '/api/graphql', { key: ada.key, body: { query: 'query($id: ID!) { swapQuote(id: $id) { quote_id estimated_output } }', variables: { id: quote.quote_id } } });
    assert.equal(read.body.data.swapQuote, { quote_id: quote.quote_id, estimated_output: quote.estimated_output });
    const rest = await k.request('GET', `/api/v2/defi/swap/quotes/${quote.quote_id}`, { key: ada.key });
    assert.is(SwapQuoteView.parse(rest.body.data).estimated_output, quote.estimated_output);
    assert.is((await k.request('GET', `/api/v2/defi/swap/quotes/${quote.quote_id}`, { key: bob.key })).status, 404, 'another team\'s quote');
    const refused = await k.request('POST', '/api/graphql', { key: ada.key, body: { query, variables: { input: { chain: 'base', token_in: 'WETH', token_out: 'WETH', amount_in: '2' } } } });
    assert.is(refused.body.errors?.[0]?.extensions?.code, 'same_token', JSON.stringify(refused.body));
  });

  test.run();
}

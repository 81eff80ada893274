import sinon from 'sinon';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Chain, ChainCatalog, formatMinor, PriceFeed, UnitOfWork } from '../../kernel/public.js';
import { bootTestKernel, type TestKernel, type TestUser } from '../../test/fixtures/boot.js';
import type { BridgeModel, BridgeRoute } from './domain/bridge-model.js';
import { estimateWith } from './domain/estimate.js';
import { BRIDGE_MODELS } from './domain/models.js';
import { BridgeFeesView, BridgeQuoteView } from './operations.js';
import { BridgeQuoteRepository } from './ports.js';

/**
 * Bridge quotes and the fee comparison end to end on every store, over real
 * HTTP: each protocol's fee follows the destination chain's gas price and
 * the price feed as the simulated chains move, quotes are stored for their
 * team and expire, and bad input is a 422 with a pointer (or the query
 * parameter) that stores nothing.
 */
const stores = ['memory', 'pglite', ...(process.env.DATABASE_URL ? ['postgres' as const] : [])] as const;
const model = (id: string): BridgeModel => BRIDGE_MODELS.find((one) => one.id === id)!;

for (const store of stores) {
  const test = suite(`crosschain bridge quotes: ${store}`);
  let k: TestKernel;
  let ada: TestUser;
  let bob: TestUser;

  test.before(async () => {
    k = await bootTestKernel({ store, modules: ['core-banking', 'chains', 'crosschain'], now: '2026-03-01T00:00:00.000Z' });
    ada = await k.createUser('Ada Bridge');
    bob = await k.createUser('Bob Bridge');
  });
  test.after(() => k.close());

  const quote = (user: TestUser, body: unknown) => k.request('POST', '/api/v1/crosschain/bridge/quote', { key: user.key, body });
  const fees = (user: TestUser, query: string) => k.request('GET', `/api/v2/crosschain/bridge/fees?${query}`, { key: user.key });
  const stored = (teamId: string, id: string) => k.get(UnitOfWork).run((tx) => k.get(BridgeQuoteRepository).find(tx, teamId, id));

  /** What the model says now, from the destination's head and the price feed: the adapter must feed it exactly these. */
  async function expected(protocol: string, source: string, destination: string, token: string, decimals: number, amount: bigint) {
    const catalog = k.get(ChainCatalog);
    const route: BridgeRoute = { source: catalog.find(source)!, destination: catalog.find(destination)!, token, tokenDecimals: decimals };
    const head = await k.get(Chain).head(destination);
    const feed = k.get(PriceFeed);
    const market = { destinationGasPriceWei: head.gasPriceWei, destinationNativeUsd: (await feed.usdPrice(route.destination.nativeAsset)).usd, tokenUsd: (await feed.usdPrice(token)).usd };
    return estimateWith(model(protocol), route, market, amount);
  }

  test('a quote on the best protocol with the other two as alternatives, stored for the team, expiring in 300 s', async () => {
    const answer = await quote(ada, { source_chain: 'eip155:1', destination_chain: 'base', token: 'USDC', amount: '1000' });
    assert.is(answer.status, 200, JSON.stringify(answer.body));
    const view = BridgeQuoteView.parse(answer.body.data);
    assert.equal([view.source_chain, view.destination_chain, view.token, view.input_amount, view.fee_currency], ['ethereum', 'base', 'USDC', '1000.000000', 'USDC']);
    const all = await Promise.all(['wormhole', 'layerzero', 'axelar'].map((id) => expected(id, 'ethereum', 'base', 'USDC', 6, 1_000_000_000n)));
    const ranked = [...all].sort((a, b) => (a.receiveAmount === b.receiveAmount ? 0 : a.receiveAmount > b.receiveAmount ? -1 : 1));
    assert.is(view.bridge_protocol, ranked[0]!.protocol, 'the protocol that delivers the most');
    assert.is(view.fee_amount, formatMinor(ranked[0]!.feeAmount, 6));
    assert.is(view.estimated_receive_amount, formatMinor(1_000_000_000n - ranked[0]!.feeAmount, 6), 'received = amount − fee, exactly');
    assert.is(view.estimated_duration_seconds, ranked[0]!.durationSeconds);
    assert.is(view.exchange_rate, formatMinor(((1_000_000_000n - ranked[0]!.feeAmount) * 10n ** 8n) / 1_000_000_000n, 8));
    assert.equal(
      view.alternative_quotes,
      ranked.slice(1).map((one) => ({ bridge_protocol: one.protocol, estimated_receive_amount: formatMinor(one.receiveAmount, 6), fee_amount: formatMinor(one.feeAmount, 6), estimated_duration_seconds: one.durationSeconds })),
    );
    assert.is(view.quote_expires_at, '2026-03-01T00:05:00.000Z');
    const record = await stored(ada.teamId, view.quote_id);
    assert.ok(record, 'the quote is stored');
    assert.is(record!.receiveAmount + record!.feeAmount, record!.inputAmount);
    assert.is(record!.destinationGasPriceWei, (await k.get(Chain).head('base')).gasPriceWei);
    assert.is(await stored(bob.teamId, view.quote_id), undefined, 'another team\'s quote is not found');
    const read = await k.request('GET', `/api/v2/crosschain/bridge/quotes/${view.quote_id}`, { key: ada.key });
    assert.equal(BridgeQuoteView.parse(read.body.data), view, 'read back as it was given');
    assert.is((await k.request('GET', `/api/v2/crosschain/bridge/quotes/${view.quote_id}`, { key: bob.key })).status, 404, 'another team\'s quote');
    k.clock.advance(301_000);
    assert.equal((await k.request('GET', `/api/v2/crosschain/bridge/quotes/${view.quote_id}`, { key: ada.key })).body.data, view, 'an expired quote still reads back');
  });

  test('the preferred bridge is quoted; a route it does not carry is a 422 naming those that do; alternatives leave out protocols that do not carry it', async () => {
    const lz = BridgeQuoteView.parse((await quote(ada, { source_chain: 'arbitrum', destination_chain: 'optimism', token: 'WETH', amount: '2.5', preferred_bridge: 'layerzero' })).body.data);
    assert.is(lz.bridge_protocol, 'layerzero');
    const want = await expected('layerzero', 'arbitrum', 'optimism', 'WETH', 18, 2_500_000_000_000_000_000n);
    assert.equal([lz.fee_amount, lz.estimated_duration_seconds], [formatMinor(want.feeAmount, 18), want.durationSeconds]);
    assert.equal(lz.alternative_quotes.map((one) => one.bridge_protocol).sort(), ['axelar', 'wormhole']);
    const wbtc = BridgeQuoteView.parse((await quote(ada, { source_chain: 'ethereum', destination_chain: 'polygon', token: 'WBTC', amount: '0.1', preferred_bridge: 'axelar' })).body.data);
    assert.equal(wbtc.alternative_quotes.map((one) => one.bridge_protocol), ['wormhole'], 'layerzero does not carry WBTC');
    const refused = await quote(ada, { source_chain: 'ethereum', destination_chain: 'polygon', token: 'DAI', amount: '100', preferred_bridge: 'wormhole' });
    assert.is(refused.status, 422);
    assert.equal([refused.body.errors[0].source.pointer, refused.body.errors[0].code], ['/preferred_bridge', 'unsupported_route']);
    assert.match(refused.body.errors[0].detail, /carry this route: axelar\./);
  });

  test('fees follow the destination chain\'s gas price: a route to Ethereum costs far more, and a later gas price gives a later fee', async () => {
    const toBase = BridgeQuoteView.parse((await quote(ada, { source_chain: 'ethereum', destination_chain: 'base', token: 'USDC', amount: '5000', preferred_bridge: 'wormhole' })).body.data);
    const toEthereum = BridgeQuoteView.parse((await quote(ada, { source_chain: 'base', destination_chain: 'ethereum', token: 'USDC', amount: '5000', preferred_bridge: 'wormhole' })).body.data);
    assert.ok(Number(toEthereum.fee_amount) > 100 * Number(toBase.fee_amount), `${toEthereum.fee_amount} vs ${toBase.fee_amount}`);
    const before = (await k.get(Chain).head('ethereum')).gasPriceWei;
    // The gas walk steps once a minute of chain time: move on until Ethereum's price has changed (bounded).
    for (let minute = 0; minute < 120 && (await k.get(Chain).head('ethereum')).gasPriceWei === before; minute++) k.clock.advance(60_000);
    assert.is.not((await k.get(Chain).head('ethereum')).gasPriceWei, before, 'the gas price moved');
    const later = BridgeQuoteView.parse((await quote(ada, { source_chain: 'base', destination_chain: 'ethereum', token: 'USDC', amount: '5000', preferred_bridge: 'wormhole' })).body.data);
    const want = await expected('wormhole', 'base', 'ethereum', 'USDC', 6, 5_000_000_000n);
    assert.is(later.fee_amount, formatMinor(want.feeAmount, 6));
    assert.is.not(later.fee_amount, toEthereum.fee_amount);
    assert.is(later.quote_expires_at, new Date(k.clock.now().getTime() + 300_000).toISOString());
  });

  test('the fee comparison: every protocol side by side, available ones by what arrives, cheapest and fastest marked, nothing stored', async () => {
    const insert = sinon.spy(k.get(BridgeQuoteRepository), 'insert');
    try {
      const answer = await fees(ada, 'from=bsc&to=eip155:8453&token=USDC&amount=250');
      assert.is(answer.status, 200, JSON.stringify(answer.body));
      const view = BridgeFeesView.parse(answer.body.data);
      assert.equal([view.source_chain, view.destination_chain, view.token, view.amount], ['bsc', 'base', 'USDC', '250.000000']);
      const [first, second, third] = view.protocols;
      assert.equal([first!.available, second!.available, third!.available], [true, true, false]);
      assert.equal(third, {
        bridge_protocol: 'layerzero', supported: false, available: false, reason: 'layerzero does not carry USDC on bsc.', fee_usd: null, fee_amount: null, fee_currency: 'USDC',
        estimated_receive_amount: null, estimated_duration_seconds: null, cheapest: false, fastest: false,
      });
      for (const row of [first!, second!]) {
        const want = await expected(row.bridge_protocol, 'bsc', 'base', 'USDC', 6, 250_000_000n);
        assert.equal([row.fee_usd, row.fee_amount, row.estimated_receive_amount, row.estimated_duration_seconds], [formatMinor(want.feeUsdMicros, 6), formatMinor(want.feeAmount, 6), formatMinor(want.receiveAmount, 6), want.durationSeconds]);
      }
      assert.ok(BigInt(first!.estimated_receive_amount!.replace('.', '')) >= BigInt(second!.estimated_receive_amount!.replace('.', '')));
      assert.ok(first!.cheapest && !second!.cheapest);
      const fastest = view.protocols.filter((row) => row.fastest);
      assert.is(fastest.length, 1);
      assert.is(fastest[0]!.estimated_duration_seconds, Math.min(first!.estimated_duration_seconds!, second!.estimated_duration_seconds!));
      // An amount below every fee to Ethereum: supported but not available, fee shown.
      const tiny = BridgeFeesView.parse((await fees(ada, 'from=base&to=ethereum&token=USDC&amount=0.01')).body.data);
      assert.ok(tiny.protocols.every((row) => row.supported && !row.available && row.fee_amount !== null && row.estimated_receive_amount === null && !row.cheapest && !row.fastest));
      assert.is(insert.callCount, 0, 'comparing stores nothing');
    } finally {
      insert.restore();
    }
  });

  test('bad input is a 422 at its field or query parameter and stores nothing; no key is 401', async () => {
    const insert = sinon.spy(k.get(BridgeQuoteRepository), 'insert');
    const ok = { source_chain: 'ethereum', destination_chain: 'arbitrum', token: 'USDC', amount: '100' };
    try {
      const bodies: Array<[unknown, string, string]> = [
        [{ ...ok, source_chain: 'solana' }, '/source_chain', 'unknown_chain'],
        [{ ...ok, destination_chain: 'eip155:999999' }, '/destination_chain', 'unknown_chain'],
        [{ ...ok, destination_chain: 'eip155:1' }, '/destination_chain', 'same_chain'],
        [{ ...ok, token: 'FOO' }, '/token', 'unknown_token'],
        [{ ...ok, destination_chain: 'base-sepolia', token: 'USDT' }, '/token', 'unknown_token'],
        [{ ...ok, destination_chain: 'base-sepolia' }, '/destination_chain', 'no_bridge_route'],
        [{ ...ok, source_chain: 'eip155:84532' }, '/source_chain', 'no_bridge_route'],
        [{ ...ok, token: 'DAI', destination_chain: 'bsc', preferred_bridge: 'layerzero' }, '/preferred_bridge', 'unsupported_route'],
        [{ ...ok, token: 'ETH' }, '/token', 'no_bridge_route'],
        [{ ...ok, preferred_bridge: 'stargate' }, '/preferred_bridge', 'unknown_bridge'],
        [{ ...ok, source_chain: 'bsc', preferred_bridge: 'layerzero' }, '/preferred_bridge', 'unsupported_route'],
        [{ ...ok, amount: '1.0000001' }, '/amount', 'invalid_amount'],
        [{ ...ok, amount: '0' }, '/amount', 'invalid_amount'],
        [{ ...ok, amount: '-5' }, '/amount', 'invalid_amount'],
        [{ ...ok, amount: '1e6' }, '/amount', 'invalid_amount'],
        [{ ...ok, amount: 100 }, '/amount', 'validation_failed'],
        [{ ...ok, amount: '9'.repeat(40) }, '/amount', 'amount_too_large'],
        [{ ...ok, source_chain: 'arbitrum', destination_chain: 'ethereum', amount: '0.01' }, '/amount', 'amount_below_fee'],
        [{ ...ok, source_chain: 'arbitrum', destination_chain: 'ethereum', amount: '0.01', preferred_bridge: 'axelar' }, '/amount', 'amount_below_fee'],
      ];
      for (const [body, pointer, code] of bodies) {
        const refused = await quote(ada, body);
        assert.is(refused.status, 422, `${JSON.stringify(body)}: ${JSON.stringify(refused.body)}`);
        assert.equal([refused.body.errors[0].source.pointer, refused.body.errors[0].code], [pointer, code], `${JSON.stringify(body)}: ${JSON.stringify(refused.body.errors[0])}`);
      }
      const missing = await quote(ada, { source_chain: 'ethereum', token: 'USDC', amount: '1' });
      assert.is(missing.status, 422);
      assert.is(missing.body.errors[0].source.pointer, '/destination_chain');
      const queries: Array<[string, string]> = [
        ['from=solana&to=base&token=USDC&amount=1', 'from'],
        ['from=base&to=base&token=USDC&amount=1', 'to'],
        ['from=base&to=ethereum&token=FOO&amount=1', 'token'],
        ['from=base&to=ethereum&token=USDC&amount=0', 'amount'],
        ['from=base&to=ethereum&token=USDC&amount=1.1234567', 'amount'],
        ['from=base&to=ethereum&token=USDC', 'amount'],
      ];
      for (const [query, parameter] of queries) {
        const refused = await fees(ada, query);
        assert.is(refused.status, 422, `${query}: ${JSON.stringify(refused.body)}`);
        assert.is(refused.body.errors[0].source.parameter, parameter, `${query}: ${JSON.stringify(refused.body.errors[0])}`);
      }
      assert.is(insert.callCount, 0, 'no refused quote is stored');
    } finally {
      insert.restore();
    }
    assert.is((await k.request('POST', '/api/v1/crosschain/bridge/quote', { body: ok })).status, 401);
    assert.is((await k.request('GET', '/api/v2/crosschain/bridge/quotes/not-a-uuid', { key: ada.key })).status, 422);
    const reader = (await k.request('POST', '/api/v2/api-keys', { key: ada.key, body: { name: 'bridge reader', permissions: ['read'] } })).body.data.key;
    assert.is((await k.request('POST', '/api/v1/crosschain/bridge/quote', { key: reader, body: ok })).status, 403, 'recording a quote needs write');
    assert.is((await k.request('GET', '/api/v2/crosschain/bridge/fees?from=base&to=ethereum&token=USDC&amount=1', { key: reader })).status, 200, 'comparing needs read only');
    assert.is((await k.request('GET', '/api/v2/crosschain/bridge/fees?from=base&to=ethereum&token=USDC&amount=1')).status, 401);
  });

  test('the quote lifetime is configurable (pluginConfig.crosschain.quote_ttl_seconds)', async () => {
    if (store !== 'memory') return; // a configuration matter, not a store's: checked once
    const short = await bootTestKernel({ store: 'memory', modules: ['core-banking', 'chains', 'crosschain'], now: '2026-03-01T00:00:00.000Z', config: { pluginConfig: { crosschain: { quote_ttl_seconds: 60 } } } });
    try {
      const carol = await short.createUser('Carol Bridge');
      const answer = await short.request('POST', '/api/v1/crosschain/bridge/quote', { key: carol.key, body: { source_chain: 'polygon', destination_chain: 'arbitrum', token: 'USDT', amount: '10' } });
      assert.is(answer.status, 200, JSON.stringify(answer.body));
      assert.is(answer.body.data.quote_expires_at, '2026-03-01T00:01:00.000Z');
    } finally {
      await short.close();
    }
  });

  test.run();
}

import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { ChainInfo } from '../../../kernel/public.js';
import { axelarModel } from './axelar.js';
import type { BridgeMarket, BridgeModel, BridgeRoute } from './bridge-model.js';
import { byNetReceived, estimateWith, supportOf } from './estimate.js';
import { layerzeroModel } from './layerzero.js';
import { BRIDGE_MODELS } from './models.js';
import { gasUsdMicros, usdMicrosInToken } from './usd.js';
import { wormholeModel } from './wormhole.js';

/**
 * The three protocols' documented models (docs/crosschain.md) on fixed
 * inputs: every expected number below is worked out by hand from the
 * documented formula, so a change of a parameter or a rounding fails here.
 * ETH is $3000; gas prices are 8 gwei on Ethereum, 0.01 gwei on Base,
 * 0.005 gwei on Optimism.
 */
const test = suite('crosschain bridge models');

const chain = (name: string, chainId: number, blockTimeMs: number, finalitySeconds: number, layer: 'l1' | 'l2', testnet = false): ChainInfo => ({
  name,
  chainId,
  caip2: `eip155:${chainId}`,
  displayName: name,
  nativeAsset: name === 'polygon' ? 'POL' : name === 'bsc' ? 'BNB' : 'ETH',
  blockTimeMs,
  finalitySeconds,
  layer,
  testnet,
});
const ethereum = chain('ethereum', 1, 12_000, 768, 'l1');
const base = chain('base', 8453, 2_000, 1_080, 'l2');
const arbitrum = chain('arbitrum', 42161, 250, 1_080, 'l2');
const optimism = chain('optimism', 10, 2_000, 1_080, 'l2');
const bsc = chain('bsc', 56, 750, 48, 'l1');
const baseSepolia = chain('base-sepolia', 84532, 2_000, 1_080, 'l2', true);

const usdc = (source: ChainInfo, destination: ChainInfo): BridgeRoute => ({ source, destination, token: 'USDC', tokenDecimals: 6 });
const ETH_USD = { numerator: 3000n, scale: 0 };
const ONE_USD = { numerator: 1n, scale: 0 };
const market = (destinationGasPriceWei: bigint, tokenUsd = ONE_USD): BridgeMarket => ({ destinationGasPriceWei, destinationNativeUsd: ETH_USD, tokenUsd });
const GAS = { ethereum: 8_000_000_000n, base: 10_000_000n, optimism: 5_000_000n };
const THOUSAND_USDC = 1_000_000_000n;

// L1→L2 (ethereum→base), a route to Ethereum (base→ethereum), L2→L2 (arbitrum→optimism).
const cases = [
  { title: 'L1→L2', route: usdc(ethereum, base), market: market(GAS.base) },
  { title: 'to Ethereum', route: usdc(base, ethereum), market: market(GAS.ethereum) },
  { title: 'L2→L2', route: usdc(arbitrum, optimism), market: market(GAS.optimism) },
] as const;

function expectModel(model: BridgeModel, expected: ReadonlyArray<{ lines: Record<string, bigint>; durations: Record<string, number> }>) {
  cases.forEach(({ title, route, market: snapshot }, index) => {
    const want = expected[index]!;
    const estimate = estimateWith(model, route, snapshot, THOUSAND_USDC);
    const total = Object.values(want.lines).reduce((sum, one) => sum + one, 0n);
    assert.equal(Object.fromEntries(estimate.feeLines.map((line) => [line.name, line.usdMicros])), want.lines, `${model.id} ${title} fee lines`);
    assert.is(estimate.feeUsdMicros, total, `${model.id} ${title} fee`);
    assert.is(estimate.feeAmount, total, `${model.id} ${title}: at $1 a micro-dollar is a base unit of USDC`);
    assert.is(estimate.receiveAmount, THOUSAND_USDC - total, `${model.id} ${title} received`);
    assert.equal(Object.fromEntries(estimate.durationLines.map((line) => [line.name, line.seconds])), want.durations, `${model.id} ${title} duration lines`);
    assert.is(estimate.durationSeconds, Object.values(want.durations).reduce((sum, one) => sum + one, 0), `${model.id} ${title} duration`);
    assert.is(estimate.destinationGasPriceWei, snapshot.destinationGasPriceWei);
  });
}

test('wormhole: relayer fee = redeem gas 250,000 × destination gas × ETH + 10 %, protocol fee 0; time = source finality + 30 s quorum + 2 destination blocks', () => {
  expectModel(wormholeModel, [
    // 250,000 × 0.01 gwei × $3000 = $0.0075; +10 % = $0.00825
    { lines: { relayer_fee: 8_250n, protocol_fee: 0n }, durations: { source_finality: 768, guardian_quorum: 30, relay: 4 } },
    // 250,000 × 8 gwei × $3000 = $6; +10 % = $6.60
    { lines: { relayer_fee: 6_600_000n, protocol_fee: 0n }, durations: { source_finality: 1_080, guardian_quorum: 30, relay: 24 } },
    // 250,000 × 0.005 gwei × $3000 = $0.00375; +10 % = $0.004125
    { lines: { relayer_fee: 4_125n, protocol_fee: 0n }, durations: { source_finality: 1_080, guardian_quorum: 30, relay: 4 } },
  ]);
});

test('layerzero: 2 DVNs × 80,000 gas + executor 200,000 gas, each +20 %, + 1 % treasury; time = confirmations × block time + 30 s + 2 destination blocks', () => {
  expectModel(layerzeroModel, [
    // DVN 80,000 × 0.01 gwei × $3000 = $0.0024 → $0.00288, × 2; executor $0.006 → $0.0072; treasury ⌈1 % of $0.01296⌉
    { lines: { dvn_fees: 5_760n, executor_fee: 7_200n, treasury_fee: 130n }, durations: { source_confirmations: 180, dvn_verification: 30, relay: 4 } },
    // DVN $1.92 → $2.304, × 2; executor $4.80 → $5.76; treasury 1 % of $10.368
    { lines: { dvn_fees: 4_608_000n, executor_fee: 5_760_000n, treasury_fee: 103_680n }, durations: { source_confirmations: 20, dvn_verification: 30, relay: 24 } },
    // DVN $0.0012 → $0.00144, × 2; executor $0.003 → $0.0036; treasury ⌈1 % of $0.00648⌉; 20 Arbitrum blocks of 250 ms
    { lines: { dvn_fees: 2_880n, executor_fee: 3_600n, treasury_fee: 65n }, durations: { source_confirmations: 5, dvn_verification: 30, relay: 4 } },
  ]);
});

test('axelar: base fee $0.25 + approval 100,000 gas, prepaid execution 250,000 gas + 10 %; time = source finality + 60 s voting + 2 destination blocks', () => {
  expectModel(axelarModel, [
    // approval 100,000 × 0.01 gwei × $3000 = $0.003; execution $0.0075 → $0.00825
    { lines: { base_fee: 253_000n, prepaid_destination_gas: 8_250n }, durations: { source_finality: 768, validator_voting: 60, relay: 4 } },
    // approval $2.40; execution $6 → $6.60
    { lines: { base_fee: 2_650_000n, prepaid_destination_gas: 6_600_000n }, durations: { source_finality: 1_080, validator_voting: 60, relay: 24 } },
    // approval $0.0015; execution $0.00375 → $0.004125
    { lines: { base_fee: 251_500n, prepaid_destination_gas: 4_125n }, durations: { source_finality: 1_080, validator_voting: 60, relay: 4 } },
  ]);
});

test('every division rounds up: gas below a micro-dollar is one micro-dollar, and a fee converts to the next base unit of the token', () => {
  assert.is(gasUsdMicros(250_000n, 1n, ETH_USD), 1n, '250,000 gas at 1 wei is $0.00000075');
  assert.is(gasUsdMicros(0n, GAS.ethereum, ETH_USD), 0n);
  // $0.00825 at $0.9998 per USDC = 0.0082516… USDC → 0.008252
  assert.is(usdMicrosInToken(8_250n, 6, { numerator: 9998n, scale: 4 }), 8_252n);
  // $6.60 in WETH (18 decimals) at $3000 = 0.0022 WETH exactly
  assert.is(usdMicrosInToken(6_600_000n, 18, ETH_USD), 2_200_000_000_000_000n);
  const estimate = estimateWith(wormholeModel, usdc(ethereum, base), market(GAS.base, { numerator: 9998n, scale: 4 }), 5_000n);
  assert.is(estimate.feeAmount, 8_252n);
  assert.is(estimate.receiveAmount, 5_000n - 8_252n, 'an amount below the fee leaves a negative receive (refused by the quote)');
});

test('the fee grows with the destination gas price and does not depend on the amount', () => {
  const route = usdc(ethereum, base);
  for (const model of BRIDGE_MODELS) {
    const low = estimateWith(model, route, market(GAS.base), THOUSAND_USDC);
    const high = estimateWith(model, route, market(GAS.base * 3n), THOUSAND_USDC);
    const larger = estimateWith(model, route, market(GAS.base), THOUSAND_USDC * 1000n);
    assert.ok(high.feeUsdMicros > low.feeUsdMicros, `${model.id}: ${high.feeUsdMicros} > ${low.feeUsdMicros}`);
    assert.is(larger.feeAmount, low.feeAmount, `${model.id}: a flat fee`);
  }
});

test('support matrix: DAI only over axelar, USDC on BNB Chain not over layerzero, WBTC not over layerzero, no testnet, no native coin', () => {
  const carriers = (route: BridgeRoute) => BRIDGE_MODELS.filter((model) => supportOf(model, route).ok).map((model) => model.id);
  assert.equal(carriers(usdc(ethereum, base)), ['wormhole', 'layerzero', 'axelar']);
  assert.equal(carriers({ ...usdc(ethereum, base), token: 'DAI', tokenDecimals: 18 }), ['axelar']);
  assert.equal(carriers({ ...usdc(arbitrum, optimism), token: 'WBTC', tokenDecimals: 8 }), ['wormhole', 'axelar']);
  assert.equal(carriers(usdc(bsc, base)), ['wormhole', 'axelar']);
  assert.equal(carriers({ ...usdc(bsc, ethereum), token: 'USDT' }), ['wormhole', 'layerzero', 'axelar']);
  assert.equal(carriers(usdc(baseSepolia, base)), []);
  assert.equal(carriers(usdc(base, baseSepolia)), []);
  assert.equal(carriers({ ...usdc(ethereum, base), token: 'ETH', tokenDecimals: 18 }), []);
  const refusal = supportOf(layerzeroModel, usdc(bsc, base));
  assert.equal(refusal, { ok: false, reason: 'token', detail: 'layerzero does not carry USDC on bsc.' });
  assert.equal(supportOf(wormholeModel, usdc(base, baseSepolia)), { ok: false, reason: 'testnet', detail: 'wormhole does not bridge to or from a testnet (base-sepolia).' });
});

test('ranking: most received first, then the faster, then by name', () => {
  const route = usdc(ethereum, base);
  const ranked = BRIDGE_MODELS.map((model) => estimateWith(model, route, market(GAS.base), THOUSAND_USDC)).sort(byNetReceived);
  // wormhole $0.00825 < layerzero $0.01309 < axelar $0.26125
  assert.equal(ranked.map((one) => one.protocol), ['wormhole', 'layerzero', 'axelar']);
  const same = (protocol: 'wormhole' | 'axelar', durationSeconds: number) => ({ ...ranked[0]!, protocol, durationSeconds });
  assert.equal([same('wormhole', 900), same('axelar', 100)].sort(byNetReceived).map((one) => one.protocol), ['axelar', 'wormhole']);
  assert.equal([same('wormhole', 100), same('axelar', 100)].sort(byNetReceived).map((one) => one.protocol), ['axelar', 'wormhole']);
});

test.run();

import type { BridgeModel, BridgeRoute, BridgeMarket, DurationLine, FeeLine } from './bridge-model.js';
import { relaySeconds } from './bridge-model.js';
import { ceilDiv, gasUsdMicros, withMargin } from './usd.js';

/**
 * LayerZero V2 (OFT / Stargate-style pools), as the protocol's own documentation
 * describes it (docs/crosschain.md):
 * - the application's DVNs verify a message after N block confirmations on
 *   the source (not hard finality), then an Executor delivers it;
 * - the fee, quoted by `quoteSend()` and paid in source native gas, is the
 *   DVNs' fees + the executor's fee (destination gas × gas price with a
 *   margin) + the treasury's share of those worker fees.
 */
export const LAYERZERO = {
  /** Required DVNs in the default security stack (e.g. LayerZero Labs + one more). */
  dvnCount: 2n,
  /** Gas of one DVN's `verify` on the destination's receive library. */
  dvnVerifyGasUnits: 80_000n,
  /** Gas the executor delivers `lzReceive` with (OFT credit). */
  executorGasUnits: 200_000n,
  /** Workers' margin over their gas cost (the price feed's multiplier): +20 %. */
  workerMarginPpm: 200_000n,
  /** Treasury fee: a share of the worker fees, in millionths (1 %). */
  treasurySharePpm: 10_000n,
  /** DVNs observing the confirmations, signing and committing the verification. */
  verificationSeconds: 30,
} as const;

/** Block confirmations the DVNs wait for on each source chain (the model's default config). */
export const LAYERZERO_CONFIRMATIONS: Readonly<Record<string, number>> = {
  ethereum: 15,
  polygon: 64,
  arbitrum: 20,
  optimism: 20,
  base: 10,
  bsc: 20,
};

const STABLES_AND_ETH = ['USDC', 'USDT', 'WETH'];
/** Stargate-style pools: USDC, USDT and WETH; on BNB Chain only USDT. */
const TOKENS: Readonly<Record<string, readonly string[]>> = {
  ethereum: STABLES_AND_ETH,
  polygon: STABLES_AND_ETH,
  arbitrum: STABLES_AND_ETH,
  optimism: STABLES_AND_ETH,
  base: STABLES_AND_ETH,
  bsc: ['USDT'],
};

export const layerzeroModel: BridgeModel = {
  id: 'layerzero',
  chains: Object.keys(LAYERZERO_CONFIRMATIONS),
  tokensOn: (chain) => TOKENS[chain] ?? [],
  fees(_route: BridgeRoute, market: BridgeMarket): FeeLine[] {
    const gas = (units: bigint) => withMargin(gasUsdMicros(units, market.destinationGasPriceWei, market.destinationNativeUsd), LAYERZERO.workerMarginPpm);
    const dvn = LAYERZERO.dvnCount * gas(LAYERZERO.dvnVerifyGasUnits);
    const executor = gas(LAYERZERO.executorGasUnits);
    return [
      { name: 'dvn_fees', usdMicros: dvn },
      { name: 'executor_fee', usdMicros: executor },
      { name: 'treasury_fee', usdMicros: ceilDiv((dvn + executor) * LAYERZERO.treasurySharePpm, 1_000_000n) },
    ];
  },
  duration(route: BridgeRoute): DurationLine[] {
    const confirmations = LAYERZERO_CONFIRMATIONS[route.source.name] ?? 0;
    return [
      { name: 'source_confirmations', seconds: Math.ceil((confirmations * route.source.blockTimeMs) / 1000) },
      { name: 'dvn_verification', seconds: LAYERZERO.verificationSeconds },
      { name: 'relay', seconds: relaySeconds(route.destination) },
    ];
  },
};

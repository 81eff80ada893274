import type { BridgeModel, BridgeRoute, BridgeMarket, DurationLine, FeeLine } from './bridge-model.js';
import { relaySeconds } from './bridge-model.js';
import { gasUsdMicros, withMargin } from './usd.js';

/**
 * Wormhole (Token Bridge / Portal with an executor relayer), as the protocol's own documentation
 * describes it (docs/crosschain.md):
 * - the 19 Guardians sign a VAA (13-of-19 quorum) only once the source block
 *   is `finalized`: the source chain's finality, then the quorum;
 * - the core message fee and the bridge's protocol fee are 0; the user pays a
 *   relayer/executor fee that covers redeeming the VAA on the destination
 *   (`completeTransfer`: signature checks plus the token transfer).
 */
export const WORMHOLE = {
  /** Gas of redeeming a transfer VAA on the destination (13 signature checks + mint/unlock). */
  redeemGasUnits: 250_000n,
  /** The relayer's margin over its gas cost: +10 %. */
  relayerMarginPpm: 100_000n,
  /** Core bridge message fee and Token Bridge protocol fee: 0 today. */
  protocolFeeUsdMicros: 0n,
  /** Guardians observing the finalized block and reaching 13-of-19 signatures. */
  guardianQuorumSeconds: 30,
} as const;

const MAINNETS = ['ethereum', 'polygon', 'arbitrum', 'optimism', 'base', 'bsc'];
/** Portal's main listings: the stablecoins and wrapped majors; DAI is left to the others in this model. */
const TOKENS = ['USDC', 'USDT', 'WETH', 'WBTC'];

export const wormholeModel: BridgeModel = {
  id: 'wormhole',
  chains: MAINNETS,
  tokensOn: () => TOKENS,
  fees(_route: BridgeRoute, market: BridgeMarket): FeeLine[] {
    const redeem = gasUsdMicros(WORMHOLE.redeemGasUnits, market.destinationGasPriceWei, market.destinationNativeUsd);
    return [
      { name: 'relayer_fee', usdMicros: withMargin(redeem, WORMHOLE.relayerMarginPpm) },
      { name: 'protocol_fee', usdMicros: WORMHOLE.protocolFeeUsdMicros },
    ];
  },
  duration(route: BridgeRoute): DurationLine[] {
    return [
      { name: 'source_finality', seconds: route.source.finalitySeconds },
      { name: 'guardian_quorum', seconds: WORMHOLE.guardianQuorumSeconds },
      { name: 'relay', seconds: relaySeconds(route.destination) },
    ];
  },
};

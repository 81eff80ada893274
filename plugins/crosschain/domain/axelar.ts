import type { BridgeModel, BridgeRoute, BridgeMarket, DurationLine, FeeLine } from './bridge-model.js';
import { relaySeconds } from './bridge-model.js';
import { cents, gasUsdMicros, withMargin } from './usd.js';

/**
 * Axelar (GMP / Interchain Token Service), as the protocol's own documentation
 * describes it (docs/crosschain.md):
 * - the proof-of-stake validators vote on the source event once the source
 *   chain is final (about a minute of voting), then the gateway on the
 *   destination approves it and a relayer executes it;
 * - the destination gas must be prepaid on the source (AxelarGasService):
 *   a base fee (the network's flat fee plus the gateway approval on the
 *   destination) and the estimated execution gas with a multiplier.
 */
export const AXELAR = {
  /** The network's flat relaying fee: $0.25. */
  networkFeeUsdMicros: cents(25n),
  /** Gas of the destination gateway's approval of the command batch. */
  approvalGasUnits: 100_000n,
  /** Gas of executing the token transfer on the destination (ITS). */
  executeGasUnits: 250_000n,
  /** The gas service's multiplier over the estimated execution gas: +10 %. */
  gasMultiplierPpm: 100_000n,
  /** Validators voting on the source event. */
  votingSeconds: 60,
} as const;

const MAINNETS = ['ethereum', 'polygon', 'arbitrum', 'optimism', 'base', 'bsc'];
/** Axelar-wrapped and ITS tokens: the stablecoins, DAI and the wrapped majors. */
const TOKENS = ['USDC', 'USDT', 'DAI', 'WETH', 'WBTC'];

export const axelarModel: BridgeModel = {
  id: 'axelar',
  chains: MAINNETS,
  tokensOn: () => TOKENS,
  fees(_route: BridgeRoute, market: BridgeMarket): FeeLine[] {
    const approval = gasUsdMicros(AXELAR.approvalGasUnits, market.destinationGasPriceWei, market.destinationNativeUsd);
    const execute = gasUsdMicros(AXELAR.executeGasUnits, market.destinationGasPriceWei, market.destinationNativeUsd);
    return [
      { name: 'base_fee', usdMicros: AXELAR.networkFeeUsdMicros + approval },
      { name: 'prepaid_destination_gas', usdMicros: withMargin(execute, AXELAR.gasMultiplierPpm) },
    ];
  },
  duration(route: BridgeRoute): DurationLine[] {
    return [
      { name: 'source_finality', seconds: route.source.finalitySeconds },
      { name: 'validator_voting', seconds: AXELAR.votingSeconds },
      { name: 'relay', seconds: relaySeconds(route.destination) },
    ];
  },
};

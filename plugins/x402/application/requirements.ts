import { inject, injectable } from 'inversify';
import { OnChainHoldings, type Tx } from '../../../kernel/public.js';
import { X402Config } from '../config.js';
import { centsToUnits } from '../domain/price.js';
import type { EndpointRecord } from '../domain/records.js';
import type { PaymentRequirement } from '../domain/requirement.js';
import { X402Networks } from './x402-networks.js';

/** What a call of a monetized path costs and where it pays: the registration, priced in its asset, paid to its account's custody address. */
@injectable()
export class Requirements {
  constructor(
    @inject(X402Networks) private readonly networks: X402Networks,
    @inject(OnChainHoldings) private readonly holdings: OnChainHoldings,
    @inject(X402Config) private readonly config: X402Config,
  ) {}

  async of(tx: Tx, endpoint: EndpointRecord, resource: string): Promise<PaymentRequirement> {
    const { network, asset } = this.networks.require(endpoint.network, endpoint.asset, { network: '/network', asset: '/asset' });
    const payTo = (await this.holdings.custodyAddress(tx, endpoint.teamId, endpoint.accountId, network.chain)) as `0x${string}`;
    return {
      network: network.network,
      chainId: network.chainId,
      chain: network.chain,
      asset: asset.asset,
      contract: asset.contract,
      decimals: asset.decimals,
      domain: asset.domain,
      amount: centsToUnits(endpoint.priceUsdCents, asset.decimals),
      payTo,
      resource,
      description: endpoint.description,
      maxTimeoutSeconds: this.config.max_timeout_seconds,
    };
  }

  /** X-Payment-Facilitator: the configured facilitator, or this service's own under the call's origin. */
  facilitatorUrl(resource: string): string {
    return this.config.facilitator_url ?? `${new URL(resource).origin}/api/v2/x402/facilitator`;
  }
}

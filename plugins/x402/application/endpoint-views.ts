import { inject, injectable } from 'inversify';
import { OnChainHoldings, type Tx } from '../../../kernel/public.js';
import { centsToUnits } from '../domain/price.js';
import type { EndpointRecord } from '../domain/records.js';
import type { EndpointView } from '../operations.js';
import { endpointView } from './views.js';
import { X402Networks } from './x402-networks.js';

/** A registration as the API shows it: priced in its asset and with its receiving address (derived on first use). */
@injectable()
export class EndpointViews {
  constructor(
    @inject(X402Networks) private readonly networks: X402Networks,
    @inject(OnChainHoldings) private readonly holdings: OnChainHoldings,
  ) {}

  async view(tx: Tx, endpoint: EndpointRecord): Promise<EndpointView> {
    const { network, asset } = this.networks.require(endpoint.network, endpoint.asset, { network: '/network', asset: '/asset' });
    const receiver = await this.holdings.custodyAddress(tx, endpoint.teamId, endpoint.accountId, network.chain);
    return endpointView(endpoint, asset, centsToUnits(endpoint.priceUsdCents, asset.decimals), receiver);
  }
}

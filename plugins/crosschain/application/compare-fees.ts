import { inject, injectable } from 'inversify';
import { asQueryParameters, AssetCatalog, ChainCatalog, type Operation } from '../../../kernel/public.js';
import type { BridgeFeesQuery, BridgeFeesView } from '../operations.js';
import { BridgeComparison } from './bridge-comparison.js';
import { validateTransfer } from './route-input.js';
import { bridgeFeesView } from './views.js';

/** GET /api/v2/crosschain/bridge/fees: the three protocols side by side for one transfer; nothing is stored. */
@injectable()
export class CompareBridgeFeesOperation implements Operation<BridgeFeesQuery, BridgeFeesView> {
  constructor(
    @inject(BridgeComparison) private readonly comparison: BridgeComparison,
    @inject(ChainCatalog) private readonly catalog: ChainCatalog,
    @inject(AssetCatalog) private readonly assets: AssetCatalog,
  ) {}

  execute(input: BridgeFeesQuery): Promise<BridgeFeesView> {
    return asQueryParameters(async () => {
      const at = { source: '/from', destination: '/to', token: '/token', amount: '/amount' };
      const { route, amount } = validateTransfer(this.catalog, this.assets, { source: input.from, destination: input.to, token: input.token, amount: input.amount }, at);
      const options = await this.comparison.options(route, amount);
      return bridgeFeesView({ source: route.source.name, destination: route.destination.name, token: route.token, decimals: route.tokenDecimals }, amount, options);
    });
  }
}

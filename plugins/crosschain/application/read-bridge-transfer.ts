import { inject, injectable } from 'inversify';
import { AssetCatalog, NotFoundError, UnitOfWork, type Operation, type RequestContext } from '../../../kernel/public.js';
import type { BridgeTransferParams, BridgeTransferView } from '../operations.js';
import { BridgeTransferRepository } from '../ports.js';
import { bridgeTransferView } from './views.js';

/** GET {api_root}/v1/crosschain/bridge/{id}: a transfer of the team as it stands (another team's: 404). */
@injectable()
export class ReadBridgeTransferOperation implements Operation<BridgeTransferParams, BridgeTransferView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(BridgeTransferRepository) private readonly transfers: BridgeTransferRepository,
    @inject(AssetCatalog) private readonly assets: AssetCatalog,
  ) {}

  async execute(input: BridgeTransferParams, ctx: RequestContext): Promise<BridgeTransferView> {
    const transfer = await this.uow.run((tx) => this.transfers.find(tx, ctx.actor.teamId, input.id));
    if (!transfer) throw new NotFoundError('Bridge transfer', input.id);
    return bridgeTransferView(transfer, this.assets.require(transfer.token, '/token').precision);
  }
}

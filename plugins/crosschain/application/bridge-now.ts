import { inject, injectable } from 'inversify';
import { AssetCatalog, ChainCatalog, chooseAccount, Ledger, UnitOfWork, type Operation, type RequestContext } from '../../../kernel/public.js';
import type { BridgeInput, BridgeTransferView } from '../operations.js';
import { BridgeComparison, chooseCarrier } from './bridge-comparison.js';
import { BridgeTransfers } from './bridge-transfers.js';
import { preferredProtocol, validateTransfer, type RoutePointers } from './route-input.js';
import { bridgeTransferView } from './views.js';

const at: RoutePointers = { source: '/source_chain', destination: '/destination_chain', token: '/token', amount: '/amount' };

/**
 * POST /crosschain/bridge: quote and initiate in one, from the account's
 * source holding to its own holding on the destination, at the fee the
 * protocol charges now (the named one, or the one that delivers the most).
 */
@injectable()
export class BridgeOperation implements Operation<BridgeInput, BridgeTransferView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(BridgeComparison) private readonly comparison: BridgeComparison,
    @inject(BridgeTransfers) private readonly bridge: BridgeTransfers,
    @inject(Ledger) private readonly ledger: Ledger,
    @inject(ChainCatalog) private readonly catalog: ChainCatalog,
    @inject(AssetCatalog) private readonly assets: AssetCatalog,
  ) {}

  async execute(input: BridgeInput, ctx: RequestContext): Promise<BridgeTransferView> {
    const teamId = ctx.actor.teamId;
    const { route, amount } = validateTransfer(this.catalog, this.assets, { source: input.source_chain, destination: input.destination_chain, token: input.token, amount: input.amount }, at);
    const preferred = preferredProtocol(input.protocol, '/protocol');
    const chosen = chooseCarrier(await this.comparison.options(route, amount), route, preferred, { ...at, protocol: '/protocol' });
    const transfer = await this.uow.run(async (tx) => {
      const accountId = await chooseAccount(tx, this.ledger, teamId, input.account_id, '/account_id');
      return this.bridge.initiate(tx, { teamId, accountId, quoteId: null, protocol: chosen.protocol, route, inputAmount: amount, feeAmount: chosen.estimate.feeAmount, recipientAddress: null, recipient: null });
    });
    return bridgeTransferView(transfer, route.tokenDecimals);
  }
}

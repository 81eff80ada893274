import { inject, injectable } from 'inversify';
import { AssetCatalog, ChainCatalog, chooseAccount, formatMinor, Ledger, UnitOfWork, ValidationError, type Operation, type RequestContext } from '../../../kernel/public.js';
import type { BridgeInput, BridgeTransferView } from '../operations.js';
import { BridgeComparison, isAvailable } from './bridge-comparison.js';
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
    const options = await this.comparison.options(route, amount);
    const carriers = options.filter((option) => option.support.ok);
    if (carriers.length === 0) throw ValidationError.field(route.source.testnet ? at.source : route.destination.testnet ? at.destination : at.token, `No bridge protocol carries ${route.token} from ${route.source.name} to ${route.destination.name}.`, 'no_bridge_route');
    const chosen = preferred ? options.find((option) => option.protocol === preferred)! : carriers[0]!;
    if (!chosen.support.ok) throw ValidationError.field('/protocol', `${chosen.support.detail} Protocols that carry this route: ${carriers.map((one) => one.protocol).join(', ')}.`, 'unsupported_route');
    if (!isAvailable(chosen)) throw ValidationError.field(at.amount, `The amount does not cover ${chosen.protocol}'s fee of ${formatMinor(chosen.estimate!.feeAmount, route.tokenDecimals)} ${route.token}.`, 'amount_below_fee');
    const transfer = await this.uow.run(async (tx) => {
      const accountId = await chooseAccount(tx, this.ledger, teamId, input.account_id, '/account_id');
      return this.bridge.initiate(tx, { teamId, accountId, quoteId: null, protocol: chosen.protocol, route, inputAmount: amount, feeAmount: chosen.estimate.feeAmount, recipientAddress: null, recipient: null });
    });
    return bridgeTransferView(transfer, route.tokenDecimals);
  }
}

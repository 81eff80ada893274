import { inject, injectable } from 'inversify';
import { Chain, ChainCatalog, pageRequest, Page, UnitOfWork, type Operation, type RequestContext } from '../../../kernel/public.js';
import type { ListInput, RelayView } from '../operations.js';
import { PaymentRepository } from '../ports.js';
import { X402Networks } from './x402-networks.js';

/**
 * The facilitator's gas relaying: for each of the team's payments, who paid
 * the gas of its settlement and how much, read from the chain's receipt. On
 * the simulated chains the service's gas sponsor pays every transfer (the
 * payer signs, the facilitator submits), so `paid_by` is `facilitator`.
 */
@injectable()
export class ListRelaysOperation implements Operation<ListInput, Page<RelayView>> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(PaymentRepository) private readonly payments: PaymentRepository,
    @inject(X402Networks) private readonly networks: X402Networks,
    @inject(Chain) private readonly chain: Chain,
    @inject(ChainCatalog) private readonly catalog: ChainCatalog,
  ) {}

  execute(input: ListInput, ctx: RequestContext): Promise<Page<RelayView>> {
    const page = pageRequest(input.page, input.per_page);
    return this.uow.run(async (tx) => {
      const slice = await this.payments.list(tx, ctx.actor.teamId, page);
      const relays: RelayView[] = [];
      for (const payment of slice.items) {
        const chain = this.networks.find(payment.network)?.chain;
        const receipt = chain && payment.txHash ? await this.chain.receipt(tx, chain, payment.txHash) : undefined;
        relays.push({
          payment_id: payment.id,
          network: payment.network,
          tx_hash: payment.txHash,
          paid_by: receipt ? 'facilitator' : null,
          gas_asset: chain ? this.catalog.find(chain)!.nativeAsset : null,
          gas_used: receipt?.gasUsed.toString() ?? null,
          gas_price_wei: receipt?.effectiveGasPriceWei.toString() ?? null,
          gas_cost_wei: receipt ? (receipt.gasUsed * receipt.effectiveGasPriceWei).toString() : null,
          block_number: receipt?.blockNumber.toString() ?? null,
        });
      }
      return new Page(relays, page.page, page.perPage, slice.total);
    });
  }
}

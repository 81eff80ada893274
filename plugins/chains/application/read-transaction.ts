import { inject, injectable } from 'inversify';
import { Chain, ChainCatalog, NotFoundError, UnitOfWork, type Operation } from '../../../kernel/public.js';
import type { ReceiptView, TransactionParams } from '../operations.js';
import { chainInPath } from './chain-in-path.js';
import { receiptView } from './views.js';

/** GET /chains/{chain}/transactions/{hash}: a receipt, with its status and confirmations now. */
@injectable()
export class GetTransactionOperation implements Operation<TransactionParams, ReceiptView> {
  constructor(
    @inject(Chain) private readonly chain: Chain,
    @inject(ChainCatalog) private readonly catalog: ChainCatalog,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
  ) {}

  async execute(input: TransactionParams): Promise<ReceiptView> {
    const { name } = chainInPath(this.catalog, input.chain);
    const receipt = await this.uow.readOnly((tx) => this.chain.receipt(tx, name, input.hash));
    if (!receipt) throw new NotFoundError(`Transaction on ${name}`, input.hash);
    return receiptView(receipt, this.catalog.requireToken(name, receipt.assetCode, '/hash').decimals);
  }
}

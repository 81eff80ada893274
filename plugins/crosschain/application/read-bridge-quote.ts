import { inject, injectable } from 'inversify';
import { ChainCatalog, NotFoundError, UnitOfWork, type Operation, type RequestContext } from '../../../kernel/public.js';
import type { BridgeQuoteParams, BridgeQuoteView } from '../operations.js';
import { BridgeQuoteRepository } from '../ports.js';
import { bridgeQuoteView } from './views.js';

/** GET /api/v2/crosschain/bridge/quotes/{id}: a stored bridge quote of the team, expired or not (another team's is 404). */
@injectable()
export class ReadBridgeQuoteOperation implements Operation<BridgeQuoteParams, BridgeQuoteView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(BridgeQuoteRepository) private readonly quotes: BridgeQuoteRepository,
    @inject(ChainCatalog) private readonly catalog: ChainCatalog,
  ) {}

  async execute(input: BridgeQuoteParams, ctx: RequestContext): Promise<BridgeQuoteView> {
    const quote = await this.uow.readOnly((tx) => this.quotes.find(tx, ctx.actor.teamId, input.id));
    if (!quote) throw new NotFoundError('Bridge quote', input.id, { parameter: 'id' });
    return bridgeQuoteView(quote, this.catalog.requireToken(quote.sourceChain, quote.token, '').decimals);
  }
}

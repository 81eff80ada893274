import { inject, injectable } from 'inversify';
import { ChainCatalog, NotFoundError, UnitOfWork, type Operation, type RequestContext } from '../../../kernel/public.js';
import type { QuoteParams, SwapQuoteView } from '../operations.js';
import { QuoteRepository } from '../ports.js';
import { swapQuoteView } from './views.js';

/** GET /defi/swap/quotes/{id}, swapQuote(id): a stored quote of the team, expired or not (another team's is 404). */
@injectable()
export class ReadSwapQuoteOperation implements Operation<QuoteParams, SwapQuoteView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(QuoteRepository) private readonly quotes: QuoteRepository,
    @inject(ChainCatalog) private readonly catalog: ChainCatalog,
  ) {}

  async execute(input: QuoteParams, ctx: RequestContext): Promise<SwapQuoteView> {
    const quote = await this.uow.readOnly((tx) => this.quotes.find(tx, ctx.actor.teamId, input.id));
    if (!quote) throw new NotFoundError('Swap quote', input.id, { parameter: 'id' });
    const decimals = (code: string) => this.catalog.requireToken(quote.chain, code, '').decimals;
    return swapQuoteView(quote, decimals(quote.tokenIn), decimals(quote.tokenOut));
  }
}

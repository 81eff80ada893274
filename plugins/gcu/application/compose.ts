import { inject, injectable } from 'inversify';
import type { RequestContext } from '../../../kernel/contract/context.js';
import type { Operation } from '../../../kernel/contract/route.js';
import type { BasketExchangeInput, BasketExchangeView } from '../operations.js';
import { BasketExchange } from './basket-exchange.js';

/** POST /accounts/{id}/baskets/compose */
@injectable()
export class ComposeOperation implements Operation<BasketExchangeInput, BasketExchangeView> {
  constructor(@inject(BasketExchange) private readonly exchange: BasketExchange) {}
  execute(input: BasketExchangeInput, ctx: RequestContext) {
    return this.exchange.run('compose', input, ctx);
  }
}

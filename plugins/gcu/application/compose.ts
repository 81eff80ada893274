import { inject, injectable } from 'inversify';
import type { Operation, RequestContext } from '../../../kernel/public.js';
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

import { inject, injectable } from 'inversify';
import { Clock, Ids, listPage, NotFoundError, pageRequest, UnitOfWork, type Operation, type Page, type RequestContext } from '../../../kernel/public.js';
import type { CardholderRecord } from '../domain/card.js';
import { CardholderCreated } from '../events.js';
import type { CardholderView, CreateCardholderInput, IdInput, ListInput } from '../operations.js';
import { CardRepository } from '../ports.js';
import { cardholderView } from './views.js';

/** POST /cardholders, createCardholder. */
@injectable()
export class CreateCardholderOperation implements Operation<CreateCardholderInput, CardholderView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(CardRepository) private readonly cards: CardRepository,
    @inject(Clock) private readonly clock: Clock,
    @inject(Ids) private readonly ids: Ids,
  ) {}

  execute(input: CreateCardholderInput, ctx: RequestContext): Promise<CardholderView> {
    const cardholder: CardholderRecord = { id: this.ids.uuid(), teamId: ctx.actor.teamId, name: input.name, email: input.email ?? null, createdAt: this.clock.now() };
    return this.uow.run(async (tx) => {
      await this.cards.insertCardholder(tx, cardholder);
      const view = cardholderView(cardholder);
      await tx.append([{ type: CardholderCreated.name, teamId: cardholder.teamId, aggregateType: 'cardholder', aggregateId: cardholder.id, payload: view }]);
      return view;
    });
  }
}

/** GET /cardholders/{id}, cardholder(id): 404 for another team's. */
@injectable()
export class GetCardholderOperation implements Operation<IdInput, CardholderView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(CardRepository) private readonly cards: CardRepository,
  ) {}

  execute(input: IdInput, ctx: RequestContext): Promise<CardholderView> {
    return this.uow.readOnly(async (tx) => {
      const cardholder = await this.cards.findCardholder(tx, ctx.actor.teamId, input.id);
      if (!cardholder) throw new NotFoundError('cardholder', input.id, { parameter: 'id' });
      return cardholderView(cardholder);
    });
  }
}

/** GET /cardholders, cardholders: oldest first. */
@injectable()
export class ListCardholdersOperation implements Operation<ListInput, Page<CardholderView>> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(CardRepository) private readonly cards: CardRepository,
  ) {}

  execute(input: ListInput, ctx: RequestContext): Promise<Page<CardholderView>> {
    return listPage(this.uow, pageRequest(input.page, input.per_page), cardholderView, (tx, page) => this.cards.listCardholders(tx, ctx.actor.teamId, page));
  }
}

import { inject, injectable } from 'inversify';
import { AssetCatalog, Clock, ConflictError, Ledger, listPage, NotFoundError, pageRequest, UnitOfWork, type Operation, type Page, type RequestContext, type Tx } from '../../../kernel/public.js';
import { reversed } from '../domain/authorization.js';
import { nextStatus, type CardAction, type CardRecord } from '../domain/card.js';
import { AuthorizationReversed, CardCancelled, CardControlsUpdated, CardFrozen, CardUnfrozen } from '../events.js';
import type { CardView, IdInput, ListInput, UpdateControlsInput } from '../operations.js';
import { CardRepository } from '../ports.js';
import { controlsFrom } from './card-controls.js';
import { authorizationView, cardView } from './views.js';

/** The team's card, locked for the rest of the unit of work; 404 for another team's. */
export async function lockedCard(cards: CardRepository, tx: Tx, teamId: string, id: string): Promise<CardRecord> {
  const card = await cards.lockCard(tx, teamId, id);
  if (!card) throw new NotFoundError('card', id, { parameter: 'id' });
  return card;
}

/** GET /cards/{id}, card(id). */
@injectable()
export class GetCardOperation implements Operation<IdInput, CardView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(CardRepository) private readonly cards: CardRepository,
    @inject(AssetCatalog) private readonly assets: AssetCatalog,
  ) {}

  execute(input: IdInput, ctx: RequestContext): Promise<CardView> {
    return this.uow.readOnly(async (tx) => {
      const card = await this.cards.findCard(tx, ctx.actor.teamId, input.id);
      if (!card) throw new NotFoundError('card', input.id, { parameter: 'id' });
      return cardView(card, this.assets);
    });
  }
}

/** GET /cards, cards: oldest first. */
@injectable()
export class ListCardsOperation implements Operation<ListInput, Page<CardView>> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(CardRepository) private readonly cards: CardRepository,
    @inject(AssetCatalog) private readonly assets: AssetCatalog,
  ) {}

  execute(input: ListInput, ctx: RequestContext): Promise<Page<CardView>> {
    return listPage(this.uow, pageRequest(input.page, input.per_page), (card: CardRecord) => cardView(card, this.assets), (tx, page) => this.cards.listCards(tx, ctx.actor.teamId, page));
  }
}

/** PATCH /cards/{id}/controls: limits and categories of a card that is not cancelled (409 card_cancelled). */
@injectable()
export class UpdateControlsOperation implements Operation<UpdateControlsInput, CardView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(CardRepository) private readonly cards: CardRepository,
    @inject(AssetCatalog) private readonly assets: AssetCatalog,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  execute(input: UpdateControlsInput, ctx: RequestContext): Promise<CardView> {
    return this.uow.run(async (tx) => {
      const card = await lockedCard(this.cards, tx, ctx.actor.teamId, input.id);
      if (card.status === 'cancelled') throw new ConflictError('A cancelled card’s controls cannot change.', 'card_cancelled');
      const updated: CardRecord = { ...card, ...controlsFrom(input, this.assets.require(card.currency, '/currency'), card), updatedAt: this.clock.now() };
      await this.cards.updateCard(tx, updated);
      const view = cardView(updated, this.assets);
      await tx.append([{ type: CardControlsUpdated.name, teamId: card.teamId, aggregateType: 'card', aggregateId: card.id, payload: view }]);
      return view;
    });
  }
}

const EVENTS = { freeze: CardFrozen, unfreeze: CardUnfrozen, cancel: CardCancelled } as const;

/**
 * Freeze, unfreeze and cancel: one status change each (409 from a status
 * that refuses it). Cancelling first reverses the card's open
 * authorizations, returning their holds to the account.
 */
@injectable()
export class CardStatusChange {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(CardRepository) private readonly cards: CardRepository,
    @inject(Ledger) private readonly ledger: Ledger,
    @inject(AssetCatalog) private readonly assets: AssetCatalog,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  apply(action: CardAction, input: IdInput, ctx: RequestContext): Promise<CardView> {
    return this.uow.run(async (tx) => {
      const card = await lockedCard(this.cards, tx, ctx.actor.teamId, input.id);
      const now = this.clock.now();
      const updated: CardRecord = { ...card, status: nextStatus(card, action), updatedAt: now };
      if (action === 'cancel') {
        for (const open of await this.cards.openAuthorizations(tx, card.teamId, card.id)) {
          const closed = reversed(open, now);
          await this.ledger.release(tx, card.teamId, open.holdId!);
          await this.cards.updateAuthorization(tx, closed);
          await tx.append([{ type: AuthorizationReversed.name, teamId: card.teamId, aggregateType: 'card_authorization', aggregateId: closed.id, payload: authorizationView(closed, this.assets) }]);
        }
      }
      await this.cards.updateCard(tx, updated);
      const view = cardView(updated, this.assets);
      await tx.append([{ type: EVENTS[action].name, teamId: card.teamId, aggregateType: 'card', aggregateId: card.id, payload: view }]);
      return view;
    });
  }
}

/** POST /cards/{id}/freeze, freezeCard. */
@injectable()
export class FreezeCardOperation implements Operation<IdInput, CardView> {
  constructor(@inject(CardStatusChange) private readonly change: CardStatusChange) {}
  execute(input: IdInput, ctx: RequestContext): Promise<CardView> {
    return this.change.apply('freeze', input, ctx);
  }
}

/** POST /cards/{id}/unfreeze, unfreezeCard. */
@injectable()
export class UnfreezeCardOperation implements Operation<IdInput, CardView> {
  constructor(@inject(CardStatusChange) private readonly change: CardStatusChange) {}
  execute(input: IdInput, ctx: RequestContext): Promise<CardView> {
    return this.change.apply('unfreeze', input, ctx);
  }
}

/** POST /cards/{id}/cancel, cancelCard. */
@injectable()
export class CancelCardOperation implements Operation<IdInput, CardView> {
  constructor(@inject(CardStatusChange) private readonly change: CardStatusChange) {}
  execute(input: IdInput, ctx: RequestContext): Promise<CardView> {
    return this.change.apply('cancel', input, ctx);
  }
}

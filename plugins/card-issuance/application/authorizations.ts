import { inject, injectable } from 'inversify';
import {
  AssetCatalog,
  Clock,
  Ids,
  Ledger,
  listPage,
  NotFoundError,
  pageRequest,
  parseAmountField,
  UnitOfWork,
  type Operation,
  type Page,
  type RequestContext,
  type Tx,
} from '../../../kernel/public.js';
import { captured, remaining, reversed, spent, type AuthorizationRecord } from '../domain/authorization.js';
import { dayStart, declineReason, type CardRecord, type DeclineReason } from '../domain/card.js';
import { AuthorizationApproved, AuthorizationCaptured, AuthorizationDeclined, AuthorizationReversed } from '../events.js';
import type { AuthorizationView, AuthorizeInput, CaptureInput, IdInput, ListAuthorizationsInput } from '../operations.js';
import { CardRepository } from '../ports.js';
import { lockedCard } from './manage-cards.js';
import { authorizationView } from './views.js';

/**
 * The card scheme's settlement account: captures pay into it, as the
 * issuer owes the merchants' banks through the scheme. A system account,
 * so conservation holds: every capture's debit of a customer is its credit.
 */
export const CARD_SETTLEMENT_ACCOUNT = 'system:card-settlement';

/**
 * POST /cards/{id}/authorizations: a merchant's request to charge the
 * card, as the scheme would send it. Under the card's lock (so two cannot
 * both pass the daily limit) it checks the card's status, expiry, merchant
 * category, limits, the account and its available funds: approved, the
 * amount is held on the account; declined, nothing is held and the reason
 * is recorded. Both answer 201: a decline is an answer, not an error.
 */
@injectable()
export class AuthorizeOperation implements Operation<AuthorizeInput, AuthorizationView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(CardRepository) private readonly cards: CardRepository,
    @inject(Ledger) private readonly ledger: Ledger,
    @inject(AssetCatalog) private readonly assets: AssetCatalog,
    @inject(Clock) private readonly clock: Clock,
    @inject(Ids) private readonly ids: Ids,
  ) {}

  execute(input: AuthorizeInput, ctx: RequestContext): Promise<AuthorizationView> {
    return this.uow.run(async (tx) => {
      const card = await lockedCard(this.cards, tx, ctx.actor.teamId, input.id);
      const amount = parseAmountField(input.amount, this.assets.require(card.currency, '/amount'), '/amount');
      const now = this.clock.now();
      const id = this.ids.uuid();
      const reason = await this.#decline(tx, card, amount, input.merchant_category, now);
      const holdId = reason ? null : await this.ledger.hold(tx, card.teamId, { accountId: card.accountId, assetCode: card.currency, amount, reference: `card_authorization:${id}` });
      const authorization: AuthorizationRecord = {
        id,
        teamId: card.teamId,
        cardId: card.id,
        amount,
        currency: card.currency,
        merchantName: input.merchant_name,
        merchantCategory: input.merchant_category,
        status: reason ? 'declined' : 'approved',
        declineReason: reason,
        holdId,
        capturedAmount: 0n,
        releasedAmount: 0n,
        createdAt: now,
        updatedAt: now,
      };
      await this.cards.insertAuthorization(tx, authorization);
      const view = authorizationView(authorization, this.assets);
      const type = reason ? AuthorizationDeclined : AuthorizationApproved;
      await tx.append([{ type: type.name, teamId: card.teamId, aggregateType: 'card_authorization', aggregateId: id, payload: view }]);
      return view;
    });
  }

  async #decline(tx: Tx, card: CardRecord, amount: bigint, category: string, now: Date): Promise<DeclineReason | null> {
    const today = await this.cards.authorizationsSince(tx, card.teamId, card.id, dayStart(now));
    const own = declineReason(card, amount, category, today.reduce((sum, one) => sum + spent(one), 0n), now);
    if (own) return own;
    if ((await this.ledger.account(tx, card.teamId, card.accountId)).status !== 'active') return 'account_not_active';
    const balance = await this.ledger.balance(tx, card.teamId, card.accountId, card.currency);
    return balance.available < amount ? 'insufficient_funds' : null;
  }
}

/** GET /cards/{id}/authorizations, cardTransactions(card_id): newest first; 404 for another team's card. */
@injectable()
export class ListAuthorizationsOperation implements Operation<ListAuthorizationsInput, Page<AuthorizationView>> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(CardRepository) private readonly cards: CardRepository,
    @inject(AssetCatalog) private readonly assets: AssetCatalog,
  ) {}

  execute(input: ListAuthorizationsInput, ctx: RequestContext): Promise<Page<AuthorizationView>> {
    const teamId = ctx.actor.teamId;
    return listPage(
      this.uow,
      pageRequest(input.page, input.per_page),
      (one: AuthorizationRecord) => authorizationView(one, this.assets),
      async (tx, page) => {
        if (!(await this.cards.findCard(tx, teamId, input.id))) throw new NotFoundError('card', input.id, { parameter: 'id' });
        return this.cards.listAuthorizations(tx, teamId, input.id, page);
      },
    );
  }
}

async function lockedAuthorization(cards: CardRepository, tx: Tx, teamId: string, id: string): Promise<AuthorizationRecord> {
  const authorization = await cards.lockAuthorization(tx, teamId, id);
  if (!authorization) throw new NotFoundError('card authorization', id, { parameter: 'id' });
  return authorization;
}

/**
 * POST /card-authorizations/{id}/capture: pays `amount` (default: all that
 * remains) of an open authorization from its hold to the scheme's
 * settlement account. Partial captures leave the rest held. 409 for a
 * closed authorization, 422 capture_exceeds_authorization.
 */
@injectable()
export class CaptureOperation implements Operation<CaptureInput, AuthorizationView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(CardRepository) private readonly cards: CardRepository,
    @inject(Ledger) private readonly ledger: Ledger,
    @inject(AssetCatalog) private readonly assets: AssetCatalog,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  execute(input: CaptureInput, ctx: RequestContext): Promise<AuthorizationView> {
    return this.uow.run(async (tx) => {
      const authorization = await lockedAuthorization(this.cards, tx, ctx.actor.teamId, input.id);
      const amount = input.amount === undefined ? remaining(authorization) : parseAmountField(input.amount, this.assets.require(authorization.currency, '/amount'), '/amount');
      const next = captured(authorization, amount, this.clock.now());
      await this.ledger.capture(tx, authorization.teamId, authorization.holdId!, amount, [{ accountId: CARD_SETTLEMENT_ACCOUNT, assetCode: authorization.currency, amount }], 'card.capture');
      await this.cards.updateAuthorization(tx, next);
      const view = authorizationView(next, this.assets);
      await tx.append([{ type: AuthorizationCaptured.name, teamId: next.teamId, aggregateType: 'card_authorization', aggregateId: next.id, payload: view }]);
      return view;
    });
  }
}

/** POST /card-authorizations/{id}/reverse: returns what an open authorization still holds to the account (409 when closed). */
@injectable()
export class ReverseOperation implements Operation<IdInput, AuthorizationView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(CardRepository) private readonly cards: CardRepository,
    @inject(Ledger) private readonly ledger: Ledger,
    @inject(AssetCatalog) private readonly assets: AssetCatalog,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  execute(input: IdInput, ctx: RequestContext): Promise<AuthorizationView> {
    return this.uow.run(async (tx) => {
      const authorization = await lockedAuthorization(this.cards, tx, ctx.actor.teamId, input.id);
      const next = reversed(authorization, this.clock.now());
      await this.ledger.release(tx, authorization.teamId, authorization.holdId!);
      await this.cards.updateAuthorization(tx, next);
      const view = authorizationView(next, this.assets);
      await tx.append([{ type: AuthorizationReversed.name, teamId: next.teamId, aggregateType: 'card_authorization', aggregateId: next.id, payload: view }]);
      return view;
    });
  }
}

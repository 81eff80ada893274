import { injectable } from 'inversify';
import { pageOffset, type PageRequest, type Slice, type Tx } from '../../../../kernel/public.js';
import { putUndoable } from '../../../../kit/memory.js';
import { isOpen, type AuthorizationRecord } from '../../domain/authorization.js';
import type { CardholderRecord, CardRecord } from '../../domain/card.js';
import type { CardRepository } from '../../ports.js';

function slice<T>(rows: readonly T[], page: PageRequest): Slice<T> {
  const start = pageOffset(page);
  return { items: rows.slice(start, start + page.perPage), total: rows.length };
}

/**
 * Cardholders, cards and authorizations in Maps in insertion order; every
 * write is undone if its unit of work rolls back. The memory store runs
 * units of work one at a time, so a lock is a plain read.
 */
@injectable()
export class MemoryCardRepository implements CardRepository {
  readonly #cardholders = new Map<string, CardholderRecord>();
  readonly #cards = new Map<string, CardRecord>();
  readonly #authorizations = new Map<string, AuthorizationRecord>();

  async insertCardholder(tx: Tx, cardholder: CardholderRecord): Promise<void> {
    putUndoable(tx, this.#cardholders, cardholder.id, cardholder);
  }

  async findCardholder(_tx: Tx, teamId: string, id: string): Promise<CardholderRecord | undefined> {
    const found = this.#cardholders.get(id);
    return found?.teamId === teamId ? found : undefined;
  }

  async listCardholders(_tx: Tx, teamId: string, page: PageRequest): Promise<Slice<CardholderRecord>> {
    return slice([...this.#cardholders.values()].filter((one) => one.teamId === teamId), page);
  }

  async insertCard(tx: Tx, card: CardRecord): Promise<void> {
    putUndoable(tx, this.#cards, card.id, card);
  }

  async findCard(_tx: Tx, teamId: string, id: string): Promise<CardRecord | undefined> {
    const found = this.#cards.get(id);
    return found?.teamId === teamId ? found : undefined;
  }

  lockCard(tx: Tx, teamId: string, id: string): Promise<CardRecord | undefined> {
    return this.findCard(tx, teamId, id);
  }

  async listCards(_tx: Tx, teamId: string, page: PageRequest): Promise<Slice<CardRecord>> {
    return slice([...this.#cards.values()].filter((one) => one.teamId === teamId), page);
  }

  async updateCard(tx: Tx, card: CardRecord): Promise<void> {
    const stored = this.#cards.get(card.id);
    if (stored?.teamId !== card.teamId) return;
    const { status, perTransactionLimit, dailyLimit, allowedCategories, updatedAt } = card;
    putUndoable(tx, this.#cards, card.id, { ...stored, status, perTransactionLimit, dailyLimit, allowedCategories, updatedAt });
  }

  async insertAuthorization(tx: Tx, authorization: AuthorizationRecord): Promise<void> {
    putUndoable(tx, this.#authorizations, authorization.id, authorization);
  }

  async lockAuthorization(_tx: Tx, teamId: string, id: string): Promise<AuthorizationRecord | undefined> {
    const found = this.#authorizations.get(id);
    return found?.teamId === teamId ? found : undefined;
  }

  async updateAuthorization(tx: Tx, authorization: AuthorizationRecord): Promise<void> {
    const stored = this.#authorizations.get(authorization.id);
    if (stored?.teamId !== authorization.teamId) return;
    const { status, capturedAmount, releasedAmount, updatedAt } = authorization;
    putUndoable(tx, this.#authorizations, authorization.id, { ...stored, status, capturedAmount, releasedAmount, updatedAt });
  }

  async listAuthorizations(_tx: Tx, teamId: string, cardId: string, page: PageRequest): Promise<Slice<AuthorizationRecord>> {
    return slice(this.#ofCard(teamId, cardId).reverse(), page);
  }

  async openAuthorizations(_tx: Tx, teamId: string, cardId: string): Promise<AuthorizationRecord[]> {
    return this.#ofCard(teamId, cardId).filter(isOpen);
  }

  async authorizationsSince(_tx: Tx, teamId: string, cardId: string, since: Date): Promise<AuthorizationRecord[]> {
    return this.#ofCard(teamId, cardId).filter((one) => one.createdAt.getTime() >= since.getTime());
  }

  /** Oldest first. */
  #ofCard(teamId: string, cardId: string): AuthorizationRecord[] {
    return [...this.#authorizations.values()].filter((one) => one.teamId === teamId && one.cardId === cardId);
  }
}

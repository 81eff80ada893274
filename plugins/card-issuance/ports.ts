import { token, type PageRequest, type Slice, type Tx } from '../../kernel/public.js';
import type { AuthorizationRecord } from './domain/authorization.js';
import type { CardholderRecord, CardRecord } from './domain/card.js';

/**
 * The plugin's repository, one implementation per store family, both held
 * to adapters/repository.contract.ts. Every method is scoped by team.
 */
export interface CardRepository {
  insertCardholder(tx: Tx, cardholder: CardholderRecord): Promise<void>;
  findCardholder(tx: Tx, teamId: string, id: string): Promise<CardholderRecord | undefined>;
  /** Oldest first. */
  listCardholders(tx: Tx, teamId: string, page: PageRequest): Promise<Slice<CardholderRecord>>;

  insertCard(tx: Tx, card: CardRecord): Promise<void>;
  findCard(tx: Tx, teamId: string, id: string): Promise<CardRecord | undefined>;
  /**
   * The card, locked until the unit of work ends: authorizations of one card
   * run one after another, so two cannot both pass its daily limit.
   */
  lockCard(tx: Tx, teamId: string, id: string): Promise<CardRecord | undefined>;
  /** Oldest first. */
  listCards(tx: Tx, teamId: string, page: PageRequest): Promise<Slice<CardRecord>>;
  /** Writes status, controls and updated_at of a card found before. */
  updateCard(tx: Tx, card: CardRecord): Promise<void>;

  insertAuthorization(tx: Tx, authorization: AuthorizationRecord): Promise<void>;
  /** The authorization, locked until the unit of work ends (a capture and a reversal of it run one after another). */
  lockAuthorization(tx: Tx, teamId: string, id: string): Promise<AuthorizationRecord | undefined>;
  /** Writes status, captured and released amounts and updated_at. */
  updateAuthorization(tx: Tx, authorization: AuthorizationRecord): Promise<void>;
  /** The card's authorizations, newest first. */
  listAuthorizations(tx: Tx, teamId: string, cardId: string, page: PageRequest): Promise<Slice<AuthorizationRecord>>;
  /** The card's approved or partially captured authorizations (a cancelled card reverses them). */
  openAuthorizations(tx: Tx, teamId: string, cardId: string): Promise<AuthorizationRecord[]>;
  /** The card's authorizations made at or after `since`, declined ones included (the daily limit counts them with `spent`). */
  authorizationsSince(tx: Tx, teamId: string, cardId: string, since: Date): Promise<AuthorizationRecord[]>;
}
export const CardRepository = token<CardRepository>('card-issuance.card-repository');

import { eventType } from '../../kernel/public.js';
import { authorizationView, cardholderView, cardView } from './operations.js';

/** Every state change of a cardholder, card or authorization commits with one of these. The payloads never hold a PAN. */
const group = 'Cards';
const card = (name: string, description: string, emittedBy: string) => eventType({ name, version: 1, group, description, emittedBy, payload: cardView, webhook: true });
const authorization = (name: string, description: string, emittedBy: string) =>
  eventType({ name, version: 1, group, description, emittedBy, payload: authorizationView, webhook: true });

export const CardholderCreated = eventType({
  name: 'card.cardholder.created',
  version: 1,
  group,
  description: 'A cardholder was created.',
  emittedBy: 'POST /cardholders, createCardholder',
  payload: cardholderView,
  webhook: true,
});
export const CardIssued = card('card.issued', 'A virtual card was issued (the payload shows its last four digits only).', 'POST /cards, createCard');
export const CardControlsUpdated = card('card.controls_updated', 'A card’s spending controls changed.', 'PATCH /cards/{id}/controls');
export const CardFrozen = card('card.frozen', 'A card was frozen: it declines new authorizations.', 'POST /cards/{id}/freeze, freezeCard');
export const CardUnfrozen = card('card.unfrozen', 'A frozen card was made active again.', 'POST /cards/{id}/unfreeze, unfreezeCard');
export const CardCancelled = card('card.cancelled', 'A card was cancelled for good; its open authorizations were reversed first.', 'POST /cards/{id}/cancel, cancelCard');
export const AuthorizationApproved = authorization('card.authorization.approved', 'An authorization was approved: its amount is held on the card’s account.', 'POST /cards/{id}/authorizations');
export const AuthorizationDeclined = authorization('card.authorization.declined', 'An authorization was declined (decline_reason says why); nothing was held.', 'POST /cards/{id}/authorizations');
export const AuthorizationCaptured = authorization('card.authorization.captured', 'Part or all of an authorization was captured: paid from the hold to the card scheme’s settlement account.', 'POST /card-authorizations/{id}/capture');
export const AuthorizationReversed = authorization(
  'card.authorization.reversed',
  'What an authorization still held was returned to the account (by a reversal, or by cancelling the card).',
  'POST /card-authorizations/{id}/reverse, POST /cards/{id}/cancel',
);

export const cardIssuanceEvents = [
  CardholderCreated,
  CardIssued,
  CardControlsUpdated,
  CardFrozen,
  CardUnfrozen,
  CardCancelled,
  AuthorizationApproved,
  AuthorizationDeclined,
  AuthorizationCaptured,
  AuthorizationReversed,
];

import { eventType } from '../../kernel/public.js';
import { P2pTransferView, PasskeyView, PaymentIntentView, SessionView } from './operations.js';

/** Every state change of a passkey or session commits with one of these (docs/events.md lists them). */
export const PasskeyRegistered = eventType({
  name: 'mobile.passkey.registered',
  version: 1,
  group: 'Mobile payment',
  description: 'A user registered a passkey (a security event: a new way to sign in).',
  emittedBy: 'POST /mobile/auth/passkey/register',
  payload: PasskeyView,
  webhook: true,
});

export const PasskeyDeleted = eventType({
  name: 'mobile.passkey.deleted',
  version: 1,
  group: 'Mobile payment',
  description: 'A user deleted a passkey; the sessions it opened ended with it.',
  emittedBy: 'DELETE /mobile/passkeys/{id}',
  payload: PasskeyView,
  webhook: true,
});

export const PasskeyFlagged = eventType({
  name: 'mobile.passkey.flagged',
  version: 1,
  group: 'Mobile payment',
  description: 'A sign-in showed a signature counter that did not increase (a possible cloned authenticator): the passkey signs in no more and its sessions ended.',
  emittedBy: 'POST /mobile/auth/passkey/verify',
  payload: PasskeyView,
  webhook: true,
});

export const SessionStarted = eventType({
  name: 'mobile.session.started',
  version: 1,
  group: 'Mobile payment',
  description: 'A passkey sign-in opened a session (the payload never holds the token).',
  emittedBy: 'POST /mobile/auth/passkey/verify',
  payload: SessionView,
  webhook: false,
});

export const SessionRevoked = eventType({
  name: 'mobile.session.revoked',
  version: 1,
  group: 'Mobile payment',
  description: 'A session was ended by sign-out or revocation.',
  emittedBy: 'POST /mobile/auth/sign-out, DELETE /mobile/sessions/{id}',
  payload: SessionView,
  webhook: false,
});

const intentEvent = (status: string, description: string, emittedBy: string) =>
  eventType({ name: `payment_intent.${status}`, version: 1, group: 'Mobile payment', description, emittedBy, payload: PaymentIntentView, webhook: true });

export const IntentCreated = intentEvent('created', 'A payment intent was created; the payer’s funds are held until it is confirmed, cancelled or expires.', 'POST /mobile/payments/intents');
export const IntentProcessing = intentEvent('processing', 'A payment intent was confirmed; its settlement is queued.', 'POST /mobile/payments/intents/{id}/confirm');
export const IntentCompleted = intentEvent('completed', 'A payment intent settled: the money reached the recipient (status succeeded).', 'workflow mobile.settle-payment-intent');
export const IntentFailed = intentEvent('failed', 'A confirmed payment intent could not settle (e.g. the recipient’s account was frozen); the hold was released.', 'workflow mobile.settle-payment-intent');
export const IntentCancelled = intentEvent('cancelled', 'The payer cancelled a payment intent; the hold was released.', 'POST /mobile/payments/intents/{id}/cancel');
export const IntentExpired = intentEvent('expired', 'A payment intent was not confirmed before expires_at; the hold was released.', 'scheduled task mobile.expire-payment-intents');

export const P2pSent = eventType({
  name: 'mobile.p2p_transfer.sent',
  version: 1,
  group: 'Mobile payment',
  description: 'A user sent a peer-to-peer transfer (the sender’s team’s event; direction sent).',
  emittedBy: 'POST /mobile/transfers/p2p',
  payload: P2pTransferView,
  webhook: true,
});

export const P2pReceived = eventType({
  name: 'mobile.p2p_transfer.received',
  version: 1,
  group: 'Mobile payment',
  description: 'A user received a peer-to-peer transfer (the recipient’s team’s event; direction received).',
  emittedBy: 'POST /mobile/transfers/p2p',
  payload: P2pTransferView,
  webhook: true,
});

export const mobileEvents = [
  P2pSent,
  P2pReceived,
  PasskeyRegistered,
  PasskeyDeleted,
  PasskeyFlagged,
  SessionStarted,
  SessionRevoked,
  IntentCreated,
  IntentProcessing,
  IntentCompleted,
  IntentFailed,
  IntentCancelled,
  IntentExpired,
];

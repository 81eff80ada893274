import { eventType } from '../../kernel/public.js';
import { PasskeyView, SessionView } from './operations.js';

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

export const mobileEvents = [PasskeyRegistered, PasskeyDeleted, PasskeyFlagged, SessionStarted, SessionRevoked];

import { z } from 'zod';
import { pageNumber, pageSize, timestamp, token, type Operation, type Page } from '../../kernel/public.js';

/**
 * The mobile plugin's operations: one token each, shared by REST and
 * GraphQL, and the zod schema of every input and view (the one source of the
 * TS types, the OpenAPI components and the GraphQL types).
 */

/** Binary WebAuthn fields: base64url as the WebAuthn JSON forms write them; plain base64 (with + / =) is accepted too. */
const binary = (what: string, max = 8192) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9+/_-]+={0,2}$/, `${what} must be base64url (or base64)`)
    .describe(`${what}, base64url`);

const TRANSPORTS = ['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'] as const;
const USER_ID = '5b0f8a4e-2c1d-4e6f-9a3b-7c8d9e0f1a2b';
const TEAM_ID = '0c6e1f2a-3b4d-4c5e-8f9a-1b2c3d4e5f60';
const CREDENTIAL_ID = 'p9pRkb3HGuLq9qk3CgTGYRVYiI1Q3bJDH1n3zGUv0kI';
const CHALLENGE = 'oE4sXJ4bVdQm2H7rP0yW1kT9cZ8uF6nA3gL5jR2sD0Q';

// ── Passkey registration ────────────────────────────────────────────────

export const RegistrationOptionsView = z
  .looseObject({
    challenge: z.string(),
    rp: z.looseObject({ name: z.string(), id: z.string().optional() }),
    user: z.looseObject({ id: z.string(), name: z.string(), displayName: z.string() }),
    pubKeyCredParams: z.array(z.looseObject({ alg: z.number(), type: z.string() })),
    timeout: z.number().optional(),
    excludeCredentials: z.array(z.looseObject({ id: z.string(), type: z.string() })).optional(),
    authenticatorSelection: z.looseObject({}).optional(),
    attestation: z.string().optional(),
  })
  .describe('PublicKeyCredentialCreationOptionsJSON (WebAuthn Level 3): hand it to navigator.credentials.create() or the platform passkey API.')
  .meta({
    id: 'PasskeyRegistrationOptions',
    example: {
      challenge: CHALLENGE,
      rp: { name: 'Open Bank', id: 'localhost' },
      user: { id: 'NWIwZjhhNGUtMmMxZC00ZTZm', name: 'alice@example.com', displayName: 'Alice' },
      pubKeyCredParams: [{ alg: -7, type: 'public-key' }, { alg: -257, type: 'public-key' }],
      timeout: 300000,
      excludeCredentials: [],
      authenticatorSelection: { residentKey: 'preferred', userVerification: 'required', requireResidentKey: false },
      attestation: 'none',
    },
  });
export type RegistrationOptionsView = z.infer<typeof RegistrationOptionsView>;

export const RegisterPasskeyBody = z
  .object({
    id: binary('id', 1024),
    rawId: binary('rawId', 1024),
    type: z.literal('public-key'),
    response: z.object({
      clientDataJSON: binary('clientDataJSON'),
      attestationObject: binary('attestationObject', 65536),
      transports: z.array(z.enum(TRANSPORTS)).max(TRANSPORTS.length).optional(),
      authenticatorData: binary('authenticatorData', 65536).optional(),
      publicKey: binary('publicKey').optional(),
      publicKeyAlgorithm: z.number().int().optional(),
    }),
    clientExtensionResults: z.record(z.string(), z.unknown()).optional(),
    authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  })
  .describe('RegistrationResponseJSON, as navigator.credentials.create() (toJSON) or a platform passkey API returns it.')
  .meta({
    id: 'RegisterPasskeyInput',
    example: {
      id: CREDENTIAL_ID,
      rawId: CREDENTIAL_ID,
      type: 'public-key',
      response: { clientDataJSON: 'eyJ0eXBlIjoid2ViYXV0aG4uY3JlYXRlIn0', attestationObject: 'o2NmbXRkbm9uZWdhdHRTdG10oGhhdXRoRGF0YQ', transports: ['internal', 'hybrid'] },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    },
  });
export type RegisterPasskeyInput = z.infer<typeof RegisterPasskeyBody>;

export const PasskeyView = z
  .strictObject({
    id: z.string().describe('The credential id, base64url.'),
    user_id: z.string(),
    attestation_format: z.string().describe('none, packed, …: what the authenticator attested with.'),
    aaguid: z.string().describe("The authenticator model's AAGUID (zeros for a none attestation)."),
    transports: z.array(z.string()),
    device_type: z.enum(['singleDevice', 'multiDevice']).describe('multiDevice: a synced passkey.'),
    backed_up: z.boolean(),
    counter: z.number().int().describe('The signature counter as last seen (0: the authenticator keeps none).'),
    flagged: z.boolean().describe('True once a sign-in showed a counter that did not increase (a possible clone): it signs in no more; delete it and register again.'),
    flag_reason: z.string().nullable(),
    last_used_at: timestamp.nullable(),
    created_at: timestamp,
  })
  .meta({
    id: 'Passkey',
    example: {
      id: CREDENTIAL_ID,
      user_id: USER_ID,
      attestation_format: 'none',
      aaguid: '00000000-0000-0000-0000-000000000000',
      transports: ['internal', 'hybrid'],
      device_type: 'singleDevice',
      backed_up: false,
      counter: 3,
      flagged: false,
      flag_reason: null,
      last_used_at: '2026-01-15T09:35:00.000Z',
      created_at: '2026-01-15T09:30:00.000Z',
    },
  });
export type PasskeyView = z.infer<typeof PasskeyView>;

export const PasskeyId = z.object({ id: z.string().min(1).max(1024) });
export type PasskeyIdInput = z.infer<typeof PasskeyId>;
export const NoInput = z.object({});
export type NoInput = z.infer<typeof NoInput>;

// ── Passkey sign-in ─────────────────────────────────────────────────────

export const AuthenticationOptionsBody = z
  .object({
    email: z.string().trim().min(3).max(254).optional().describe('The user signing in; leave it out for a discoverable credential (the authenticator picks the account).'),
  })
  .meta({ id: 'PasskeyAuthenticationOptionsInput', example: { email: 'alice@example.com' } });
export type AuthenticationOptionsInput = z.infer<typeof AuthenticationOptionsBody>;

export const AuthenticationOptionsView = z
  .looseObject({
    challenge: z.string(),
    rpId: z.string().optional(),
    timeout: z.number().optional(),
    allowCredentials: z.array(z.looseObject({ id: z.string(), type: z.string() })).optional(),
    userVerification: z.string().optional(),
  })
  .describe('PublicKeyCredentialRequestOptionsJSON: hand it to navigator.credentials.get() or the platform passkey API. The challenge is single-use and expires.')
  .meta({
    id: 'PasskeyAuthenticationOptions',
    example: { challenge: CHALLENGE, rpId: 'localhost', timeout: 300000, allowCredentials: [{ id: CREDENTIAL_ID, type: 'public-key', transports: ['internal'] }], userVerification: 'required' },
  });
export type AuthenticationOptionsView = z.infer<typeof AuthenticationOptionsView>;

export const VerifyPasskeyBody = z
  .object({
    credential_id: binary('credential_id', 1024),
    authenticator_data: binary('authenticator_data'),
    client_data_json: binary('client_data_json'),
    signature: binary('signature', 2048),
    user_handle: binary('user_handle', 512).optional().describe('userHandle of the assertion, when the authenticator returned one; it must match the passkey.'),
  })
  .meta({
    id: 'VerifyPasskeyInput',
    example: {
      credential_id: CREDENTIAL_ID,
      authenticator_data: 'SZYN5YgOjGh0NBcPZHZgW4_krrmihjLHmVzzuoMdl2MFAAAAAQ',
      client_data_json: 'eyJ0eXBlIjoid2ViYXV0aG4uZ2V0IiwiY2hhbGxlbmdlIjoib0U0c1hKNGJWZFEifQ',
      signature: 'MEUCIQDx0k3Yx8uHqkq4V1b3c2d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9AiBq',
    },
  });
export type VerifyPasskeyInput = z.infer<typeof VerifyPasskeyBody>;

export const SessionUserView = z.strictObject({ id: z.string(), team_id: z.string(), name: z.string(), email: z.string() }).meta({ id: 'MobileSessionUser' });

export const SessionView = z
  .strictObject({
    id: z.string(),
    user_id: z.string(),
    credential_id: z.string(),
    prefix: z.string().describe('The 8 characters after fms_, to tell sessions apart; not secret.'),
    permissions: z.array(z.enum(['read', 'write', 'delete'])),
    expires_at: timestamp,
    revoked_at: timestamp.nullable(),
    created_at: timestamp,
  })
  .meta({
    id: 'MobileSession',
    example: {
      id: '9d2e4f60-1a3b-4c5d-8e9f-0a1b2c3d4e5f',
      user_id: USER_ID,
      credential_id: CREDENTIAL_ID,
      prefix: 'Qk3x9LmZ',
      permissions: ['read', 'write', 'delete'],
      expires_at: '2026-01-15T21:35:00.000Z',
      revoked_at: null,
      created_at: '2026-01-15T09:35:00.000Z',
    },
  });
export type SessionView = z.infer<typeof SessionView>;

export const IssuedSessionView = z
  .strictObject({
    token: z.string().describe('Send as "Authorization: Bearer <token>" on REST and GraphQL. Shown once; only its hash is kept.'),
    token_type: z.literal('Bearer'),
    expires_at: timestamp,
    session: SessionView,
    user: SessionUserView,
  })
  .meta({
    id: 'MobileSessionIssued',
    example: {
      token: 'fms_Qk3x9LmZr8T2vB6nH1cD4fG7jK0pS5wY3uE9iO2aX1q',
      token_type: 'Bearer',
      expires_at: '2026-01-15T21:35:00.000Z',
      session: {
        id: '9d2e4f60-1a3b-4c5d-8e9f-0a1b2c3d4e5f',
        user_id: USER_ID,
        credential_id: CREDENTIAL_ID,
        prefix: 'Qk3x9LmZ',
        permissions: ['read', 'write', 'delete'],
        expires_at: '2026-01-15T21:35:00.000Z',
        revoked_at: null,
        created_at: '2026-01-15T09:35:00.000Z',
      },
      user: { id: USER_ID, team_id: TEAM_ID, name: 'Alice', email: 'alice@example.com' },
    },
  });
export type IssuedSessionView = z.infer<typeof IssuedSessionView>;

export const SessionId = z.object({ id: z.uuid() });
export type SessionIdInput = z.infer<typeof SessionId>;

export const RegisterPasskeyOptions = token<Operation<NoInput, RegistrationOptionsView>>('mobile.passkey-registration-options');
export const RegisterPasskey = token<Operation<RegisterPasskeyInput, PasskeyView>>('mobile.register-passkey');
export const PasskeyAuthenticationOptions = token<Operation<AuthenticationOptionsInput, AuthenticationOptionsView>>('mobile.passkey-authentication-options');
export const VerifyPasskey = token<Operation<VerifyPasskeyInput, IssuedSessionView>>('mobile.verify-passkey');
export const ListPasskeys = token<Operation<NoInput, PasskeyView[]>>('mobile.list-passkeys');
export const DeletePasskey = token<Operation<PasskeyIdInput, PasskeyView>>('mobile.delete-passkey');
export const ListSessions = token<Operation<NoInput, SessionView[]>>('mobile.list-sessions');
export const RevokeSession = token<Operation<SessionIdInput, SessionView>>('mobile.revoke-session');
export const SignOut = token<Operation<NoInput, SessionView>>('mobile.sign-out');

// ── Wallet and payment intents ──────────────────────────────────────────

const ACCOUNT_ID = '3f2a1b0c-9d8e-4f7a-8b6c-5d4e3f2a1b0c';
const amount = z.string().min(1).max(64).describe('Decimal string at the currency precision, e.g. "25.00"; no sign, no exponent');

export const WalletBody = z.strictObject({ account_id: z.uuid().describe("An active account of the caller's team.") }).meta({ id: 'MobileWalletInput', example: { account_id: ACCOUNT_ID } });
export type WalletInput = z.infer<typeof WalletBody>;

export const WalletView = z
  .strictObject({ user_id: z.string(), account_id: z.string(), updated_at: timestamp })
  .describe('The account the user pays from and receives into through the mobile wallet.')
  .meta({ id: 'MobileWallet', example: { user_id: USER_ID, account_id: ACCOUNT_ID, updated_at: '2026-01-15T09:30:00.000Z' } });
export type WalletView = z.infer<typeof WalletView>;

export const INTENT_STATUS_VALUES = ['requires_confirmation', 'processing', 'succeeded', 'failed', 'cancelled', 'expired'] as const;

export const CreatePaymentIntentBody = z
  .strictObject({
    amount,
    currency: z.string().min(1).max(16).describe('An asset code, e.g. USD.'),
    recipient: z.string().trim().min(1).max(320).describe("A user's email (any team), or an account id of the caller's team (optionally written account:<uuid>)."),
    description: z.string().max(500).default('').describe('Shown to payer and payee.'),
    from_account: z.uuid().optional().describe("The paying account, an account of the caller's team; the caller's wallet account when left out."),
  })
  .meta({ id: 'CreatePaymentIntentInput', example: { amount: '25.00', currency: 'USD', recipient: 'bob@example.com', description: 'Dinner' } });
export type CreatePaymentIntentInput = z.infer<typeof CreatePaymentIntentBody>;

export const PaymentIntentView = z
  .strictObject({
    id: z.string(),
    amount: z.string(),
    currency: z.string(),
    recipient: z.string(),
    recipient_type: z.enum(['user', 'account']),
    description: z.string(),
    status: z.enum(INTENT_STATUS_VALUES).describe('requires_confirmation → processing → succeeded | failed; or cancelled; or expired after expires_at.'),
    from_account: z.string(),
    failure_reason: z.string().nullable(),
    expires_at: timestamp,
    completed_at: timestamp.nullable(),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({
    id: 'PaymentIntent',
    example: {
      id: '7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
      amount: '25.00',
      currency: 'USD',
      recipient: 'bob@example.com',
      recipient_type: 'user',
      description: 'Dinner',
      status: 'requires_confirmation',
      from_account: ACCOUNT_ID,
      failure_reason: null,
      expires_at: '2026-01-15T09:45:00.000Z',
      completed_at: null,
      created_at: '2026-01-15T09:30:00.000Z',
      updated_at: '2026-01-15T09:30:00.000Z',
    },
  });
export type PaymentIntentView = z.infer<typeof PaymentIntentView>;

export const PaymentIntentId = z.object({ id: z.uuid() });
export type PaymentIntentIdInput = z.infer<typeof PaymentIntentId>;

export const ConfirmPaymentIntentBody = z
  .strictObject({
    passkey: VerifyPasskeyBody.optional().describe(
      "A fresh passkey assertion of the payer (options from POST /mobile/auth/passkey/options with the payer's email): required above confirm_assertion_above.",
    ),
  })
  .meta({ id: 'ConfirmPaymentIntentInput', example: {} });
/** The whole input of the operation (path id and body), as GraphQL passes it. */
export type ConfirmPaymentIntentInput = z.infer<typeof PaymentIntentId> & z.infer<typeof ConfirmPaymentIntentBody>;

export const SetWallet = token<Operation<WalletInput, WalletView>>('mobile.set-wallet');
export const GetWallet = token<Operation<NoInput, WalletView>>('mobile.get-wallet');
export const CreatePaymentIntent = token<Operation<CreatePaymentIntentInput, PaymentIntentView>>('mobile.create-payment-intent');
export const GetPaymentIntent = token<Operation<PaymentIntentIdInput, PaymentIntentView>>('mobile.get-payment-intent');
export const ConfirmPaymentIntent = token<Operation<ConfirmPaymentIntentInput, PaymentIntentView>>('mobile.confirm-payment-intent');
export const CancelPaymentIntent = token<Operation<PaymentIntentIdInput, PaymentIntentView>>('mobile.cancel-payment-intent');

// ── Peer-to-peer transfers ──────────────────────────────────────────────

export const P2pTransferBody = z
  .strictObject({
    to_user: z.string().trim().min(3).max(254).describe('The recipient’s email; they may belong to another team. Paid into their wallet account.'),
    amount,
    currency: z.string().min(1).max(16).describe('An asset code, e.g. USD.'),
    note: z.string().max(500).default('').describe('Shown to both sides.'),
    from_account: z.uuid().optional().describe("The paying account of the caller's team; the caller's wallet account when left out."),
  })
  .meta({ id: 'P2pTransferInput', example: { to_user: 'bob@example.com', amount: '12.50', currency: 'USD', note: 'Lunch' } });
export type P2pTransferInput = z.infer<typeof P2pTransferBody>;

export const P2pTransferView = z
  .strictObject({
    id: z.string(),
    direction: z.enum(['sent', 'received']).describe('As the caller sees it.'),
    from_user: z.string().describe('The sender’s email.'),
    to_user: z.string().describe('The recipient’s email.'),
    account: z.string().describe('The caller’s account it left or reached.'),
    amount: z.string(),
    currency: z.string(),
    note: z.string(),
    status: z.literal('completed').describe('A p2p transfer settles at once: it exists only once completed.'),
    created_at: timestamp,
  })
  .meta({
    id: 'P2pTransfer',
    example: {
      id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
      direction: 'sent',
      from_user: 'alice@example.com',
      to_user: 'bob@example.com',
      account: ACCOUNT_ID,
      amount: '12.50',
      currency: 'USD',
      note: 'Lunch',
      status: 'completed',
      created_at: '2026-01-15T09:30:00.000Z',
    },
  });
export type P2pTransferView = z.infer<typeof P2pTransferView>;

export const P2pTransferId = z.object({ id: z.uuid() });
export type P2pTransferIdInput = z.infer<typeof P2pTransferId>;

export const SendP2pTransfer = token<Operation<P2pTransferInput, P2pTransferView>>('mobile.send-p2p-transfer');
export const GetP2pTransfer = token<Operation<P2pTransferIdInput, P2pTransferView>>('mobile.get-p2p-transfer');

// ── Devices, notifications, activity ───────────────────────────────────

export const DeviceBody = z
  .strictObject({
    push_token: z.string().trim().min(8).max(1024).describe('The APNs device token, FCM registration token or Web Push subscription endpoint (at most 1024 characters, so it fits the unique index).'),
    platform: z.enum(['ios', 'android', 'web']),
    name: z.string().trim().max(100).default('').describe('A label the user recognises, e.g. "Alice’s iPhone".'),
  })
  .meta({ id: 'MobileDeviceInput', example: { push_token: 'f1d2c3b4a5968778695a4b3c2d1e0f1a2b3c4d5e6f708192a3b4c5d6e7f8091a', platform: 'ios', name: 'iPhone' } });
export type DeviceInput = z.infer<typeof DeviceBody>;

export const DeviceView = z
  .strictObject({ id: z.string(), platform: z.enum(['ios', 'android', 'web']), push_token: z.string(), name: z.string(), created_at: timestamp })
  .meta({
    id: 'MobileDevice',
    example: { id: '2b3c4d5e-6f70-4182-93a4-b5c6d7e8f901', platform: 'ios', push_token: 'f1d2c3b4a5968778695a4b3c2d1e0f1a', name: 'iPhone', created_at: '2026-01-15T09:30:00.000Z' },
  });
export type DeviceView = z.infer<typeof DeviceView>;

export const DeviceId = z.object({ id: z.uuid() });
export type DeviceIdInput = z.infer<typeof DeviceId>;

export const PageQuery = z.object({ page: pageNumber().default(1), per_page: pageSize().default(20) });
export type PageQuery = z.infer<typeof PageQuery>;

const link = z.strictObject({ type: z.string(), id: z.string(), href: z.string().describe('The REST path of the resource.') });

export const NotificationView = z
  .strictObject({
    id: z.string(),
    kind: z.enum(['p2p_received', 'payment_intent_completed', 'payment_intent_failed', 'payment_intent_expired', 'security_passkey_registered', 'security_passkey_flagged']),
    title: z.string(),
    body: z.string(),
    resource: link,
    delivery: z.enum(['pending', 'delivered', 'no_devices', 'failed']).describe('Push delivery to the user’s devices.'),
    delivered_to: z.number().int(),
    created_at: timestamp,
    delivered_at: timestamp.nullable(),
  })
  .meta({
    id: 'MobileNotification',
    example: {
      id: '4d5e6f70-8192-4a3b-8c5d-6e7f8091a2b3',
      kind: 'p2p_received',
      title: 'You received 12.50 USD',
      body: 'From alice@example.com: Lunch',
      resource: { type: 'p2p_transfer', id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d', href: '/api/v2/mobile/transfers/p2p/1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d' },
      delivery: 'delivered',
      delivered_to: 1,
      created_at: '2026-01-15T09:30:00.000Z',
      delivered_at: '2026-01-15T09:30:01.000Z',
    },
  });
export type NotificationView = z.infer<typeof NotificationView>;

export const ActivityItemView = z
  .strictObject({
    id: z.string(),
    type: z.enum(['payment_intent', 'payment_received', 'p2p_sent', 'p2p_received', 'notification', 'deposit', 'withdrawal', 'transfer_in', 'transfer_out']),
    title: z.string(),
    amount: z.string().nullable().describe('Signed: negative when money left the user; null for a notification.'),
    currency: z.string().nullable(),
    status: z.string().describe('The resource’s status now (an intent’s, completed for a transfer, the delivery of a notification when recorded).'),
    resource: link,
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({
    id: 'MobileActivityItem',
    example: {
      id: '5e6f7081-92a3-4b4c-9d6e-7f8091a2b3c4',
      type: 'p2p_sent',
      title: 'To bob@example.com: Lunch',
      amount: '-12.50',
      currency: 'USD',
      status: 'completed',
      resource: { type: 'p2p_transfer', id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d', href: '/api/v2/mobile/transfers/p2p/1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d' },
      created_at: '2026-01-15T09:30:00.000Z',
      updated_at: '2026-01-15T09:30:00.000Z',
    },
  });
export type ActivityItemView = z.infer<typeof ActivityItemView>;

export const RegisterDevice = token<Operation<DeviceInput, DeviceView>>('mobile.register-device');
export const ListDevices = token<Operation<NoInput, DeviceView[]>>('mobile.list-devices');
export const DeleteDevice = token<Operation<DeviceIdInput, DeviceView>>('mobile.delete-device');
export const ListNotifications = token<Operation<PageQuery, Page<NotificationView>>>('mobile.list-notifications');
export const ListActivity = token<Operation<PageQuery, Page<ActivityItemView>>>('mobile.list-activity');

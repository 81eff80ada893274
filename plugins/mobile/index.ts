import type { Bind } from 'inversify';
import {
  ActivityHistory,
  PersonalData,
  AssetCatalog,
  Clock,
  definePlugin,
  EventBackbone,
  Ids,
  Ledger,
  operation,
  Random,
  Scheduler,
  SessionAuthenticator,
  UnitOfWork,
  UserDirectory,
  WorkflowEngine,
  type PluginContext,
} from '../../kernel/public.js';
import { MobilePersonalData } from './application/personal-data.js';
import { PaymentHistory } from './application/payment-history.js';
import { MemoryChallengeRepository, MemoryPasskeyRepository, MemorySessionRepository } from './adapters/memory/memory-passkey-repositories.js';
import { MemoryActivityRepository, MemoryP2pTransferRepository } from './adapters/memory/memory-activity-repositories.js';
import { MemoryDeviceRepository, MemoryNotificationRepository, MemoryPushRecording } from './adapters/memory/memory-notification-repositories.js';
import { MemoryBalanceMarkRepository, MemoryPaymentIntentRepository, MemoryWalletRepository } from './adapters/memory/memory-payment-repositories.js';
import { PushRecording, RecordingPushService } from './adapters/push-simulator.js';
import { mobileMigrations } from './adapters/sql/migrations.js';
import { SqlActivityRepository, SqlP2pTransferRepository } from './adapters/sql/sql-activity-repositories.js';
import { SqlDeviceRepository, SqlNotificationRepository, SqlPushRecording } from './adapters/sql/sql-notification-repositories.js';
import { SqlBalanceMarkRepository, SqlPaymentIntentRepository, SqlWalletRepository } from './adapters/sql/sql-payment-repositories.js';
import { SqlChallengeRepository, SqlPasskeyRepository, SqlSessionRepository } from './adapters/sql/sql-passkey-repositories.js';
import { ActivityLog, ListActivityOperation } from './application/activity.js';
import { ChallengeCleanup } from './application/challenge-cleanup.js';
import { DeleteDeviceOperation, ListDevicesOperation, RegisterDeviceOperation } from './application/devices.js';
import { IntentExpiry } from './application/intent-expiry.js';
import { DeletePasskeyOperation, ListPasskeysOperation } from './application/manage-passkeys.js';
import { ListSessionsOperation, RevokeSessionOperation, SignOutOperation } from './application/manage-sessions.js';
import { ListNotificationsOperation, NotificationDispatcher, Notifier } from './application/notifications.js';
import { GetP2pTransferOperation, SendP2pTransferOperation } from './application/p2p-transfers.js';
import { PasskeyAuthenticationOptionsOperation } from './application/passkey-authentication-options.js';
import { PasskeyRegistrationOptionsOperation } from './application/passkey-registration-options.js';
import {
  CancelPaymentIntentOperation,
  ConfirmPaymentIntentOperation,
  CreatePaymentIntentOperation,
  GetPaymentIntentOperation,
} from './application/payment-intents.js';
import { PaymentSettlement } from './application/payment-settlement.js';
import { Recipients } from './application/recipients.js';
import { RegisterPasskeyOperation } from './application/register-passkey.js';
import { RelyingParty } from './application/relying-party.js';
import { MobileSessionAuthenticator } from './application/session-authenticator.js';
import { SessionIssuer } from './application/session-issuer.js';
import { PasskeyAssertions } from './application/passkey-assertions.js';
import { VerifyPasskeyOperation } from './application/verify-passkey.js';
import { WalletActivityConsumer } from './application/wallet-activity.js';
import { GetWalletOperation, SetWalletOperation } from './application/wallets.js';
import { MobileConfig, mobileConfigSchema } from './config.js';
import { mobileEvents } from './events.js';
import { mobileGraphql } from './graphql/mobile.js';
import { mobileRoutes, mobileRouteTags } from './http.js';
import {
  DeleteDevice,
  GetP2pTransfer,
  ListActivity,
  ListDevices,
  ListNotifications,
  RegisterDevice,
  SendP2pTransfer,
  CancelPaymentIntent,
  ConfirmPaymentIntent,
  CreatePaymentIntent,
  DeletePasskey,
  GetPaymentIntent,
  GetWallet,
  ListPasskeys,
  ListSessions,
  PasskeyAuthenticationOptions,
  RegisterPasskey,
  RegisterPasskeyOptions,
  RevokeSession,
  SetWallet,
  SignOut,
  VerifyPasskey,
} from './operations.js';
import {
  ActivityRepository,
  BalanceMarkRepository,
  ChallengeRepository,
  DeviceRepository,
  NotificationRepository,
  P2pTransferRepository,
  PasskeyRepository,
  PaymentIntentRepository,
  PushService,
  SessionRepository,
  WalletRepository,
} from './ports.js';
import { SettlePaymentIntentWorkflow, settlePaymentIntentWorkflow } from './workflows.js';

/**
 * The mobile wallet: passkeys (FIDO2/WebAuthn with @simplewebauthn/server)
 * and the fms_ session tokens a passkey sign-in issues. It provides the
 * SessionAuthenticator port, which identity's Authenticator consults for
 * fms_ bearer values, so a session works on every route and on GraphQL as
 * its user. docs/mobile.md describes it.
 */
export const mobilePlugin = definePlugin<MobileConfig>({
  name: 'mobile',
  version: '0.1.0',
  kernel: '^2.1.0',
  description: 'Mobile wallet: passkeys (WebAuthn), passkey sessions, wallet accounts, payment intents, p2p transfers across teams, activity feed, devices and push notifications.',
  dependsOn: ['identity', 'core-banking'],
  provides: [SessionAuthenticator],
  contributes: [ActivityHistory, PersonalData],
  requires: [UnitOfWork, Clock, Ids, Random, Scheduler, UserDirectory, Ledger, AssetCatalog, WorkflowEngine, EventBackbone],
  config: mobileConfigSchema,
  register(bind: Bind, ctx: PluginContext<MobileConfig>) {
    bind(MobileConfig).toConstantValue(ctx.config);
    bind(RelyingParty).toSelf();
    bind(ActivityHistory).to(PaymentHistory);
    bind(PersonalData).to(MobilePersonalData);
    bind(SessionIssuer).toSelf();
    bind(ChallengeCleanup).toSelf();
    bind(SessionAuthenticator).to(MobileSessionAuthenticator);
    bind(PasskeyAssertions).toSelf();
    bind(ActivityLog).toSelf();
    bind(Notifier).toSelf();
    bind(NotificationDispatcher).toSelf();
    bind(PushService).to(RecordingPushService);
    bind(Recipients).toSelf();
    bind(PaymentSettlement).toSelf();
    bind(IntentExpiry).toSelf();
    bind(SettlePaymentIntentWorkflow).toResolvedValue(settlePaymentIntentWorkflow, [PaymentSettlement]);
  },
  operations: [
    operation(RegisterPasskeyOptions, PasskeyRegistrationOptionsOperation),
    operation(RegisterPasskey, RegisterPasskeyOperation),
    operation(PasskeyAuthenticationOptions, PasskeyAuthenticationOptionsOperation),
    operation(VerifyPasskey, VerifyPasskeyOperation),
    operation(ListPasskeys, ListPasskeysOperation),
    operation(DeletePasskey, DeletePasskeyOperation),
    operation(ListSessions, ListSessionsOperation),
    operation(RevokeSession, RevokeSessionOperation),
    operation(SignOut, SignOutOperation),
    operation(SetWallet, SetWalletOperation),
    operation(GetWallet, GetWalletOperation),
    operation(CreatePaymentIntent, CreatePaymentIntentOperation),
    operation(GetPaymentIntent, GetPaymentIntentOperation),
    operation(ConfirmPaymentIntent, ConfirmPaymentIntentOperation),
    operation(CancelPaymentIntent, CancelPaymentIntentOperation),
    operation(SendP2pTransfer, SendP2pTransferOperation),
    operation(GetP2pTransfer, GetP2pTransferOperation),
    operation(ListActivity, ListActivityOperation),
    operation(RegisterDevice, RegisterDeviceOperation),
    operation(ListDevices, ListDevicesOperation),
    operation(DeleteDevice, DeleteDeviceOperation),
    operation(ListNotifications, ListNotificationsOperation),
  ],
  persistence: {
    memory(bind: Bind) {
      bind(ChallengeRepository).to(MemoryChallengeRepository);
      bind(PasskeyRepository).to(MemoryPasskeyRepository);
      bind(SessionRepository).to(MemorySessionRepository);
      bind(WalletRepository).to(MemoryWalletRepository);
      bind(PaymentIntentRepository).to(MemoryPaymentIntentRepository);
      bind(P2pTransferRepository).to(MemoryP2pTransferRepository);
      bind(ActivityRepository).to(MemoryActivityRepository);
      bind(NotificationRepository).to(MemoryNotificationRepository);
      bind(DeviceRepository).to(MemoryDeviceRepository);
      bind(PushRecording).to(MemoryPushRecording);
      bind(BalanceMarkRepository).to(MemoryBalanceMarkRepository);
    },
    sql(bind: Bind) {
      bind(ChallengeRepository).to(SqlChallengeRepository);
      bind(PasskeyRepository).to(SqlPasskeyRepository);
      bind(SessionRepository).to(SqlSessionRepository);
      bind(WalletRepository).to(SqlWalletRepository);
      bind(PaymentIntentRepository).to(SqlPaymentIntentRepository);
      bind(P2pTransferRepository).to(SqlP2pTransferRepository);
      bind(ActivityRepository).to(SqlActivityRepository);
      bind(NotificationRepository).to(SqlNotificationRepository);
      bind(DeviceRepository).to(SqlDeviceRepository);
      bind(PushRecording).to(SqlPushRecording);
      bind(BalanceMarkRepository).to(SqlBalanceMarkRepository);
    },
  },
  migrations: mobileMigrations,
  routes: mobileRoutes,
  routeTags: mobileRouteTags,
  events: mobileEvents,
  graphql: mobileGraphql,
  workflows: [SettlePaymentIntentWorkflow],
  async start(rt) {
    const config = rt.get(MobileConfig);
    const scheduler = rt.get(Scheduler);
    const cleanup = rt.get(ChallengeCleanup);
    const expiry = rt.get(IntentExpiry);
    const dispatcher = rt.get(NotificationDispatcher);
    rt.get(EventBackbone).register(
      new WalletActivityConsumer(rt.get(BalanceMarkRepository), rt.get(WalletRepository), rt.get(ActivityLog), rt.get(AssetCatalog)),
    );
    if (config.cleanup_interval_ms > 0) scheduler.every({ name: 'mobile.challenge-cleanup', intervalMs: config.cleanup_interval_ms, run: () => cleanup.sweep() });
    if (config.push_interval_ms > 0) scheduler.every({ name: 'mobile.push-notifications', intervalMs: config.push_interval_ms, run: () => dispatcher.dispatch() });
    if (config.expiry_sweep_interval_ms > 0) scheduler.every({ name: 'mobile.expire-payment-intents', intervalMs: config.expiry_sweep_interval_ms, run: () => expiry.sweep() });
  },
});

export default mobilePlugin;

import type { Bind } from 'inversify';
import { Clock, definePlugin, Ids, operation, Random, Scheduler, SessionAuthenticator, UnitOfWork, UserDirectory, type PluginContext } from '../../kernel/public.js';
import { MemoryChallengeRepository, MemoryPasskeyRepository, MemorySessionRepository } from './adapters/memory/memory-passkey-repositories.js';
import { mobileMigrations } from './adapters/sql/migrations.js';
import { SqlChallengeRepository, SqlPasskeyRepository, SqlSessionRepository } from './adapters/sql/sql-passkey-repositories.js';
import { ChallengeCleanup } from './application/challenge-cleanup.js';
import { DeletePasskeyOperation, ListPasskeysOperation } from './application/manage-passkeys.js';
import { ListSessionsOperation, RevokeSessionOperation, SignOutOperation } from './application/manage-sessions.js';
import { PasskeyAuthenticationOptionsOperation } from './application/passkey-authentication-options.js';
import { PasskeyRegistrationOptionsOperation } from './application/passkey-registration-options.js';
import { RegisterPasskeyOperation } from './application/register-passkey.js';
import { RelyingParty } from './application/relying-party.js';
import { MobileSessionAuthenticator } from './application/session-authenticator.js';
import { SessionIssuer } from './application/session-issuer.js';
import { VerifyPasskeyOperation } from './application/verify-passkey.js';
import { MobileConfig, mobileConfigSchema } from './config.js';
import { mobileEvents } from './events.js';
import { mobileRoutes, mobileRouteTags } from './http.js';
import {
  AuthenticationOptionsBody,
  DeletePasskey,
  ListPasskeys,
  ListSessions,
  PasskeyAuthenticationOptions,
  RegisterPasskey,
  RegisterPasskeyBody,
  RegisterPasskeyOptions,
  RevokeSession,
  SignOut,
  VerifyPasskey,
  VerifyPasskeyBody,
} from './operations.js';
import { ChallengeRepository, PasskeyRepository, SessionRepository } from './ports.js';

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
  description: 'Mobile wallet: passkeys (WebAuthn) and passkey sessions.',
  dependsOn: ['identity'],
  provides: [SessionAuthenticator],
  requires: [UnitOfWork, Clock, Ids, Random, Scheduler, UserDirectory],
  config: mobileConfigSchema,
  register(bind: Bind, ctx: PluginContext<MobileConfig>) {
    bind(MobileConfig).toConstantValue(ctx.config);
    bind(RelyingParty).toSelf();
    bind(SessionIssuer).toSelf();
    bind(ChallengeCleanup).toSelf();
    bind(SessionAuthenticator).to(MobileSessionAuthenticator);
  },
  operations: [
    operation(RegisterPasskeyOptions, PasskeyRegistrationOptionsOperation),
    operation(RegisterPasskey, RegisterPasskeyOperation, RegisterPasskeyBody),
    operation(PasskeyAuthenticationOptions, PasskeyAuthenticationOptionsOperation, AuthenticationOptionsBody),
    operation(VerifyPasskey, VerifyPasskeyOperation, VerifyPasskeyBody),
    operation(ListPasskeys, ListPasskeysOperation),
    operation(DeletePasskey, DeletePasskeyOperation),
    operation(ListSessions, ListSessionsOperation),
    operation(RevokeSession, RevokeSessionOperation),
    operation(SignOut, SignOutOperation),
  ],
  persistence: {
    memory(bind: Bind) {
      bind(ChallengeRepository).to(MemoryChallengeRepository);
      bind(PasskeyRepository).to(MemoryPasskeyRepository);
      bind(SessionRepository).to(MemorySessionRepository);
    },
    sql(bind: Bind) {
      bind(ChallengeRepository).to(SqlChallengeRepository);
      bind(PasskeyRepository).to(SqlPasskeyRepository);
      bind(SessionRepository).to(SqlSessionRepository);
    },
  },
  migrations: mobileMigrations,
  routes: mobileRoutes,
  routeTags: mobileRouteTags,
  events: mobileEvents,
  async start(rt) {
    const { cleanup_interval_ms: intervalMs } = rt.get(MobileConfig);
    const cleanup = rt.get(ChallengeCleanup);
    if (intervalMs > 0) rt.get(Scheduler).every({ name: 'mobile.challenge-cleanup', intervalMs, run: () => cleanup.sweep() });
  },
});

export default mobilePlugin;

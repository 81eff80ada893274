import { Authenticator, Clock, definePlugin, EventStream, Ids, KeyInventory, operation, OperatorKeys, PersonalData, Random, TeamProvisioning, UnitOfWork, UserDirectory } from '../../kernel/public.js';
import {
  MemoryApiKeyRepository,
  MemoryTeamRepository,
  MemoryUserRepository,
} from './adapters/memory/memory-identity-repositories.js';
import { identityMigrations } from './adapters/sql/migrations.js';
import { SqlApiKeyRepository, SqlTeamRepository, SqlUserRepository } from './adapters/sql/sql-identity-repositories.js';
import { ApiKeyCache } from './application/api-key-cache.js';
import { ApiKeyAuthenticator } from './application/authenticate.js';
import { CreateApiKeyOperation } from './application/create-api-key.js';
import { CreateUserOperation } from './application/create-user.js';
import { OperatorKeyBootstrap } from './application/ensure-operator.js';
import { IdentityPersonalData } from './application/personal-data.js';
import { ApiKeyInventory } from './application/key-inventory.js';
import { KeyHasher } from './application/key-hasher.js';
import { KeyIssuer } from './application/key-issuer.js';
import { ListApiKeysOperation } from './application/list-api-keys.js';
import { RevokeApiKeyOperation } from './application/revoke-api-key.js';
import { TeamProvisioner } from './application/team-provisioner.js';
import { IdentityUserDirectory } from './application/user-directory.js';
import { identityCommands } from './commands.js';
import { IdentityConfig, identityConfigSchema } from './config.js';
import { identityEvents } from './events.js';
import { identityGraphql } from './graphql.js';
import { identityRoutes, identityRouteTags } from './http.js';
import { CreateApiKey, CreateUser, ListApiKeys, RevokeApiKey } from './operations.js';
import { ApiKeyRepository, TeamRepository, UserRepository } from './ports.js';

/**
 * Identity: teams (tenants), users, API keys, the operator bootstrap and the
 * Authenticator every other plugin's routes rely on. Always enabled.
 */
export const identityPlugin = definePlugin<IdentityConfig>({
  name: 'identity',
  version: '1.0.0',
  kernel: '^2.6.0',
  description: 'Teams, users and fak_ API keys (permissions, IP allow-lists, expiry); the operator key.',
  dependsOn: [],
  provides: [Authenticator, OperatorKeys, TeamProvisioning, UserDirectory],
  contributes: [PersonalData, KeyInventory],
  requires: [UnitOfWork, Clock, Ids, Random],
  config: identityConfigSchema,
  register(bind, ctx) {
    bind(IdentityConfig).toConstantValue(ctx.config);
    bind(KeyHasher).toSelf();
    bind(ApiKeyCache).toSelf();
    bind(KeyIssuer).toSelf();
    bind(Authenticator).to(ApiKeyAuthenticator);
    bind(OperatorKeys).to(OperatorKeyBootstrap);
    bind(TeamProvisioning).to(TeamProvisioner);
    bind(UserDirectory).to(IdentityUserDirectory);
    bind(PersonalData).to(IdentityPersonalData);
    bind(KeyInventory).to(ApiKeyInventory);
  },
  operations: [
    operation(CreateUser, CreateUserOperation),
    operation(CreateApiKey, CreateApiKeyOperation),
    operation(ListApiKeys, ListApiKeysOperation),
    operation(RevokeApiKey, RevokeApiKeyOperation),
  ],
  persistence: {
    memory(bind) {
      bind(TeamRepository).to(MemoryTeamRepository);
      bind(UserRepository).to(MemoryUserRepository);
      bind(ApiKeyRepository).to(MemoryApiKeyRepository);
    },
    sql(bind) {
      bind(TeamRepository).to(SqlTeamRepository);
      bind(UserRepository).to(SqlUserRepository);
      bind(ApiKeyRepository).to(SqlApiKeyRepository);
    },
  },
  migrations: identityMigrations,
  routes: identityRoutes,
  routeTags: identityRouteTags,
  commands: identityCommands,
  events: identityEvents,
  graphql: identityGraphql,
  // Revocations made by other processes reach this one's key cache through the live event stream.
  async start(rt) {
    rt.get(ApiKeyCache).listen(rt.get(EventStream));
  },
  async stop(rt) {
    rt.get(ApiKeyCache).unlisten();
  },
});

export default identityPlugin;

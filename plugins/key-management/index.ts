import type { Bind } from 'inversify';
import { Clock, definePlugin, Ids, operation, Random, UnitOfWork } from '../../kernel/public.js';
import { MemoryRecoveryKeyRepository } from './adapters/memory/memory-recovery-key-repository.js';
import { ShamirSecretSharing } from './adapters/shamir/shamir-secret-sharing.js';
import { keyManagementMigrations } from './adapters/sql/migrations.js';
import { SqlRecoveryKeyRepository } from './adapters/sql/sql-recovery-key-repository.js';
import { ListReconstructionsOperation, ReconstructKeyOperation, ShareCheck, VerifySharesOperation } from './application/reconstruction.js';
import { CreateRecoveryKeyOperation, GetRecoveryKeyOperation, ListRecoveryKeysOperation } from './application/recovery-keys.js';
import { GetKeyOperation, KeyProviders, ListKeysOperation, RotateKeyOperation } from './application/key-inventory.js';
import { keyManagementEvents } from './events.js';
import { keyManagementGraphql } from './graphql/key-management.js';
import { keyManagementRoutes, keyManagementRouteTags } from './http.js';
import { CreateRecoveryKey, GetRecoveryKey, ListReconstructions, ListRecoveryKeys, ReconstructKey, VerifyShares } from './operations.js';
import { GetKey, ListKeys, RotateKey } from './operations-inventory.js';
import { RecoveryKeyRepository, SecretSharing } from './ports.js';

/**
 * Key management (docs/key-management.md): recovery keys split into Shamir
 * shares held by custodians, verified and rebuilt from a threshold of them,
 * with a log of every attempt. The service keeps no key and no share.
 * The inventory of the keys other modules hold (API keys, webhook secrets,
 * partner keys, custody paths), read and rotated through their
 * KeyInventory contributions; none is required.
 */
export const keyManagementPlugin = definePlugin({
  name: 'key-management',
  version: '0.1.0',
  kernel: '^2.4.0',
  description: 'Recovery keys split into Shamir shares; verification and reconstruction from a threshold of shares; the inventory and rotation of the team’s keys.',
  dependsOn: [],
  provides: [],
  requires: [UnitOfWork, Clock, Ids, Random],
  register(bind: Bind) {
    bind(SecretSharing).to(ShamirSecretSharing).inSingletonScope();
    bind(ShareCheck).toSelf();
    bind(KeyProviders).toSelf();
  },
  operations: [
    operation(CreateRecoveryKey, CreateRecoveryKeyOperation),
    operation(GetRecoveryKey, GetRecoveryKeyOperation),
    operation(ListRecoveryKeys, ListRecoveryKeysOperation),
    operation(VerifyShares, VerifySharesOperation),
    operation(ReconstructKey, ReconstructKeyOperation),
    operation(ListReconstructions, ListReconstructionsOperation),
    operation(ListKeys, ListKeysOperation),
    operation(GetKey, GetKeyOperation),
    operation(RotateKey, RotateKeyOperation),
  ],
  persistence: {
    memory: (bind: Bind) => bind(RecoveryKeyRepository).to(MemoryRecoveryKeyRepository).inSingletonScope(),
    sql: (bind: Bind) => bind(RecoveryKeyRepository).to(SqlRecoveryKeyRepository),
  },
  migrations: keyManagementMigrations,
  routes: keyManagementRoutes,
  routeTags: keyManagementRouteTags,
  events: keyManagementEvents,
  graphql: keyManagementGraphql,
});

export default keyManagementPlugin;

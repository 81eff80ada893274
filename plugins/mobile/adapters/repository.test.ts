import { onEveryStore } from '../../../kit/testing.js';
import { MemoryChallengeRepository, MemoryPasskeyRepository, MemorySessionRepository } from './memory/memory-passkey-repositories.js';
import { MemoryActivityRepository, MemoryP2pTransferRepository } from './memory/memory-activity-repositories.js';
import { MemoryDeviceRepository, MemoryNotificationRepository, MemoryPushRecording } from './memory/memory-notification-repositories.js';
import { MemoryBalanceMarkRepository, MemoryPaymentIntentRepository, MemoryWalletRepository } from './memory/memory-payment-repositories.js';
import { mobileRepositoryContract } from './repository.contract.js';
import { mobileMigrations } from './sql/migrations.js';
import { SqlChallengeRepository, SqlPasskeyRepository, SqlSessionRepository } from './sql/sql-passkey-repositories.js';
import { SqlActivityRepository, SqlP2pTransferRepository } from './sql/sql-activity-repositories.js';
import { SqlDeviceRepository, SqlNotificationRepository, SqlPushRecording } from './sql/sql-notification-repositories.js';
import { SqlBalanceMarkRepository, SqlPaymentIntentRepository, SqlWalletRepository } from './sql/sql-payment-repositories.js';

onEveryStore('mobile', mobileMigrations, (kind, open) =>
  mobileRepositoryContract(`mobile repositories: ${kind}`, {
    open,
    async reset(store) {
      if (store.family === 'memory') return { challenges: new MemoryChallengeRepository(), passkeys: new MemoryPasskeyRepository(), sessions: new MemorySessionRepository(), wallets: new MemoryWalletRepository(), intents: new MemoryPaymentIntentRepository(),
        p2p: new MemoryP2pTransferRepository(),
        activity: new MemoryActivityRepository(),
        notifications: new MemoryNotificationRepository(),
        devices: new MemoryDeviceRepository(),
        pushes: new MemoryPushRecording(),
        marks: new MemoryBalanceMarkRepository(),
      };
      await store.truncateAll();
      return { challenges: new SqlChallengeRepository(), passkeys: new SqlPasskeyRepository(), sessions: new SqlSessionRepository(), wallets: new SqlWalletRepository(), intents: new SqlPaymentIntentRepository(),
        p2p: new SqlP2pTransferRepository(),
        activity: new SqlActivityRepository(),
        notifications: new SqlNotificationRepository(),
        devices: new SqlDeviceRepository(),
        pushes: new SqlPushRecording(),
        marks: new SqlBalanceMarkRepository(),
      };
    },
  }).run(),
);

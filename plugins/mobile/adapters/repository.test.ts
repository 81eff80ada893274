import { onEveryStore } from '../../../kit/testing.js';
import { MemoryChallengeRepository, MemoryPasskeyRepository, MemorySessionRepository } from './memory/memory-passkey-repositories.js';
import { MemoryPaymentIntentRepository, MemoryWalletRepository } from './memory/memory-payment-repositories.js';
import { mobileRepositoryContract } from './repository.contract.js';
import { mobileMigrations } from './sql/migrations.js';
import { SqlChallengeRepository, SqlPasskeyRepository, SqlSessionRepository } from './sql/sql-passkey-repositories.js';
import { SqlPaymentIntentRepository, SqlWalletRepository } from './sql/sql-payment-repositories.js';

onEveryStore('mobile', mobileMigrations, (kind, open) =>
  mobileRepositoryContract(`mobile repositories: ${kind}`, {
    open,
    async reset(store) {
      if (store.family === 'memory') return { challenges: new MemoryChallengeRepository(), passkeys: new MemoryPasskeyRepository(), sessions: new MemorySessionRepository(), wallets: new MemoryWalletRepository(), intents: new MemoryPaymentIntentRepository() };
      await store.truncateAll();
      return { challenges: new SqlChallengeRepository(), passkeys: new SqlPasskeyRepository(), sessions: new SqlSessionRepository(), wallets: new SqlWalletRepository(), intents: new SqlPaymentIntentRepository() };
    },
  }).run(),
);

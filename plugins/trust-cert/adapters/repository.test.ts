import { onEveryStore } from '../../../kit/testing.js';
import { MemoryCertificateRepository } from './memory/memory-certificate-repository.js';
import { certificateRepositoryContract } from './repository.contract.js';
import { trustCertMigrations } from './sql/migrations.js';
import { SqlCertificateRepository } from './sql/sql-certificate-repository.js';

onEveryStore('trust-cert', trustCertMigrations, (kind, open) =>
  certificateRepositoryContract(`trust-cert certificate repository: ${kind}`, {
    open,
    async reset(store) {
      if (store.family === 'memory') return new MemoryCertificateRepository();
      await store.truncateAll();
      return new SqlCertificateRepository();
    },
  }).run(),
);

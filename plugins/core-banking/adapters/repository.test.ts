import { DEFAULT_ASSETS } from '../../../config/assets.js';
import type { StoreBundle } from '../../../adapters/store.js';
import { ConfiguredAssetCatalog } from '../../../kernel/assets/asset-catalog.js';
import { onEveryStore } from '../../../test/contracts/plugin-stores.js';
import { MemoryAccountRepository } from './memory/memory-account-repository.js';
import { MemoryJournalRepository } from './memory/memory-journal-repository.js';
import { MemoryLedgerAudit } from './memory/memory-ledger-audit.js';
import { MemoryLedgerRepository } from './memory/memory-ledger-repository.js';
import { MemoryCoreBankingState } from './memory/memory-state.js';
import { MemoryTransactionRepository } from './memory/memory-transaction-repository.js';
import { MemoryTransferRepository } from './memory/memory-transfer-repository.js';
import { coreBankingRepositoryContract, type CoreBankingRepositories } from './repository.contract.js';
import { coreBankingMigrations } from './sql/migrations.js';
import { SqlAccountRepository } from './sql/sql-account-repository.js';
import { SqlJournalRepository } from './sql/sql-journal-repository.js';
import { SqlLedgerAudit } from './sql/sql-ledger-audit.js';
import { SqlLedgerRepository } from './sql/sql-ledger-repository.js';
import { SqlTransactionRepository } from './sql/sql-transaction-repository.js';
import { SqlTransferRepository } from './sql/sql-transfer-repository.js';

const assets = new ConfiguredAssetCatalog(DEFAULT_ASSETS);

// Memory repositories keep their rows in the state they share: a new state is empty.
async function memoryRepositories(): Promise<CoreBankingRepositories> {
  const state = new MemoryCoreBankingState();
  return {
    accounts: new MemoryAccountRepository(state),
    ledger: new MemoryLedgerRepository(state),
    transactions: new MemoryTransactionRepository(state, assets),
    transfers: new MemoryTransferRepository(state),
    audit: new MemoryLedgerAudit(state),
    journal: new MemoryJournalRepository(state),
  };
}

async function sqlRepositories(store: StoreBundle): Promise<CoreBankingRepositories> {
  await store.truncateAll();
  return {
    accounts: new SqlAccountRepository(),
    ledger: new SqlLedgerRepository(),
    transactions: new SqlTransactionRepository(assets),
    transfers: new SqlTransferRepository(),
    audit: new SqlLedgerAudit(),
    journal: new SqlJournalRepository(),
  };
}

onEveryStore('core-banking', coreBankingMigrations, (kind, open) => {
  coreBankingRepositoryContract(kind, { open, reset: kind === 'memory' ? memoryRepositories : sqlRepositories }).run();
});

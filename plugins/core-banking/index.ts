import type { Bind } from 'inversify';
import {
  AssetCatalog,
  BankingRecords,
  Clock,
  definePlugin,
  Ids,
  HeldSettlements,
  Ledger,
  LedgerJournal,
  Logger,
  operation,
  PriceFeed,
  Progress,
  TransactionHistory,
  UnitOfWork,
  WorkflowEngine,
  type OperationBinding,
  type PluginContext,
} from '../../kernel/public.js';
import { CloseAccountOperation, FreezeAccountOperation, UnfreezeAccountOperation } from './application/account-status.js';
import { BankingRecordsReader } from './application/banking-records-reader.js';
import { AuditLedgerOperation } from './application/audit-ledger.js';
import { CreateAccountOperation } from './application/create-account.js';
import { CreateTransferOperation } from './application/create-transfer.js';
import { DepositOperation, WithdrawOperation } from './application/account-movement.js';
import { FeeSchedule } from './application/fee-schedule.js';
import { GetAccountOperation } from './application/get-account.js';
import { GetBalancesOperation } from './application/get-balances.js';
import { GetTransferOperation } from './application/get-transfer.js';
import { HeldTransfers } from './application/held-transfers.js';
import { Holdings } from './application/holdings.js';
import { LedgerJournalReader } from './application/ledger-journal-reader.js';
import { LedgerService } from './application/ledger-service.js';
import { ListAccountTransactionsOperation } from './application/list-account-transactions.js';
import { ListAccountTransfersOperation } from './application/list-account-transfers.js';
import { ListAccountsOperation } from './application/list-accounts.js';
import { ListTransactionsOperation } from './application/list-transactions.js';
import { CoreTransactionHistory } from './application/transaction-history.js';
import { TransferSettlement } from './application/transfer-settlement.js';
import { MemoryAccountRepository } from './adapters/memory/memory-account-repository.js';
import { MemoryJournalRepository } from './adapters/memory/memory-journal-repository.js';
import { MemoryLedgerAudit } from './adapters/memory/memory-ledger-audit.js';
import { MemoryLedgerRepository } from './adapters/memory/memory-ledger-repository.js';
import { MemoryCoreBankingState, MemoryState } from './adapters/memory/memory-state.js';
import { MemoryTransactionRepository } from './adapters/memory/memory-transaction-repository.js';
import { MemoryTransferRepository } from './adapters/memory/memory-transfer-repository.js';
import { coreBankingMigrations } from './adapters/sql/migrations.js';
import { SqlAccountRepository } from './adapters/sql/sql-account-repository.js';
import { SqlJournalRepository } from './adapters/sql/sql-journal-repository.js';
import { SqlLedgerAudit } from './adapters/sql/sql-ledger-audit.js';
import { SqlLedgerRepository } from './adapters/sql/sql-ledger-repository.js';
import { SqlTransactionRepository } from './adapters/sql/sql-transaction-repository.js';
import { SqlTransferRepository } from './adapters/sql/sql-transfer-repository.js';
import { coreBankingCommands } from './commands.js';
import { CoreBankingConfig, coreBankingConfigSchema } from './config.js';
import { coreBankingEvents } from './events.js';
import { coreBankingGraphql } from './graphql/index.js';
import { coreBankingRoutes, coreBankingRouteTags } from './http.js';
import * as ops from './operations.js';
import { AccountRepository, BalanceRowLocking, JournalRepository, LedgerAudit, LedgerRepository, TransactionRepository, TransferRepository } from './ports.js';
import { TransferWorkflow, transferWorkflow } from './workflows.js';

const operations: readonly OperationBinding[] = [
  operation(ops.CreateAccount, CreateAccountOperation),
  operation(ops.ListAccounts, ListAccountsOperation),
  operation(ops.GetAccount, GetAccountOperation),
  operation(ops.GetBalances, GetBalancesOperation),
  operation(ops.FreezeAccount, FreezeAccountOperation),
  operation(ops.UnfreezeAccount, UnfreezeAccountOperation),
  operation(ops.CloseAccount, CloseAccountOperation),
  operation(ops.ListTransactions, ListTransactionsOperation),
  operation(ops.ListAccountTransactions, ListAccountTransactionsOperation),
  operation(ops.Deposit, DepositOperation),
  operation(ops.Withdraw, WithdrawOperation),
  operation(ops.CreateTransfer, CreateTransferOperation),
  operation(ops.GetTransfer, GetTransferOperation),
  operation(ops.ListAccountTransfers, ListAccountTransfersOperation),
  operation(ops.AuditLedger, AuditLedgerOperation),
];

/**
 * Core banking: accounts, balances per asset, deposits, withdrawals and
 * transfers with a durable settlement workflow, and the Ledger port every
 * other plugin moves money through.
 */
export const coreBankingPlugin = definePlugin<CoreBankingConfig>({
  name: 'core-banking',
  version: '0.1.0',
  kernel: '^2.6.0',
  description: 'Accounts, multi-asset balances, deposits, withdrawals, transfers and the double-entry ledger.',
  dependsOn: ['identity'],
  provides: [Ledger, LedgerJournal, BankingRecords, TransactionHistory, HeldSettlements],
  // SettlementGate (regtech) is injected optionally: without it every transfer settles on its schedule.
  requires: [UnitOfWork, WorkflowEngine, AssetCatalog, PriceFeed, Clock, Ids, Logger, Progress],
  config: coreBankingConfigSchema,
  register(bind: Bind, ctx: PluginContext<CoreBankingConfig>) {
    bind<CoreBankingConfig>(CoreBankingConfig).toConstantValue(ctx.config);
    bind<BalanceRowLocking>(BalanceRowLocking).toConstantValue(Object.freeze({ enabled: true }));
    bind<FeeSchedule>(FeeSchedule).toSelf();
    bind<Holdings>(Holdings).toSelf();
    bind<Ledger>(Ledger).to(LedgerService);
    bind<LedgerJournal>(LedgerJournal).to(LedgerJournalReader);
    bind<BankingRecords>(BankingRecords).to(BankingRecordsReader);
    bind<TransferSettlement>(TransferSettlement).toSelf();
    bind<TransactionHistory>(TransactionHistory).to(CoreTransactionHistory);
    bind<HeldSettlements>(HeldSettlements).to(HeldTransfers);
    bind(TransferWorkflow).toResolvedValue(
      (settlement: TransferSettlement, config: CoreBankingConfig) => transferWorkflow(settlement, config),
      [TransferSettlement, CoreBankingConfig],
    );
  },
  operations,
  persistence: {
    memory(bind: Bind) {
      bind<MemoryCoreBankingState>(MemoryState).toConstantValue(new MemoryCoreBankingState());
      bind<AccountRepository>(AccountRepository).to(MemoryAccountRepository);
      bind<LedgerRepository>(LedgerRepository).to(MemoryLedgerRepository);
      bind<TransactionRepository>(TransactionRepository).to(MemoryTransactionRepository);
      bind<TransferRepository>(TransferRepository).to(MemoryTransferRepository);
      bind<LedgerAudit>(LedgerAudit).to(MemoryLedgerAudit);
      bind<JournalRepository>(JournalRepository).to(MemoryJournalRepository);
    },
    sql(bind: Bind) {
      bind<AccountRepository>(AccountRepository).to(SqlAccountRepository);
      bind<LedgerRepository>(LedgerRepository).to(SqlLedgerRepository);
      bind<TransactionRepository>(TransactionRepository).to(SqlTransactionRepository);
      bind<TransferRepository>(TransferRepository).to(SqlTransferRepository);
      bind<LedgerAudit>(LedgerAudit).to(SqlLedgerAudit);
      bind<JournalRepository>(JournalRepository).to(SqlJournalRepository);
    },
  },
  migrations: coreBankingMigrations,
  routes: coreBankingRoutes,
  routeTags: coreBankingRouteTags,
  commands: coreBankingCommands,
  events: coreBankingEvents,
  graphql: coreBankingGraphql,
  workflows: [TransferWorkflow],
  async start(rt) {
    // Resolving the transfer operation builds the fee schedule, which validates every rule now, not at the first transfer.
    rt.get(ops.CreateTransfer);
  },
});

export default coreBankingPlugin;

import { AssetCatalog, Clock, ComplianceFlags, definePlugin, SettlementGate, EventBackbone, Ids, operation, PriceFeed, SanctionsScreening, Scheduler, UnitOfWork, type PluginContext } from '../../kernel/public.js';
import type { Bind } from 'inversify';
import { NodeListFiles } from './adapters/files/node-list-files.js';
import { MemorySanctionsListRepository } from './adapters/memory/memory-sanctions-list-repository.js';
import { MemoryScreeningRepository } from './adapters/memory/memory-screening-repository.js';
import { regtechMigrations } from './adapters/sql/migrations.js';
import { SqlSanctionsListRepository } from './adapters/sql/sql-sanctions-list-repository.js';
import { SqlScreeningRepository } from './adapters/sql/sql-screening-repository.js';
import { ListSanctionsListsOperation } from './application/list-sanctions-lists.js';
import { LoadSanctionsListFileOperation } from './application/load-sanctions-list-file.js';
import { LoadSanctionsListOperation } from './application/load-sanctions-list.js';
import { SanctionsListLoader } from './application/sanctions-list-loader.js';
import { SanctionsScreener } from './application/sanctions-screener.js';
import { ScreeningIndexCache } from './application/screening-index-cache.js';
import { GetScreeningOperation, ScreenPartyOperation } from './application/screen-party.js';
import { CheckTravelRuleOperation, GetTravelRuleCheckOperation } from './application/check-travel-rule.js';
import { GetTravelRuleSubmissionOperation, SubmitTravelRuleTransferOperation } from './application/submit-travel-rule-transfer.js';
import { TravelRuleChecker } from './application/travel-rule-checker.js';
import { MemoryTravelRuleCheckRepository, MemoryTravelRuleSubmissionRepository } from './adapters/memory/memory-travel-rule-repositories.js';
import { SqlTravelRuleCheckRepository, SqlTravelRuleSubmissionRepository } from './adapters/sql/sql-travel-rule-repositories.js';
import { AuthorityFeedback } from './application/authority-feedback.js';
import { MifirReportBuilder } from './application/mifir-report-builder.js';
import { GetMifirReportOperation, SubmitMifirReportOperation } from './application/submit-mifir-report.js';
import { SimulatedCompetentAuthority } from './adapters/authority-sim/simulated-competent-authority.js';
import { MemoryAuthorityInboxRepository, MemoryMifirReportRepository } from './adapters/memory/memory-mifir-repositories.js';
import { SqlAuthorityInboxRepository, SqlMifirReportRepository } from './adapters/sql/sql-mifir-repositories.js';
import { CheckMicaOperation } from './application/check-mica.js';
import { FileMicaWhitePaperOperation, GetMicaIssuerOperation, ListMicaIssuersOperation, PutMicaIssuerOperation } from './application/mica-registry.js';
import { MemoryMicaCheckRepository, MemoryMicaRegistryRepository } from './adapters/memory/memory-mica-repositories.js';
import { SqlMicaCheckRepository, SqlMicaRegistryRepository } from './adapters/sql/sql-mica-repositories.js';
import { GetRegtechStatusOperation } from './application/get-status.js';
import { ClearReviewOperation, ComplianceFlagsReader, GetTransactionFlagsOperation, ListPendingReviewsOperation, RejectReviewOperation } from './application/review-operations.js';
import { TransactionMonitor } from './application/transaction-monitor.js';
import { MonitoringSettlementGate } from './application/monitoring-gate.js';
import { MemoryMonitoringRepository } from './adapters/memory/memory-monitoring-repository.js';
import { SqlMonitoringRepository } from './adapters/sql/sql-monitoring-repository.js';
import { regtechCommands } from './commands.js';
import { regtechGraphql } from './graphql/index.js';
import { regtechEvents } from './events.js';
import { RegtechConfig, regtechConfigSchema } from './config.js';
import { regtechRoutes, regtechRouteTags } from './http.js';
import {
  ClearReview,
  GetTransactionFlags,
  ListPendingReviews,
  RejectReview,
  GetRegtechStatus,
  CheckMica,
  FileMicaWhitePaper,
  GetMicaIssuer,
  ListMicaIssuers,
  MicaIssuerInput,
  MicaIssuerParams,
  PutMicaIssuer,
  GetMifirReport,
  SubmitMifirReport,
  CheckTravelRule,
  GetScreening,
  GetTravelRuleCheck,
  GetTravelRuleSubmission,
  ListSanctionsLists,
  LoadSanctionsList,
  LoadSanctionsListFile,
  ScreenParty,
  SubmitTravelRuleTransfer,
} from './operations.js';
import {
  MonitoringRepository,
  MicaCheckRepository,
  MicaRegistryRepository,
  AuthorityInboxRepository,
  CompetentAuthority,
  ListFiles,
  MifirReportRepository,
  SanctionsListRepository,
  ScreeningRepository,
  TravelRuleCheckRepository,
  TravelRuleSubmissionRepository,
} from './ports.js';

/**
 * Regulatory technology (docs/regtech.md): sanctions screening (the OFAC
 * SDN, EU consolidated and UN Security Council lists in their published
 * layouts, loaded by the operator, and the SanctionsScreening port other
 * modules screen parties through), travel-rule checks and IVMS 101 messages
 * for core-banking transfers, and MiFIR transaction reports submitted to a
 * simulated competent authority that decides them by the clock.
 */
export const regtechPlugin = definePlugin<RegtechConfig>({
  name: 'regtech',
  version: '0.1.0',
  kernel: '^2.3.0',
  description: 'Sanctions screening (the SanctionsScreening port), travel-rule checks and IVMS 101 messages, MiFIR transaction reports to a simulated competent authority.',
  dependsOn: [],
  provides: [SanctionsScreening, ComplianceFlags, SettlementGate],
  // BankingRecords and HeldSettlements (core-banking's transfers) are injected optionally: without core-banking, sanctions screening and checks still work.
  requires: [UnitOfWork, Clock, Ids, PriceFeed, AssetCatalog, Scheduler, EventBackbone],
  config: regtechConfigSchema,
  register(bind: Bind, ctx: PluginContext<RegtechConfig>) {
    bind(RegtechConfig).toConstantValue(ctx.config);
    bind(ScreeningIndexCache).toSelf();
    bind(SanctionsListLoader).toSelf();
    bind(SanctionsScreening).to(SanctionsScreener);
    bind(ListFiles).to(NodeListFiles);
    bind(TravelRuleChecker).toSelf();
    bind(MifirReportBuilder).toSelf();
    bind(AuthorityFeedback).toSelf();
    bind(CompetentAuthority).to(SimulatedCompetentAuthority);
    bind(TransactionMonitor).toSelf();
    bind(ComplianceFlags).to(ComplianceFlagsReader);
    bind(SettlementGate).to(MonitoringSettlementGate);
  },
  operations: [
    operation(LoadSanctionsList, LoadSanctionsListOperation),
    operation(LoadSanctionsListFile, LoadSanctionsListFileOperation),
    operation(ListSanctionsLists, ListSanctionsListsOperation),
    operation(ScreenParty, ScreenPartyOperation),
    operation(GetScreening, GetScreeningOperation),
    operation(CheckTravelRule, CheckTravelRuleOperation),
    operation(GetTravelRuleCheck, GetTravelRuleCheckOperation),
    operation(SubmitTravelRuleTransfer, SubmitTravelRuleTransferOperation),
    operation(GetTravelRuleSubmission, GetTravelRuleSubmissionOperation),
    operation(SubmitMifirReport, SubmitMifirReportOperation),
    operation(GetMifirReport, GetMifirReportOperation),
    operation(CheckMica, CheckMicaOperation),
    operation(GetRegtechStatus, GetRegtechStatusOperation),
    operation(GetTransactionFlags, GetTransactionFlagsOperation),
    operation(ListPendingReviews, ListPendingReviewsOperation),
    operation(ClearReview, ClearReviewOperation),
    operation(RejectReview, RejectReviewOperation),
    // GraphQL's input is the route's path and body together (the route parses each on its own).
    operation(PutMicaIssuer, PutMicaIssuerOperation, MicaIssuerParams.extend(MicaIssuerInput.shape)),
    operation(GetMicaIssuer, GetMicaIssuerOperation),
    operation(ListMicaIssuers, ListMicaIssuersOperation),
    operation(FileMicaWhitePaper, FileMicaWhitePaperOperation),
  ],
  persistence: {
    memory(bind: Bind) {
      bind(SanctionsListRepository).to(MemorySanctionsListRepository);
      bind(ScreeningRepository).to(MemoryScreeningRepository);
      bind(TravelRuleCheckRepository).to(MemoryTravelRuleCheckRepository);
      bind(TravelRuleSubmissionRepository).to(MemoryTravelRuleSubmissionRepository);
      bind(MifirReportRepository).to(MemoryMifirReportRepository);
      bind(AuthorityInboxRepository).to(MemoryAuthorityInboxRepository);
      bind(MicaRegistryRepository).to(MemoryMicaRegistryRepository);
      bind(MicaCheckRepository).to(MemoryMicaCheckRepository);
      bind(MonitoringRepository).to(MemoryMonitoringRepository);
    },
    sql(bind: Bind) {
      bind(SanctionsListRepository).to(SqlSanctionsListRepository);
      bind(ScreeningRepository).to(SqlScreeningRepository);
      bind(TravelRuleCheckRepository).to(SqlTravelRuleCheckRepository);
      bind(TravelRuleSubmissionRepository).to(SqlTravelRuleSubmissionRepository);
      bind(MifirReportRepository).to(SqlMifirReportRepository);
      bind(AuthorityInboxRepository).to(SqlAuthorityInboxRepository);
      bind(MicaRegistryRepository).to(SqlMicaRegistryRepository);
      bind(MicaCheckRepository).to(SqlMicaCheckRepository);
      bind(MonitoringRepository).to(SqlMonitoringRepository);
    },
  },
  migrations: regtechMigrations,
  routes: regtechRoutes,
  routeTags: regtechRouteTags,
  commands: regtechCommands,
  events: regtechEvents,
  graphql: regtechGraphql,
  async start(rt) {
    if (rt.get(RegtechConfig).load_test_lists) await rt.get(SanctionsListLoader).loadTestListsWhereMissing();
    rt.get(EventBackbone).register(rt.get(TransactionMonitor));
    const feedback = rt.get(AuthorityFeedback);
    rt.get(Scheduler).every({ name: 'regtech.authority-feedback', intervalMs: 60_000, run: () => feedback.runDue() });
  },
});

export default regtechPlugin;

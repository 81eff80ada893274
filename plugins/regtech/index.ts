import { AssetCatalog, Clock, definePlugin, Ids, operation, PriceFeed, SanctionsScreening, UnitOfWork, type PluginContext } from '../../kernel/public.js';
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
import { regtechCommands } from './commands.js';
import { regtechEvents } from './events.js';
import { RegtechConfig, regtechConfigSchema } from './config.js';
import { regtechRoutes, regtechRouteTags } from './http.js';
import {
  CheckTravelRule,
  GetScreening,
  GetTravelRuleCheck,
  GetTravelRuleSubmission,
  ListSanctionsLists,
  LoadSanctionsList,
  LoadSanctionsListFile,
  LoadSanctionsListInput,
  ScreeningPartyInput,
  ScreenParty,
  SubmitTravelRuleTransfer,
  TravelRuleCheckInput,
  TravelRuleSubmissionInput,
} from './operations.js';
import { ListFiles, SanctionsListRepository, ScreeningRepository, TravelRuleCheckRepository, TravelRuleSubmissionRepository } from './ports.js';

/**
 * Regulatory technology (docs/regtech.md). This first part is sanctions
 * screening: the OFAC SDN, EU consolidated and UN Security Council lists in
 * their published layouts, loaded by the operator, and the
 * SanctionsScreening port other modules screen parties through.
 */
export const regtechPlugin = definePlugin<RegtechConfig>({
  name: 'regtech',
  version: '0.1.0',
  kernel: '^2.1.0',
  description: 'Sanctions screening against the OFAC SDN, EU consolidated and UN Security Council lists (the SanctionsScreening port).',
  dependsOn: [],
  provides: [SanctionsScreening],
  // BankingRecords (core-banking's transfers) is injected optionally: without core-banking, sanctions screening and checks still work.
  requires: [UnitOfWork, Clock, Ids, PriceFeed, AssetCatalog],
  config: regtechConfigSchema,
  register(bind: Bind, ctx: PluginContext<RegtechConfig>) {
    bind(RegtechConfig).toConstantValue(ctx.config);
    bind(ScreeningIndexCache).toSelf();
    bind(SanctionsListLoader).toSelf();
    bind(SanctionsScreening).to(SanctionsScreener);
    bind(ListFiles).to(NodeListFiles);
    bind(TravelRuleChecker).toSelf();
  },
  operations: [
    operation(LoadSanctionsList, LoadSanctionsListOperation, LoadSanctionsListInput),
    operation(LoadSanctionsListFile, LoadSanctionsListFileOperation),
    operation(ListSanctionsLists, ListSanctionsListsOperation),
    operation(ScreenParty, ScreenPartyOperation, ScreeningPartyInput),
    operation(GetScreening, GetScreeningOperation),
    operation(CheckTravelRule, CheckTravelRuleOperation, TravelRuleCheckInput),
    operation(GetTravelRuleCheck, GetTravelRuleCheckOperation),
    operation(SubmitTravelRuleTransfer, SubmitTravelRuleTransferOperation, TravelRuleSubmissionInput),
    operation(GetTravelRuleSubmission, GetTravelRuleSubmissionOperation),
  ],
  persistence: {
    memory(bind: Bind) {
      bind(SanctionsListRepository).to(MemorySanctionsListRepository);
      bind(ScreeningRepository).to(MemoryScreeningRepository);
      bind(TravelRuleCheckRepository).to(MemoryTravelRuleCheckRepository);
      bind(TravelRuleSubmissionRepository).to(MemoryTravelRuleSubmissionRepository);
    },
    sql(bind: Bind) {
      bind(SanctionsListRepository).to(SqlSanctionsListRepository);
      bind(ScreeningRepository).to(SqlScreeningRepository);
      bind(TravelRuleCheckRepository).to(SqlTravelRuleCheckRepository);
      bind(TravelRuleSubmissionRepository).to(SqlTravelRuleSubmissionRepository);
    },
  },
  migrations: regtechMigrations,
  routes: regtechRoutes,
  routeTags: regtechRouteTags,
  commands: regtechCommands,
  events: regtechEvents,
  async start(rt) {
    if (rt.get(RegtechConfig).load_test_lists) await rt.get(SanctionsListLoader).loadTestListsWhereMissing();
  },
});

export default regtechPlugin;

import type { Bind } from 'inversify';
import {
  CallGate,
  Clock,
  definePlugin,
  EnabledModules,
  Ids,
  KeyInventory,
  operation,
  Random,
  TeamProvisioning,
  TeamQuotas,
  UnitOfWork,
  type PluginContext,
} from '../../kernel/public.js';
import { MemoryPartnerRepository, MemoryTenantRepository } from './adapters/memory/memory-partner-repositories.js';
import { partnerMigrations } from './adapters/sql/migrations.js';
import { SqlPartnerRepository, SqlTenantRepository } from './adapters/sql/sql-partner-repositories.js';
import { OnboardingChecklist } from './application/checklist.js';
import { GetOwnPartnerOperation } from './application/get-own-partner.js';
import { OnboardPartnerOperation } from './application/onboard-partner.js';
import {
  GetPartnerOperation,
  ListPartnersOperation,
  ReactivatePartnerOperation,
  RevokePartnerOperation,
  RotatePartnerKeysOperation,
  SuspendPartnerOperation,
} from './application/operator-partners.js';
import { PartnerKeyInventory } from './application/key-inventory.js';
import { PartnerGate } from './application/partner-gate.js';
import { TenantQuotas } from './application/tenant-quotas.js';
import { PartnerKeys } from './application/partner-keys.js';
import { ListCallerModulesOperation } from './application/caller-modules.js';
import { FinancialInstitutionResolver } from './graphql/financial-institution.js';
import { PartnerSettingsResolver } from './graphql/partner-settings.js';
import { PluginResolver } from './graphql/plugin.js';
import { CreateTenantOperation, ListTenantsOperation } from './application/tenants.js';
import { DownloadSdkOperation, GenerateSdkOperation, GenerateSdkV1Operation } from './application/generate-sdk.js';
import { SdkPackages } from './application/sdk-packages.js';
import { MemorySdkPackageRepository } from './adapters/memory/memory-sdk-package-repository.js';
import { SqlSdkPackageRepository } from './adapters/sql/sql-sdk-package-repository.js';
import { GetWhitelabelOperation, GetWidgetOperation, GetWidgetScriptOperation, PutWhitelabelOperation, WidgetDocuments } from './application/whitelabel.js';
import { MemoryWhitelabelRepository } from './adapters/memory/memory-whitelabel-repository.js';
import { SqlWhitelabelRepository } from './adapters/sql/sql-whitelabel-repository.js';
import { partnerCommands } from './commands.js';
import { PartnerConfig, partnerConfigSchema } from './config.js';
import { partnerEvents } from './events.js';
import { partnerRoutes, partnerRouteTags } from './http.js';
import * as ops from './operations.js';
import { CreateTenant, ListTenants } from './operations-tenants.js';
import { GetWhitelabel, GetWidget, GetWidgetScript, PutWhitelabel } from './operations-whitelabel.js';
import { DownloadSdk, GenerateSdk, GenerateSdkV1 } from './operations-sdk.js';
import { PartnerRepository, SdkPackageRepository, TenantRepository, WhitelabelRepository } from './ports.js';

/**
 * Partner banking-as-a-service: onboarding (teams, admin user, fpk_ keys,
 * webhook), the CallGate that checks every call made with a partner's keys
 * (partner key, sandbox selection, allow-list, rate limits, status, modules),
 * tenants as isolated teams, and the operator's administration.
 * Webhooks are optional: without them webhook_url is refused and the
 * checklist's webhook_configured stays false.
 */
export const partnerPlugin = definePlugin<PartnerConfig>({
  name: 'partner',
  version: '0.1.0',
  kernel: '^2.4.0',
  description: 'Partner onboarding, fpk_ partner keys with sandbox, allow-lists and rate limits, tenants (isolated teams).',
  dependsOn: ['identity'],
  provides: [CallGate, TeamQuotas],
  contributes: [KeyInventory],
  requires: [UnitOfWork, Clock, Ids, Random, TeamProvisioning, EnabledModules],
  config: partnerConfigSchema,
  register(bind: Bind, ctx: PluginContext<PartnerConfig>) {
    bind(PartnerConfig).toConstantValue(ctx.config);
    bind(PartnerKeys).toSelf();
    bind(OnboardingChecklist).toSelf();
    bind(SdkPackages).toSelf();
    bind(WidgetDocuments).toSelf();
    bind(CallGate).to(PartnerGate);
    bind(TeamQuotas).to(TenantQuotas);
    bind(KeyInventory).to(PartnerKeyInventory);
  },
  operations: [
    operation(ops.OnboardPartner, OnboardPartnerOperation),
    operation(ops.GetOwnPartner, GetOwnPartnerOperation),
    operation(ops.ListCallerModules, ListCallerModulesOperation, ops.emptyInput),
    operation(ops.ListPartners, ListPartnersOperation),
    operation(ops.GetPartner, GetPartnerOperation),
    operation(ops.SuspendPartner, SuspendPartnerOperation, ops.partnerIdInput),
    operation(ops.ReactivatePartner, ReactivatePartnerOperation, ops.partnerIdInput),
    operation(ops.RevokePartner, RevokePartnerOperation, ops.partnerIdInput),
    operation(ops.RotatePartnerKeys, RotatePartnerKeysOperation),
    operation(CreateTenant, CreateTenantOperation),
    operation(ListTenants, ListTenantsOperation),
    operation(PutWhitelabel, PutWhitelabelOperation),
    operation(GetWhitelabel, GetWhitelabelOperation),
    operation(GetWidget, GetWidgetOperation),
    operation(GetWidgetScript, GetWidgetScriptOperation),
    operation(GenerateSdk, GenerateSdkOperation),
    operation(GenerateSdkV1, GenerateSdkV1Operation),
    operation(DownloadSdk, DownloadSdkOperation),
  ],
  persistence: {
    memory(bind: Bind) {
      bind(PartnerRepository).to(MemoryPartnerRepository);
      bind(TenantRepository).to(MemoryTenantRepository);
      bind(WhitelabelRepository).to(MemoryWhitelabelRepository);
      bind(SdkPackageRepository).to(MemorySdkPackageRepository);
    },
    sql(bind: Bind) {
      bind(PartnerRepository).to(SqlPartnerRepository);
      bind(TenantRepository).to(SqlTenantRepository);
      bind(WhitelabelRepository).to(SqlWhitelabelRepository);
      bind(SdkPackageRepository).to(SqlSdkPackageRepository);
    },
  },
  migrations: partnerMigrations,
  routes: partnerRoutes,
  routeTags: partnerRouteTags,
  commands: partnerCommands,
  events: partnerEvents,
  graphql: [
    { domain: 'financial-institution', resolvers: [FinancialInstitutionResolver, PartnerSettingsResolver] },
    { domain: 'plugin', resolvers: [PluginResolver] },
  ],
});

export default partnerPlugin;

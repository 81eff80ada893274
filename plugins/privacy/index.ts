import type { Bind } from 'inversify';
import { Clock, definePlugin, Ids, operation, UnitOfWork, UserDirectory } from '../../kernel/public.js';
import { MemoryPrivacyRequestRepository } from './adapters/memory/memory-privacy-repository.js';
import { privacyMigrations } from './adapters/sql/migrations.js';
import { SqlPrivacyRequestRepository } from './adapters/sql/sql-privacy-repository.js';
import { CreatePrivacyRequestOperation } from './application/create-request.js';
import { GetPrivacyExportOperation, GetPrivacyRequestOperation, ListPrivacyRequestsOperation } from './application/read.js';
import { privacyEvents } from './events.js';
import { privacyGraphql } from './graphql/privacy.js';
import { privacyRoutes, privacyRouteTags } from './http.js';
import { CreatePrivacyRequest, GetPrivacyExport, GetPrivacyRequest, ListPrivacyRequests } from './operations.js';
import { PrivacyRequestRepository } from './ports.js';

/**
 * GDPR data-subject requests (docs/privacy.md): export a user's personal
 * data from every module that contributes PersonalData, or erase it by
 * pseudonymising; money and the ledger are never touched.
 */
export const privacyPlugin = definePlugin({
  name: 'privacy',
  version: '0.1.0',
  kernel: '^2.3.0',
  description: 'GDPR data-subject requests: a user’s personal data exported as a JSON file, or pseudonymised in every module.',
  dependsOn: ['identity'],
  provides: [],
  requires: [UnitOfWork, Clock, Ids, UserDirectory],
  operations: [
    operation(CreatePrivacyRequest, CreatePrivacyRequestOperation),
    operation(GetPrivacyRequest, GetPrivacyRequestOperation),
    operation(ListPrivacyRequests, ListPrivacyRequestsOperation),
    operation(GetPrivacyExport, GetPrivacyExportOperation),
  ],
  persistence: {
    memory: (bind: Bind) => bind(PrivacyRequestRepository).to(MemoryPrivacyRequestRepository),
    sql: (bind: Bind) => bind(PrivacyRequestRepository).to(SqlPrivacyRequestRepository),
  },
  migrations: privacyMigrations,
  routes: privacyRoutes,
  routeTags: privacyRouteTags,
  events: privacyEvents,
  graphql: privacyGraphql,
});

export default privacyPlugin;

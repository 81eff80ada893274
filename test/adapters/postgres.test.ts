import { openStore } from '../../adapters/open-store.js';
import { storeContracts } from '../contracts/store-contracts.js';
import { recordingLogger } from './quiet-logger.js';
import { sharedStore } from './shared-store.js';
import { sqlClientDataSuite } from './sql-client-data.js';
import { sqlTypesSuite } from './sql-types.js';
import { sqlWorkflowPlanSuite } from './sql-workflow-plans.js';
import { writeBehindSuite } from './write-behind.js';

/**
 * Runs against the database in DATABASE_URL (shared with other test files:
 * each test starts with truncateAll). Without it, the file skips itself.
 */
const databaseUrl = process.env.DATABASE_URL;

if (!databaseUrl) {
  console.log('postgres store contracts: skipped (set DATABASE_URL to run them)');
} else {
  const logger = recordingLogger();
  const shared = sharedStore(() => openStore({ kind: 'postgres', databaseUrl, poolSize: 16, logger }));
  storeContracts('postgres', shared.open);
  sqlTypesSuite('postgres', shared.open);
  writeBehindSuite('postgres', shared.open);
  sqlClientDataSuite('postgres', shared.open, logger);
  sqlWorkflowPlanSuite('postgres', shared.open);
  shared.closeAfterAll();
}

import type { Bind } from 'inversify';
import { AssetCatalog, Clock, definePlugin, Ids, Ledger, operation, UnitOfWork } from '../../kernel/public.js';
import { MemoryCustodianRepository } from './adapters/memory/memory-custodian-repository.js';
import { SimulatedCustodian } from './adapters/simulator/simulated-custodian.js';
import { custodianMigrations } from './adapters/sql/migrations.js';
import { SqlCustodianRepository } from './adapters/sql/sql-custodian-repository.js';
import { LinkOperation, SyncOperation, UnlinkOperation } from './application/links.js';
import { GetAccountOperation, ListAccountsOperation, ListBalancesOperation } from './application/queries.js';
import { custodianEvents } from './events.js';
import { custodianGraphql } from './graphql/custodian.js';
import { custodianRoutes, custodianRouteTags } from './http.js';
import { GetAccount, LinkAccount, ListAccounts, ListBalances, SyncAccount, UnlinkAccount } from './operations.js';
import { CustodianGateway, CustodianRepository } from './ports.js';

/**
 * External custodians (docs/custodian.md): accounts at a custodian linked
 * to the team's accounts, their balances synced through the
 * CustodianGateway (the simulated custodian by default) and reconciled
 * with the ledger per holding. Reads the ledger; never moves money.
 */
export const custodianPlugin = definePlugin({
  name: 'custodian',
  version: '0.1.0',
  kernel: '^2.3.0',
  description: 'Accounts at external custodians linked to the team’s accounts; balances synced and reconciled with the ledger per holding.',
  dependsOn: ['core-banking'],
  provides: [],
  requires: [UnitOfWork, Ledger, AssetCatalog, Clock, Ids],
  register(bind: Bind) {
    bind(CustodianGateway).to(SimulatedCustodian).inSingletonScope();
  },
  operations: [
    operation(LinkAccount, LinkOperation),
    operation(UnlinkAccount, UnlinkOperation),
    operation(SyncAccount, SyncOperation),
    operation(GetAccount, GetAccountOperation),
    operation(ListAccounts, ListAccountsOperation),
    operation(ListBalances, ListBalancesOperation),
  ],
  persistence: {
    memory: (bind: Bind) => bind(CustodianRepository).to(MemoryCustodianRepository).inSingletonScope(),
    sql: (bind: Bind) => bind(CustodianRepository).to(SqlCustodianRepository),
  },
  migrations: custodianMigrations,
  routes: custodianRoutes,
  routeTags: custodianRouteTags,
  events: custodianEvents,
  graphql: custodianGraphql,
});

export default custodianPlugin;

import { Clock, definePlugin, Ledger, LedgerJournal, operation, UnitOfWork } from '../../kernel/public.js';
import { GetMovementOperation } from './application/get-movement.js';
import { GetTrialBalanceOperation } from './application/get-trial-balance.js';
import { ListAccountPostingsOperation } from './application/list-account-postings.js';
import { ledgerGraphql } from './graphql/ledger.js';
import { ledgerRoutes, ledgerRouteTags } from './http.js';
import { GetMovement, GetTrialBalance, ListAccountPostings } from './operations.js';

/**
 * The ledger, read by teams: trial balance and journal over REST and the
 * `ledger` GraphQL domain, read through core banking's LedgerJournal port.
 * It owns no tables and emits no events: every entry is written by the
 * module that moves the money, through the Ledger port.
 */
export const ledgerPlugin = definePlugin({
  name: 'ledger',
  version: '0.1.0',
  kernel: '^2.3.0',
  description: 'The team’s trial balance and journal (read only), from core banking’s ledger.',
  dependsOn: ['core-banking'],
  provides: [],
  requires: [UnitOfWork, Ledger, LedgerJournal, Clock],
  operations: [
    operation(GetTrialBalance, GetTrialBalanceOperation),
    operation(GetMovement, GetMovementOperation),
    operation(ListAccountPostings, ListAccountPostingsOperation),
  ],
  routes: ledgerRoutes,
  routeTags: ledgerRouteTags,
  graphql: ledgerGraphql,
});

export default ledgerPlugin;

import type { GraphqlContribution } from '../../../kit/graphql.js';
import { AccountResolver } from './account.js';
import { AccountStatusResolver } from './account-status.js';
import { AssetResolver } from './asset.js';
import { BankingResolver } from './banking.js';
import { LedgerAuditResolver } from './ledger-audit.js';
import { PaymentResolver } from './payment.js';

/** Core banking's GraphQL domains (schema/<domain>.graphql). */
export const coreBankingGraphql: readonly GraphqlContribution[] = [
  { domain: 'account', resolvers: [AccountResolver, AccountStatusResolver] },
  { domain: 'asset', resolvers: [AssetResolver] },
  { domain: 'banking', resolvers: [BankingResolver, LedgerAuditResolver] },
  { domain: 'payment', resolvers: [PaymentResolver] },
];

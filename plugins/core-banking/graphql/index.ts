import type { GraphqlContribution } from '../../../kit/graphql.js';
import { AccountResolver } from './account.js';
import { AssetResolver } from './asset.js';
import { BankingResolver } from './banking.js';
import { PaymentResolver } from './payment.js';

/** Core banking's GraphQL domains (schema/<domain>.graphql). */
export const coreBankingGraphql: readonly GraphqlContribution[] = [
  { domain: 'account', resolvers: [AccountResolver] },
  { domain: 'asset', resolvers: [AssetResolver] },
  { domain: 'banking', resolvers: [BankingResolver] },
  { domain: 'payment', resolvers: [PaymentResolver] },
];

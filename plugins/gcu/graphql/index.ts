import type { GraphqlContribution } from '../../../kit/graphql.js';
import { BasketResolver } from './basket.js';
import { GcuInfoResolver } from './gcu-info.js';
import { GovernanceResolver } from './governance.js';
import { GovernanceAdminResolver } from './governance-admin.js';

/** The GCU plugin's GraphQL domains (schema/basket.graphql, schema/governance.graphql). */
export const gcuGraphql: readonly GraphqlContribution[] = [
  { domain: 'basket', resolvers: [BasketResolver, GcuInfoResolver] },
  { domain: 'governance', resolvers: [GovernanceResolver, GovernanceAdminResolver] },
];

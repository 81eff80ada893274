import type { GraphqlContribution } from '../../../kit/graphql.js';
import { complianceGraphql } from './compliance.js';
import { fraudGraphql } from './fraud.js';
import { MicaRegistryResolver, ReviewsResolver, SanctionsListsResolver } from './operator.js';
import { regtechDomainGraphql } from './regtech.js';
import { regulatoryGraphql } from './regulatory.js';
import { TravelRuleResolver } from './travel-rule.js';

/** Adds resolvers to a domain of this module (composed here, so operator.ts can reuse a domain file's types without a cycle). */
const withResolvers = (contribution: GraphqlContribution, ...resolvers: Function[]): GraphqlContribution => ({ ...contribution, resolvers: [...contribution.resolvers, ...resolvers] });

/** The four GraphQL domains the regtech module serves: compliance, fraud, regtech (queries only) and regulatory. */
export const regtechGraphql: readonly GraphqlContribution[] = [
  withResolvers(complianceGraphql, TravelRuleResolver, SanctionsListsResolver),
  withResolvers(fraudGraphql, ReviewsResolver),
  regtechDomainGraphql,
  withResolvers(regulatoryGraphql, MicaRegistryResolver),
];

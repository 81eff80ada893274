import type { GraphqlContribution } from '../../../kit/graphql.js';
import { complianceGraphql } from './compliance.js';
import { fraudGraphql } from './fraud.js';
import { regtechDomainGraphql } from './regtech.js';
import { regulatoryGraphql } from './regulatory.js';

/** The four GraphQL domains the regtech module serves: compliance, fraud, regtech (queries only) and regulatory. */
export const regtechGraphql: readonly GraphqlContribution[] = [complianceGraphql, fraudGraphql, regtechDomainGraphql, regulatoryGraphql];

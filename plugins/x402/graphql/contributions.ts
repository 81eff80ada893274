import type { GraphqlContribution } from '../../../kit/graphql.js';
import { agentProtocolGraphql } from './agent-protocol.js';
import { relayerGraphql } from './relayer.js';
import { x402DomainGraphql } from './x402.js';

/** The module's three GraphQL domains: x402 (selling), relayer (who paid gas) and agent-protocol (buying). */
export const x402Graphql: readonly GraphqlContribution[] = [x402DomainGraphql, relayerGraphql, agentProtocolGraphql];

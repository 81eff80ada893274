/**
 * The GraphQL kit: what a plugin's `graphql/` files use to contribute a
 * domain to the composed schema (type-graphql resolvers that reach the
 * plugin's operations through the context), the spec's scalars and paging
 * types, and live messages for subscriptions. Part of the plugin API;
 * import it from a plugin's `graphql/` folder only.
 */
export {
  DateScalar,
  DateTimeScalar,
  PaginatorInfo,
  liveMessages,
  pageArgs,
  paginatorInfo,
} from '../kernel/contract/graphql.js';
export { graphqlInputType, graphqlObjectType } from '../kernel/contract/graphql-types.js';
export type { GraphqlContext, GraphqlContribution, LiveStep } from '../kernel/contract/graphql.js';

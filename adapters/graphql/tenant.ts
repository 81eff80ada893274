import { DirectiveLocation, GraphQLDirective, GraphQLString, type GraphQLFieldResolver, type GraphQLSchema } from 'graphql';
import type { GraphqlContext } from '../../kernel/contract/graphql.js';
import { ForbiddenError, UnauthorizedError } from '../../kernel/errors/index.js';

/**
 * The tenant directive: every root field of every domain is scoped to the
 * caller's team. It is applied here, once, to the composed schema, rather
 * than by each resolver: a root field needs an authenticated caller (a team)
 * and the key permission its operation type implies (queries and
 * subscriptions read, mutations write). The team reaches operations only
 * through the context's RequestContext, and live events only through the
 * team-filtered stream, so no resolver can name another tenant.
 */
export const TenantDirective = new GraphQLDirective({
  name: 'tenant',
  description: 'Scoped to the team of the authenticated caller; needs the given API-key permission.',
  locations: [DirectiveLocation.FIELD_DEFINITION],
  args: { permission: { type: GraphQLString } },
});

type Permission = 'read' | 'write';

export function applyTenantDirective(schema: GraphQLSchema): GraphQLSchema {
  const roots: Array<[ReturnType<GraphQLSchema['getQueryType']>, Permission]> = [
    [schema.getQueryType(), 'read'],
    [schema.getMutationType(), 'write'],
    [schema.getSubscriptionType(), 'read'],
  ];
  for (const [type, permission] of roots) {
    if (!type) continue;
    for (const field of Object.values(type.getFields())) {
      field.extensions = { ...field.extensions, tenant: permission };
      if (field.resolve) field.resolve = guarded(field.resolve, permission);
      if (field.subscribe) field.subscribe = guarded(field.subscribe, permission);
    }
  }
  return schema;
}

function guarded(resolve: GraphQLFieldResolver<unknown, unknown>, permission: Permission): GraphQLFieldResolver<unknown, unknown> {
  return (source, args, context, info) => {
    requireTenant(context as GraphqlContext, permission);
    return resolve(source, args, context, info);
  };
}

export function requireTenant(context: GraphqlContext, permission: Permission): void {
  const { actor } = context.request;
  if (actor.kind === 'anonymous' || actor.teamId === '') {
    throw new UnauthorizedError('Send an API key as "Authorization: Bearer <key>" to use this field.');
  }
  if (!actor.permissions.includes(permission)) {
    throw new ForbiddenError(`This field needs an API key with the '${permission}' permission.`, 'insufficient_permission');
  }
}

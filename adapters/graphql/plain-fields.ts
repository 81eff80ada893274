import { isObjectType, type GraphQLSchema } from 'graphql';
import { getMetadataStorage } from 'type-graphql';

/**
 * Takes away the resolver type-graphql gives every plain `@Field` of an
 * object type: `root[name]` through its middleware chain, which is empty
 * here (schema.ts builds with no global middlewares and no auth checker).
 * Without a resolver graphql-jit reads the property inline in the compiled
 * query instead of calling a resolver per field and answer (a resolve info,
 * a result check, a deferred slot each: six calls for `account(id)`'s
 * fields), and graphql-js's default resolver reads the same property.
 * (That default would call a function-valued property, which type-graphql's
 * resolver returned as is and which then failed to serialize: the views
 * resolvers return are plain data, so no answer changes.)
 *
 * Only fields this cannot change are touched: no field resolver of the same
 * name, no middlewares or roles, the schema name the property's name, and a
 * type name only one decorated class has (the metadata is process-wide).
 */
export function withPlainFieldsRead(schema: GraphQLSchema): GraphQLSchema {
  const storage = getMetadataStorage();
  const classesByName = new Map<string, Function[]>();
  for (const objectType of storage.objectTypes) classesByName.set(objectType.name, [...(classesByName.get(objectType.name) ?? []), objectType.target]);
  const resolvedNames = new Set(storage.fieldResolvers.map((resolver) => resolver.methodName));
  for (const objectType of storage.objectTypes) {
    const type = schema.getType(objectType.name);
    if (!isObjectType(type) || classesByName.get(objectType.name)!.length !== 1) continue;
    const fields = type.getFields();
    for (const field of objectType.fields ?? []) {
      const plain = field.schemaName === field.name && !resolvedNames.has(field.name) && (field.middlewares ?? []).length === 0 && field.roles === undefined && field.simple !== true;
      const built = fields[field.schemaName];
      if (plain && built) built.resolve = undefined;
    }
  }
  return schema;
}

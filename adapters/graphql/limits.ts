import {
  getNamedType,
  getNullableType,
  GraphQLError,
  isCompositeType,
  isListType,
  isObjectType,
  isInterfaceType,
  Kind,
  SchemaMetaFieldDef,
  TypeMetaFieldDef,
  TypeNameMetaFieldDef,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLField,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValueNode,
} from 'graphql';

/** The spec's limits, fixed (not configurable): a bank's clients may rely on them. */
export const GRAPHQL_LIMITS = { depth: 10, complexity: 200, cost: 500 } as const;

/** A list whose size no argument bounds is estimated at this many items. */
export const DEFAULT_LIST_SIZE = 10;
/** Page-size arguments that bound the lists below a field. */
const SIZE_ARGS = new Set(['first', 'limit', 'per_page', 'depth']);
const MAX_PAGE_SIZE = 100;
/** A mutation or subscription root field writes or holds a connection: it weighs more. */
const ROOT_WRITE_COST = 10;

export interface QueryMeasure {
  /** Deepest field nesting; `{ a { b } }` is 2. */
  readonly depth: number;
  /** Number of field selections, fragments expanded. */
  readonly complexity: number;
  /** Estimated work: objects returned, lists multiplied by their page size. */
  readonly cost: number;
}

/**
 * True when the operation selects only __schema, __type and __typename at its
 * root: the standard introspection query (deeper than 10) is exempt by what
 * it reads, whatever it is named.
 */
export function isIntrospectionOnly(operation: OperationDefinitionNode, fragments: ReadonlyMap<string, FragmentDefinitionNode>): boolean {
  const names = rootFieldNames(operation.selectionSet, fragments, new Set());
  return names.length > 0 && names.every((name) => name === '__schema' || name === '__type' || name === '__typename');
}

function rootFieldNames(set: SelectionSetNode, fragments: ReadonlyMap<string, FragmentDefinitionNode>, seen: Set<string>): string[] {
  const names: string[] = [];
  for (const selection of set.selections) {
    if (selection.kind === Kind.FIELD) names.push(selection.name.value);
    else if (selection.kind === Kind.INLINE_FRAGMENT) names.push(...rootFieldNames(selection.selectionSet, fragments, seen));
    else if (!seen.has(selection.name.value)) {
      seen.add(selection.name.value);
      const fragment = fragments.get(selection.name.value);
      if (fragment) names.push(...rootFieldNames(fragment.selectionSet, fragments, seen));
    }
  }
  return names;
}

/** Measures a validated operation (validation has ruled out fragment cycles and unknown fields). */
export function measure(
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  fragments: ReadonlyMap<string, FragmentDefinitionNode>,
  variables: Record<string, unknown>,
): QueryMeasure {
  const root = schema.getRootType(operation.operation);
  if (!root) return { depth: 0, complexity: 0, cost: 0 };
  const totals = { depth: 0, complexity: 0, cost: 0 };
  const rootWeight = operation.operation === 'query' ? 0 : ROOT_WRITE_COST;

  const walk = (set: SelectionSetNode, parent: GraphQLCompositeType, level: number, multiplier: number, pageSize: number | undefined): void => {
    for (const selection of set.selections) {
      if (selection.kind === Kind.FRAGMENT_SPREAD) {
        const fragment = fragments.get(selection.name.value);
        if (fragment) walk(fragment.selectionSet, typeOf(schema, fragment.typeCondition.name.value) ?? parent, level, multiplier, pageSize);
        continue;
      }
      if (selection.kind === Kind.INLINE_FRAGMENT) {
        const narrowed = selection.typeCondition ? typeOf(schema, selection.typeCondition.name.value) : undefined;
        walk(selection.selectionSet, narrowed ?? parent, level, multiplier, pageSize);
        continue;
      }
      const depth = level + 1;
      totals.depth = Math.max(totals.depth, depth);
      totals.complexity += 1;
      const field = fieldOf(parent, selection.name.value);
      if (!field) continue;
      const size = sizeArgument(selection.arguments ?? [], variables) ?? pageSize;
      const type = getNullableType(field.type);
      const listFactor = isListType(type) ? Math.min(MAX_PAGE_SIZE, size ?? DEFAULT_LIST_SIZE) : 1;
      const named = getNamedType(field.type);
      const object = isCompositeType(named);
      totals.cost += (object ? multiplier * listFactor : 0) + (level === 0 ? rootWeight : 0);
      if (selection.selectionSet && object) {
        walk(selection.selectionSet, named, depth, multiplier * listFactor, isListType(type) ? undefined : size);
      }
    }
  };
  walk(operation.selectionSet, root, 0, 1, undefined);
  return totals;
}

/** The first limit the measure breaks, as a GraphQL error naming it. */
export function limitError(measured: QueryMeasure): GraphQLError | undefined {
  const checks = [
    ['depth', 'DEPTH_LIMIT_EXCEEDED', 'Query depth', measured.depth, GRAPHQL_LIMITS.depth],
    ['complexity', 'COMPLEXITY_LIMIT_EXCEEDED', 'Query complexity', measured.complexity, GRAPHQL_LIMITS.complexity],
    ['cost', 'COST_LIMIT_EXCEEDED', 'Query cost', measured.cost, GRAPHQL_LIMITS.cost],
  ] as const;
  for (const [limit, code, label, actual, maximum] of checks) {
    if (actual > maximum) {
      return new GraphQLError(`${label} ${actual} exceeds the maximum ${limit} of ${maximum}; the query was not run.`, {
        extensions: { code, limit, maximum, actual },
      });
    }
  }
  return undefined;
}

function typeOf(schema: GraphQLSchema, name: string): GraphQLCompositeType | undefined {
  const type = schema.getType(name);
  return type && isCompositeType(type) ? type : undefined;
}

function fieldOf(parent: GraphQLCompositeType, name: string): GraphQLField<unknown, unknown> | undefined {
  // Introspection fields are not in the type's field map; a query mixing them with data is measured like any other.
  if (name === '__schema') return SchemaMetaFieldDef;
  if (name === '__type') return TypeMetaFieldDef;
  if (name === '__typename') return TypeNameMetaFieldDef;
  if (isObjectType(parent) || isInterfaceType(parent)) return parent.getFields()[name];
  return undefined;
}

function sizeArgument(args: readonly { name: { value: string }; value: ValueNode }[], variables: Record<string, unknown>): number | undefined {
  for (const argument of args) {
    if (!SIZE_ARGS.has(argument.name.value)) continue;
    const value =
      argument.value.kind === Kind.INT
        ? Number(argument.value.value)
        : argument.value.kind === Kind.VARIABLE
          ? variables[argument.value.name.value]
          : undefined;
    if (typeof value === 'number' && Number.isFinite(value) && value > 0) return value;
  }
  return undefined;
}

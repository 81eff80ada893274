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
  visit,
  type DocumentNode,
  type FieldNode,
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
/**
 * An operation that only introspects is exempt from depth (the standard
 * introspection query is 15 deep) but not from size: aliases across fragments
 * would otherwise multiply a few KB of query into hundreds of MB of answer.
 * getIntrospectionQuery() with every option measures complexity 230, cost 16,424.
 */
export const INTROSPECTION_LIMITS = { complexity: 500, cost: 50_000 } as const;

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
 * root: the standard introspection query (deeper than 10) gets the
 * introspection limits by what it reads, whatever it is named.
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

const NOTHING: QueryMeasure = { depth: 0, complexity: 0, cost: 0 };
/** Figures stop growing here: a few hundred bytes of fragments doubling each other select more fields than a number holds. */
const SATURATED = Number.MAX_SAFE_INTEGER;

/**
 * Measures an operation in time linear in the document. A fragment's figures
 * depend only on the page size its lists inherit (1–100, or none) and on
 * whether it is spread at the root, so each fragment is measured once per such
 * context and its figures reused at every spread: fragments spreading each
 * other twice per level double the figures, not the work.
 */
export function measure(
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  fragments: ReadonlyMap<string, FragmentDefinitionNode>,
  variables: Record<string, unknown>,
): QueryMeasure {
  const root = schema.getRootType(operation.operation);
  if (!root) return NOTHING;
  const rootWeight = operation.operation === 'query' ? 0 : ROOT_WRITE_COST;
  const known = new Map<string, QueryMeasure>();

  const ofFragment = (name: string, pageSize: number | undefined, atRoot: boolean): QueryMeasure => {
    const key = `${name} ${pageSize ?? ''} ${atRoot}`;
    const done = known.get(key);
    if (done) return done;
    // Validation refuses fragment cycles and unknown fragments or types; should one reach here anyway, it counts nothing instead of looping.
    known.set(key, NOTHING);
    const fragment = fragments.get(name);
    const type = fragment && typeOf(schema, fragment.typeCondition.name.value);
    const figures = fragment && type ? ofSet(fragment.selectionSet, type, pageSize, atRoot) : NOTHING;
    known.set(key, figures);
    return figures;
  };

  const ofSet = (set: SelectionSetNode, parent: GraphQLCompositeType, pageSize: number | undefined, atRoot: boolean): QueryMeasure => {
    let total = NOTHING;
    for (const selection of set.selections) {
      const part =
        selection.kind === Kind.FRAGMENT_SPREAD
          ? ofFragment(selection.name.value, pageSize, atRoot)
          : selection.kind === Kind.INLINE_FRAGMENT
            ? ofSet(selection.selectionSet, (selection.typeCondition && typeOf(schema, selection.typeCondition.name.value)) ?? parent, pageSize, atRoot)
            : ofField(selection, parent, pageSize, atRoot);
      total = { depth: Math.max(total.depth, part.depth), complexity: plus(total.complexity, part.complexity), cost: plus(total.cost, part.cost) };
    }
    return total;
  };

  const ofField = (selection: FieldNode, parent: GraphQLCompositeType, pageSize: number | undefined, atRoot: boolean): QueryMeasure => {
    const field = fieldOf(parent, selection.name.value);
    if (!field) return { depth: 1, complexity: 1, cost: 0 };
    const weight = atRoot ? rootWeight : 0;
    const named = getNamedType(field.type);
    if (!isCompositeType(named)) return { depth: 1, complexity: 1, cost: weight };
    const size = sizeArgument(selection.arguments ?? [], variables) ?? pageSize;
    const list = isListType(getNullableType(field.type));
    const below = selection.selectionSet ? ofSet(selection.selectionSet, named, list ? undefined : size, false) : NOTHING;
    // Each object returned counts 1, and so does everything below it: a list multiplies both by its page size.
    const count = list ? (size ?? DEFAULT_LIST_SIZE) : 1;
    return { depth: below.depth + 1, complexity: plus(1, below.complexity), cost: plus(weight, times(count, plus(1, below.cost))) };
  };

  return ofSet(operation.selectionSet, root, undefined, true);
}

function plus(a: number, b: number): number {
  return Math.min(SATURATED, a + b);
}

function times(a: number, b: number): number {
  return Math.min(SATURATED, a * b);
}

interface Limit {
  readonly name: string;
  readonly code: string;
  readonly subject: string;
  readonly figure: keyof QueryMeasure;
  readonly maximum: number;
}

const QUERY_CHECKS: readonly Limit[] = [
  { name: 'depth', code: 'DEPTH_LIMIT_EXCEEDED', subject: 'Query depth', figure: 'depth', maximum: GRAPHQL_LIMITS.depth },
  { name: 'complexity', code: 'COMPLEXITY_LIMIT_EXCEEDED', subject: 'Query complexity', figure: 'complexity', maximum: GRAPHQL_LIMITS.complexity },
  { name: 'cost', code: 'COST_LIMIT_EXCEEDED', subject: 'Query cost', figure: 'cost', maximum: GRAPHQL_LIMITS.cost },
];

const INTROSPECTION_CHECKS: readonly Limit[] = [
  { name: 'introspection_complexity', code: 'COMPLEXITY_LIMIT_EXCEEDED', subject: 'Introspection complexity', figure: 'complexity', maximum: INTROSPECTION_LIMITS.complexity },
  { name: 'introspection_cost', code: 'COST_LIMIT_EXCEEDED', subject: 'Introspection cost', figure: 'cost', maximum: INTROSPECTION_LIMITS.cost },
];

/** The first limit the measure breaks, as a GraphQL error naming it; an introspection-only operation has its own. */
export function limitError(measured: QueryMeasure, introspectionOnly: boolean): GraphQLError | undefined {
  for (const limit of introspectionOnly ? INTROSPECTION_CHECKS : QUERY_CHECKS) {
    const actual = measured[limit.figure];
    if (actual > limit.maximum) {
      return new GraphQLError(`${limit.subject} ${actual} exceeds the maximum ${limit.name.replace(/_/g, ' ')} of ${limit.maximum}; the query was not run.`, {
        extensions: { code: limit.code, limit: limit.name, maximum: limit.maximum, actual },
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

/** Whether a page size anywhere in the document comes from a variable: else measure() gives the same figures whatever the variables. */
export function sizesFromVariables(document: DocumentNode): boolean {
  let found = false;
  visit(document, {
    Argument(argument) {
      if (SIZE_ARGS.has(argument.name.value) && argument.value.kind === Kind.VARIABLE) found = true;
    },
  });
  return found;
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
    // Whole and capped here, not where lists are counted: fragments are measured once per page size, so there must be few.
    if (typeof value === 'number' && Number.isFinite(value) && value > 0) return Math.min(MAX_PAGE_SIZE, Math.ceil(value));
  }
  return undefined;
}

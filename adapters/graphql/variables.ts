import { getNamedType, getVariableValues, isSpecifiedScalarType, typeFromAST, type GraphQLError, type GraphQLSchema, type OperationDefinitionNode } from 'graphql';
import { createRequire } from 'node:module';
import type * as JitVariables from 'graphql-jit/dist/variables.js';

// graphql-jit's own entry point runs its CommonJS build (its ES module files name their neighbours without an
// extension, which Node refuses): the same module instances, and the same graphql, as compiled-query.ts uses.
const { compileVariableParsing, failToParseVariables } = createRequire(import.meta.url)('graphql-jit/dist/variables.js') as typeof JitVariables;

export type VariableCoercion = { readonly coerced: Record<string, unknown>; readonly errors?: undefined } | { readonly errors: readonly GraphQLError[] };

/** Variables as one operation's compiled check takes them, or undefined where it would not (graphql-js then decides). */
export type CompiledVariableCheck = (variables: Record<string, unknown>) => Record<string, unknown> | undefined;

/**
 * A compiled check of an operation's variables (graphql-jit's generated
 * coercion), for operations whose variables are all of the built-in scalar
 * types (ID, String, Int, Float, Boolean, in lists or not, non-null or not):
 * for those it takes exactly the values graphql-js takes and gives the same
 * coerced values, for a small part of the CPU of graphql-js's generic walk.
 * It may refuse what graphql-js takes (a non-null variable with a default),
 * never the reverse; its refusals are worded differently, so a refusal is
 * always graphql-js's (coerceVariables). Undefined for other operations.
 */
export function compileVariableCheck(schema: GraphQLSchema, operation: OperationDefinitionNode): CompiledVariableCheck | undefined {
  const definitions = operation.variableDefinitions ?? [];
  const builtInScalars = definitions.every((definition) => {
    const type = typeFromAST(schema, definition.type);
    return type !== undefined && isSpecifiedScalarType(getNamedType(type));
  });
  if (!builtInScalars) return undefined;
  const parse = compileVariableParsing(schema, definitions);
  return (variables) => {
    const parsed = parse(variables);
    return failToParseVariables(parsed) ? undefined : parsed.coerced;
  };
}

/** graphql-js's coercion of the operation's variables (a variable left out takes its declared default), after the compiled check where there is one. */
export function coerceVariables(
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown>,
  check: CompiledVariableCheck | undefined,
): VariableCoercion {
  const checked = check?.(variables);
  if (checked !== undefined) return { coerced: checked };
  const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], variables, { maxErrors: 50 });
  return coerced.errors ? { errors: coerced.errors } : { coerced: coerced.coerced };
}

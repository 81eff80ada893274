import {
  execute,
  getOperationAST,
  getVariableValues,
  GraphQLError,
  Kind,
  parse,
  subscribe,
  validate,
  type DocumentNode,
  type ExecutionArgs,
  type FragmentDefinitionNode,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import { isIntrospectionOnly, limitError, measure } from './limits.js';
import { literalTextErrors, variableTextErrors } from './storable-input.js';

/** Parsed documents are cached by text: clients send the same few queries over and over. */
const CACHE_SIZE = 500;

export interface PreparedOperation {
  readonly document: DocumentNode;
  readonly operation: OperationDefinitionNode;
}

export type Preparation = { ok: true; prepared: PreparedOperation } | { ok: false; errors: readonly GraphQLError[] };

/**
 * parse → validate → refuse unstorable text in literals and variables →
 * pick the operation → coerce its variables → check depth, complexity and cost. Everything here
 * happens before any resolver runs; a failure is a list of GraphQL errors
 * (answered with HTTP 400 on POST).
 */
export class OperationPreparer {
  private readonly cache = new Map<string, DocumentNode>();

  constructor(private readonly schema: GraphQLSchema) {}

  prepare(query: string, operationName: string | undefined, variables: Record<string, unknown>): Preparation {
    let document = this.cache.get(query);
    if (!document) {
      try {
        document = parse(query, { maxTokens: 5_000 });
      } catch (error) {
        return { ok: false, errors: [error instanceof GraphQLError ? withCode(error, 'syntax_error') : new GraphQLError('The query cannot be parsed.')] };
      }
      const invalid = validate(this.schema, document);
      if (invalid.length > 0) return { ok: false, errors: invalid.map((error) => withCode(error, 'validation_failed')) };
      const badLiterals = literalTextErrors(document);
      if (badLiterals.length > 0) return { ok: false, errors: badLiterals };
      if (this.cache.size >= CACHE_SIZE) this.cache.delete(this.cache.keys().next().value!);
      this.cache.set(query, document);
    }
    const badVariables = variableTextErrors(variables);
    if (badVariables.length > 0) return { ok: false, errors: badVariables };
    const operation = getOperationAST(document, operationName);
    if (!operation) {
      const message = operationName
        ? `The document has no operation named '${operationName}'.`
        : 'The document has several operations: send operationName to choose one.';
      return { ok: false, errors: [new GraphQLError(message, { extensions: { code: 'operation_not_found' } })] };
    }
    // Measured with the values execution will use: a variable left out takes its declared default.
    const coerced = getVariableValues(this.schema, operation.variableDefinitions ?? [], variables, { maxErrors: 50 });
    if (coerced.errors) return { ok: false, errors: coerced.errors };
    const fragments = new Map<string, FragmentDefinitionNode>();
    for (const definition of document.definitions) if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
    const exceeded = limitError(measure(this.schema, operation, fragments, coerced.coerced), isIntrospectionOnly(operation, fragments));
    if (exceeded) return { ok: false, errors: [exceeded] };
    return { ok: true, prepared: { document, operation } };
  }
}

function withCode(error: GraphQLError, code: string): GraphQLError {
  return new GraphQLError(error.message, { nodes: error.nodes, source: error.source, positions: error.positions, extensions: { code } });
}

export { execute, subscribe, type ExecutionArgs };

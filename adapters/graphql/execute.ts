import {
  execute,
  getOperationAST,
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
import { compileQueryOperation, type CompiledQueryRunner } from './compiled-query.js';
import { isIntrospectionOnly, limitError, measure, sizesFromVariables } from './limits.js';
import { literalTextErrors, variableTextErrors } from './storable-input.js';
import { coerceVariables, compileVariableCheck, type CompiledVariableCheck } from './variables.js';

/** Parsed documents are cached by text: clients send the same few queries over and over. */
const CACHE_SIZE = 500;
/**
 * An operation is compiled (a query's run, its variables' check) when its
 * document comes a second time: compiling costs a few milliseconds, more than
 * a one-off document's run (an explorer's ad-hoc query, a fuzzer's case), and
 * pays back only on repeats.
 */
const COMPILE_AT_USE = 2;

export interface PreparedOperation {
  readonly document: DocumentNode;
  readonly operation: OperationDefinitionNode;
  /** A query operation compiled once for its document (compiled-query.ts); undefined for other operations, or where the compiler refused. */
  readonly compiled?: CompiledQueryRunner;
}

export type Preparation = { ok: true; prepared: PreparedOperation } | { ok: false; errors: readonly GraphQLError[] };

/**
 * parse → validate → refuse unstorable text in literals and variables →
 * pick the operation → coerce its variables → check depth, complexity and cost. Everything here
 * happens before any resolver runs; a failure is a list of GraphQL errors
 * (answered with HTTP 400 on POST).
 */
export class OperationPreparer {
  private readonly cache = new Map<string, CachedDocument>();

  constructor(private readonly schema: GraphQLSchema) {}

  prepare(query: string, operationName: string | undefined, variables: Record<string, unknown>): Preparation {
    let cached = this.cache.get(query);
    if (!cached) {
      let document: DocumentNode;
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
      cached = { document, fragments: fragmentsOf(document), sizesFromVariables: sizesFromVariables(document), operations: new Map() };
      this.cache.set(query, cached);
    }
    const badVariables = variableTextErrors(variables);
    if (badVariables.length > 0) return { ok: false, errors: badVariables };
    const picked = pickOperation(cached, operationName);
    if (!picked) {
      const message = operationName
        ? `The document has no operation named '${operationName}'.`
        : 'The document has several operations: send operationName to choose one.';
      return { ok: false, errors: [new GraphQLError(message, { extensions: { code: 'operation_not_found' } })] };
    }
    // Measured with the values execution will use: a variable left out takes its declared default.
    const coerced = coerceVariables(this.schema, picked.operation, variables, picked.compiled?.checkVariables);
    if (coerced.errors) return { ok: false, errors: coerced.errors };
    const exceeded = cached.sizesFromVariables
      ? this.#limitError(cached, picked, coerced.coerced)
      : (picked.limitError ??= { error: this.#limitError(cached, picked, {}) }).error;
    if (exceeded) return { ok: false, errors: [exceeded] };
    if (picked.compiled === undefined && ++picked.uses >= COMPILE_AT_USE) {
      picked.compiled = {
        run: picked.operation.operation === 'query' ? compileQueryOperation(this.schema, cached.document, operationName) : undefined,
        checkVariables: compileVariableCheck(this.schema, picked.operation),
      };
    }
    const compiled = picked.compiled?.run;
    return { ok: true, prepared: { document: cached.document, operation: picked.operation, ...(compiled ? { compiled } : {}) } };
  }

  #limitError(cached: CachedDocument, picked: PickedOperation, variables: Record<string, unknown>): GraphQLError | undefined {
    return limitError(measure(this.schema, picked.operation, cached.fragments, variables), picked.introspectionOnly);
  }
}

/**
 * A valid document with what every request sending it needs again: its
 * fragments and each operation picked so far, with its limit check when no
 * page size comes from a variable (the figures are then the same every time).
 */
interface CachedDocument {
  readonly document: DocumentNode;
  readonly fragments: ReadonlyMap<string, FragmentDefinitionNode>;
  readonly sizesFromVariables: boolean;
  readonly operations: Map<string | null, PickedOperation>;
}

interface PickedOperation {
  readonly operation: OperationDefinitionNode;
  readonly introspectionOnly: boolean;
  limitError?: { readonly error: GraphQLError | undefined };
  /** Requests that picked it, until it is compiled. */
  uses: number;
  compiled?: { readonly run: CompiledQueryRunner | undefined; readonly checkVariables: CompiledVariableCheck | undefined };
}

function fragmentsOf(document: DocumentNode): Map<string, FragmentDefinitionNode> {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  return fragments;
}

/** getOperationAST's choice, found once per document and operation name (unknown names are not remembered). */
function pickOperation(cached: CachedDocument, operationName: string | undefined): PickedOperation | undefined {
  const key = operationName ?? null;
  let picked = cached.operations.get(key);
  if (!picked) {
    const operation = getOperationAST(cached.document, operationName);
    if (!operation) return undefined;
    picked = { operation, introspectionOnly: isIntrospectionOnly(operation, cached.fragments), uses: 0 };
    cached.operations.set(key, picked);
  }
  return picked;
}

function withCode(error: GraphQLError, code: string): GraphQLError {
  return new GraphQLError(error.message, { nodes: error.nodes, source: error.source, positions: error.positions, extensions: { code } });
}

export { execute, subscribe, type ExecutionArgs };

import { GraphQLError, visit, type DocumentNode } from 'graphql';
import { findUnstorableText, isStorableText, printableText, UNSTORABLE_TEXT_RULE } from '../../kernel/text/storable-text.js';
import { jsonPointer } from '../edge/json-pointer.js';

/**
 * The GraphQL side of the kernel's text rule (kernel/text): string literals
 * in the document and variable values (and their object keys) that no store
 * can hold are refused before execution, over HTTP and WebSocket alike, with
 * `extensions.code: invalid_characters`.
 */
const CODE = 'invalid_characters';

/** One error per string literal (block strings too) holding NUL or an unpaired surrogate, with its location. */
export function literalTextErrors(document: DocumentNode): GraphQLError[] {
  const errors: GraphQLError[] = [];
  visit(document, {
    StringValue(node) {
      if (!isStorableText(node.value)) errors.push(new GraphQLError(`A string literal ${UNSTORABLE_TEXT_RULE}.`, { nodes: [node], extensions: { code: CODE } }));
    },
  });
  return errors;
}

/** One error per bad variable value or key, with `extensions.source.pointer` into the request's `variables`. */
export function variableTextErrors(variables: Record<string, unknown>): GraphQLError[] {
  return findUnstorableText(variables).map(({ path, key }) => {
    const message = key === undefined ? `The variable value ${UNSTORABLE_TEXT_RULE}.` : `The key '${printableText(key)}' ${UNSTORABLE_TEXT_RULE}.`;
    return new GraphQLError(message, { extensions: { code: CODE, source: { pointer: `/variables${jsonPointer(path.map(String))}` } } });
  });
}

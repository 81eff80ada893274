import type { ApiOperation, ApiModelSet } from './api-model.js';

/**
 * The operation a README example and a generated test call: a GET of the
 * chosen modules that needs no parameter (a list, usually), else the
 * service's health, which every document has.
 */
export function showcaseOperation(api: ApiModelSet): ApiOperation {
  const plain = (operation: ApiOperation) =>
    operation.method === 'GET' && operation.pathParams.length === 0 && operation.queryParams.every((parameter) => !parameter.required);
  return (
    api.operations.find((operation) => plain(operation) && !operation.public && operation.success.list) ??
    api.operations.find((operation) => plain(operation) && !operation.public) ??
    api.operations.find((operation) => operation.id === 'getHealth') ??
    api.operations[0]!
  );
}

/** The health operation (public, in every document). */
export function healthOperation(api: ApiModelSet): ApiOperation | undefined {
  return api.operations.find((operation) => operation.id === 'getHealth');
}

/** The README's table of operations, each under the method name the language gives it. */
export function operationsTable(api: ApiModelSet, methodName: (operation: ApiOperation) => string): string[] {
  return [
    '## Operations',
    '',
    '| Method | HTTP | Summary |',
    '|---|---|---|',
    ...api.operations.map((operation) => `| \`${methodName(operation)}\` | ${operation.method} ${operation.path} | ${operation.summary.replace(/\|/g, '\\|')} |`),
  ];
}

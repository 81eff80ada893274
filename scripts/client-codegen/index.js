import openapiTS, { astToString, COMMENT_HEADER } from 'openapi-typescript';

/**
 * The typed client's `src/schema.ts` from the OpenAPI document's text, and
 * from nothing else (no clock, no paths, no environment), so the same
 * document always gives the same bytes and the staleness test is stable.
 * openapi-typescript builds its output with the TypeScript 5 compiler API,
 * which this package installs beside it: the service's TypeScript 7 has none.
 */
export async function clientSchemaSource(openapiJson) {
  const document = JSON.parse(openapiJson);
  const ast = await openapiTS(document, { silent: true });
  const header = COMMENT_HEADER.replace(
    'Do not make direct changes to the file.',
    'Do not make direct changes to the file: `npm run docs` regenerates it from docs/openapi.json.',
  );
  return header + astToString(ast).replace(/\r\n/g, '\n');
}

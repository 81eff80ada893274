import { clientSchemaSource } from 'open-bank-client-codegen';

/** Path of the typed client's generated schema, relative to the repository root. */
export const CLIENT_SCHEMA = 'clients/typescript/src/schema.ts';

/**
 * The typed TypeScript client's schema (openapi-typescript's `paths`,
 * `components` and `operations`) from the OpenAPI document's text alone, so
 * the checked-in docs/openapi.json decides it byte for byte.
 */
export function clientSchema(openapiJson: string): Promise<string> {
  return clientSchemaSource(openapiJson);
}

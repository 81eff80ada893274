/** Path of the typed client's generated schema, relative to the repository root. */
export const CLIENT_SCHEMA = 'clients/typescript/src/schema.ts';

/**
 * The typed TypeScript client's schema (openapi-typescript's `paths`,
 * `components` and `operations`) from the OpenAPI document's text alone, so
 * the checked-in docs/openapi.json decides it byte for byte.
 *
 * The generator is imported on first use, not with the service: it brings
 * the TypeScript 5 compiler, about 70 MB of the service's resident memory
 * at start (the service's modules loaded: 163–171 MB with it, 93–97 MB
 * without), which a service that never generates an SDK carried for
 * nothing (docs/benchmarks.md).
 */
export async function clientSchema(openapiJson: string): Promise<string> {
  const { clientSchemaSource } = await import('open-bank-client-codegen');
  return clientSchemaSource(openapiJson);
}

/** The typed client's `src/schema.ts`: openapi-typescript's types of the OpenAPI document given as JSON text. */
export declare function clientSchemaSource(openapiJson: string): Promise<string>;

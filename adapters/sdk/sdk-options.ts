import type { SdkRequest } from '../../ports/sdk-generator.js';
import type { ApiModelSet, Schema } from './api-model.js';

/** What every language generator is given: the API's model and the request's naming, branding and options. */
export interface GeneratorInput {
  readonly api: ApiModelSet;
  /** The OpenAPI document the model was read from (openapi-typescript reads it again for the TypeScript types). */
  readonly document: Schema;
  readonly request: SdkRequest;
  /** The package's version (the service's). */
  readonly version: string;
  /** The modules the package covers, as the service names them. */
  readonly modules: readonly string[];
}

/** `@acme/bank-sdk` → acme, bank-sdk; `bank-sdk` → undefined, bank-sdk. */
export function splitPackageName(packageName: string): { scope: string | undefined; name: string } {
  const match = /^@([^/]+)\/(.+)$/.exec(packageName);
  return match ? { scope: match[1]!, name: match[2]! } : { scope: undefined, name: packageName };
}

/** The README's first lines, the same in every language: name, colour, modules, what generated it. */
export function brandingHeader(input: GeneratorInput): string {
  const { request } = input;
  const colour = request.color ? `\n\nBrand colour: \`${request.color}\` <span style="color:${request.color}">■</span>` : '';
  return [
    `# ${request.displayName}`,
    '',
    `A client for the ${request.displayName} API (${input.api.title} ${input.version}), generated from the service's OpenAPI document.${colour}`,
    '',
    `Modules: ${input.modules.join(', ')}. Every call sends \`Authorization: Bearer <api key>\` and, when given, \`X-Partner-Key: <partner key>\`; every POST carries an \`Idempotency-Key\` (yours, or a random one reused on retries). Errors answer the service's error envelope and become typed exceptions. Amounts are decimal strings, never floats.`,
  ].join('\n');
}

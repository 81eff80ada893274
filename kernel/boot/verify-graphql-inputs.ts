import type { ZodType } from 'zod';
import type { GraphqlContribution } from '../contract/graphql.js';
import type { RouteDeclaration } from '../contract/route.js';
import { tokenId, type Token } from '../contract/token.js';
import { BootError } from './boot-error.js';
import { fieldOperations } from './field-operations.js';

/**
 * Refuses to start when a GraphQL field runs an operation whose input no
 * schema can validate (issue 19): GraphQL validates an operation's input with
 * its REST route's schemas, else with the schema the operation declares
 * (operation(token, Class, input)); with neither, a field would pass GraphQL's
 * types alone, and nothing a REST client would be refused. Names the plugin
 * and the field.
 */
export async function verifyGraphqlInputs(
  graphql: readonly { readonly plugin: string; readonly contribution: GraphqlContribution }[],
  routes: readonly { readonly route: RouteDeclaration }[],
  declared: ReadonlyMap<Token<unknown>, ZodType>,
): Promise<void> {
  const routed = new Set<Token<unknown>>(routes.map(({ route }) => route.operation));
  const refusals: string[] = [];
  for (const { plugin, field, operations } of await fieldOperations(graphql)) {
    for (const operation of operations) {
      if (routed.has(operation) || declared.has(operation)) continue;
      refusals.push(
        `GraphQL field ${field} of plugin '${plugin}' runs operation '${tokenId(operation)}', which has no REST route and declares no input schema: ` +
          `declare one in the manifest, operation(token, Class, inputSchema), so GraphQL can validate its input.`,
      );
    }
  }
  if (refusals.length > 0) throw new BootError(refusals.join('\n'));
}

import type { RequestContext } from '../../kernel/contract/context.js';
import type { GraphqlContext } from '../../kernel/contract/graphql.js';
import type { Operation, RouteAccess } from '../../kernel/contract/route.js';
import type { CallGate, GatedCall } from '../../ports/call-gate.js';
import { tokenId, type Token } from '../../kernel/contract/token.js';
import { AssetCatalog } from '../../ports/asset-catalog.js';
import type { EventStream } from '../../ports/event-stream.js';
import { authorize } from '../edge/auth.js';
import type { OperationInvoker } from '../edge/invoke-operation.js';
import type { InputValidator } from '../edge/operation-input.js';
import { teamEvents } from './live-events.js';

/** What the adapter takes from the booted kernel to build resolver contexts. */
export interface GraphqlRuntime {
  resolve<T>(token: Token<T>): T;
  /** How an operation's input is validated: by its REST route's schemas, else by the schema it declares (adapters/edge/operation-input.ts). */
  validatorOf(token: Token<unknown>): InputValidator | undefined;
  /** The access the operation's REST routes declare (operator, delete, …), if it has any: GraphQL needs the same. */
  accessOf(token: Token<unknown>): RouteAccess | undefined;
  /** The module and mounted REST routes ('POST /api/v2/…') that run the operation: the CallGate judges a field by them. */
  routesOf(token: Token<unknown>): readonly { readonly module: string; readonly route: string }[];
  readonly events: EventStream;
  /** The edge's one way into an operation: a batch operation's mutation joins the same group commit as REST. */
  readonly invoker: OperationInvoker;
}

/** Counts subscribers listening to the live stream (tests wait for it; the benchmark reports it). */
export class ListeningCounter {
  #count = 0;
  get count(): number {
    return this.#count;
  }
  wrap(stream: EventStream): EventStream {
    return {
      subscribe: (listener) => {
        this.#count += 1;
        const unsubscribe = stream.subscribe(listener);
        let open = true;
        return () => {
          if (open) this.#count -= 1;
          open = false;
          unsubscribe();
        };
      },
    };
  }
}

/** The CallGate and the call it admitted (the key's own actor, address and X-Partner-Key), when the partner module is on. */
export interface GatedRequest {
  readonly gate: CallGate;
  readonly call: GatedCall;
}

/** The per-request (or per-subscription) context handed to every resolver. */
export function graphqlContext(runtime: GraphqlRuntime, request: RequestContext, gated?: GatedRequest): GraphqlContext {
  return {
    request,
    run: async <I, O>(operation: Token<Operation<I, O>>, input: I) => {
      // The @tenant directive checked the field's read or write permission; the operation's own route may ask more.
      const access = runtime.accessOf(operation);
      if (access !== undefined) authorize(request.actor, access);
      // A partner's module switches, a tenant's features and X-Partner-Key on partner calls, as on the field's REST routes.
      if (gated?.gate.check) for (const route of runtime.routesOf(operation)) await gated.gate.check({ ...gated.call, ...route });
      // The kernel refused to boot with a field whose operation has no validator (kernel/boot/verify-graphql-inputs.ts); this is the backstop.
      const validate = runtime.validatorOf(operation);
      if (!validate) throw new Error(`Operation '${tokenId(operation)}' has no input schema to validate a GraphQL input with.`);
      return runtime.invoker.invoke(runtime.resolve(operation), (await validate(input as Record<string, unknown>)) as I, request);
    },
    assets: runtime.resolve(AssetCatalog),
    events: (accept) => teamEvents(runtime.events, request.actor.teamId, accept),
  };
}

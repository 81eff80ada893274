import type { Actor } from '../kernel/contract/context.js';
import { token } from '../kernel/contract/token.js';

/** One authenticated call as the edge sees it, before its body is read. */
export interface GatedCall {
  readonly actor: Actor;
  readonly ip: string;
  /** The module (plugin name) that declared the route; undefined on GraphQL. */
  readonly module?: string;
  /** The mounted route, e.g. 'POST /api/v2/partner/tenants'; undefined on GraphQL. */
  readonly route?: string;
  /** The X-Partner-Key header, when sent. */
  readonly partnerKey?: string;
}

/**
 * A check every authenticated REST and GraphQL call passes after its key is
 * authenticated (provided by the partner module, read optionally by the
 * edge): it may refuse the call (401/403/429) or answer the actor the call
 * runs as (a partner's sandbox key selects its sandbox team).
 */
export interface CallGate {
  admit(call: GatedCall): Promise<Actor>;
  /**
   * One GraphQL field's operation, judged as its REST route would be: a
   * module the partner did not enable, a feature a tenant's partner switched
   * off, or a partner call without X-Partner-Key is refused. Takes no rate
   * token and changes no actor (`admit` did both for the whole request);
   * `call.actor` is the key's own actor, as `admit` received it. Optional
   * (added in kernel 2.4.0): a gate without it judges GraphQL by request only.
   */
  check?(call: GatedCall): Promise<void>;
}
export const CallGate = token<CallGate>('kernel.call-gate');

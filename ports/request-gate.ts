import type { Actor } from '../kernel/contract/context.js';
import { token } from '../kernel/contract/token.js';

/** One REST call as a gate sees it, after authentication and before its operation runs. */
export interface GateCall {
  readonly method: string;
  /** The path as the client called it, e.g. `/api/v2/gcu/composition` (no query). */
  readonly path: string;
  /** The absolute URL of the call, as the client addressed it (x402's `resource`). */
  readonly url: string;
  /** One header by its name (any case); undefined when absent. */
  header(name: string): string | undefined;
  /** The authenticated caller (ANONYMOUS on a public route). */
  readonly actor: Actor;
}

/** An answer the gate sends instead of (or after) the route's own. */
export interface GateResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  /** Sent as JSON. */
  readonly body: unknown;
}

/** What follows an admitted call once its operation succeeded: extra headers, or a refusal sent instead of the answer. */
export type GateCompletion = { readonly ok: true; readonly headers: Readonly<Record<string, string>> } | { readonly ok: false; readonly response: GateResponse };

export type GateDecision =
  /** The gate has nothing to say about this call. */
  | { readonly kind: 'open' }
  /** Answer this instead; the operation does not run. */
  | { readonly kind: 'refused'; readonly response: GateResponse }
  /** Run the operation; when it succeeds (status < 400) call complete() before sending its answer. */
  | { readonly kind: 'admitted'; complete(): Promise<GateCompletion> };

/**
 * A check the REST adapter runs on every declared route after authentication
 * and before the operation (adapters/http/route-handler.ts): a payment
 * requirement (x402 binds it), later perhaps a quota. Generic on purpose: the
 * edge knows nothing of payments. Optional: with no plugin providing it every
 * call is open.
 */
export interface RequestGate {
  check(call: GateCall): Promise<GateDecision>;
}
export const RequestGate = token<RequestGate>('kernel.request-gate');

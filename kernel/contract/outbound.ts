import type { Operation } from './route.js';

/**
 * An operation that calls a service over the network between units of work
 * of its own (POST /x402/pay fetches a paid URL, which may be this very
 * service). It never runs inside a caller's transaction: the call would
 * wait on what that transaction holds (the memory store and PGlite run one
 * transaction at a time, so a call back into this service would wait until
 * it timed out), and what the other service did could not roll back with
 * it anyway. With an Idempotency-Key the edge claims the key in one unit of
 * work, runs the operation outside, and saves its 2xx answer in another; a
 * retry after a crash between the two runs the operation again, so the
 * operation itself applies its effects at most once per
 * `ctx.idempotencyKey` (a record unique per team and key) and answers a
 * retry from that record.
 */
export interface OutboundOperation<I = any, O = any> extends Operation<I, O> {
  readonly callsOut: true;
}

export function isOutboundOperation(operation: Operation): operation is OutboundOperation {
  return (operation as Partial<OutboundOperation>).callsOut === true;
}

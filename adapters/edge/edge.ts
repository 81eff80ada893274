import type { BatchLaneOptions } from '../../kernel/batching/batch-lane.js';
import type { Authenticator } from '../../ports/authenticator.js';
import type { CallGate } from '../../ports/call-gate.js';
import type { Clock } from '../../ports/clock.js';
import type { IdempotencyStore } from '../../ports/idempotency-store.js';
import type { RequestGate } from '../../ports/request-gate.js';
import type { UnitOfWork } from '../../ports/unit-of-work.js';
import { FailedAuthThrottle } from './auth-throttle.js';
import { BatchRunner } from './batch-runner.js';
import { IdempotencyGuard } from './idempotency.js';
import { OperationInvoker } from './invoke-operation.js';

export interface EdgeDeps {
  readonly authenticator: Authenticator;
  /** Present when a module provides it (partner): every authenticated call passes it. */
  readonly gate?: CallGate;
  readonly idempotency: IdempotencyStore;
  readonly unitOfWork: UnitOfWork;
  readonly clock: Clock;
  /** http.groupCommit: how batch operations' requests share units of work. */
  readonly groupCommit: BatchLaneOptions;
  /** The RequestGate a plugin provides (x402's payment requirement); none: every call is open. */
  readonly requestGate?: RequestGate;
  /** http.failedAuthPerMinute: failed authentications per client address and minute (0: not throttled). */
  readonly failedAuthPerMinute?: number;
}

/**
 * What the driving adapters share: who the caller is and the one way into an
 * operation. Build one per process: REST and GraphQL then share the keys in
 * flight and the group-commit lanes (a transfer sent over GraphQL joins the
 * same batch as one sent over REST).
 */
export interface Edge {
  /** The Authenticator with failed authentications throttled per client address (auth-throttle.ts). */
  readonly authenticator: Authenticator;
  readonly gate?: CallGate;
  readonly invoker: OperationInvoker;
  /** Consulted by the REST adapter before a route's operation runs (ports/request-gate.ts). */
  readonly requestGate?: RequestGate;
}

export function createEdge(deps: EdgeDeps): Edge {
  const guard = new IdempotencyGuard(deps.idempotency, deps.unitOfWork, deps.clock);
  return {
    authenticator: deps.failedAuthPerMinute
      ? new FailedAuthThrottle(deps.authenticator, deps.failedAuthPerMinute, () => deps.clock.now().getTime())
      : deps.authenticator,
    ...(deps.gate ? { gate: deps.gate } : {}),
    invoker: new OperationInvoker(deps.unitOfWork, guard, new BatchRunner(guard, deps.unitOfWork, deps.groupCommit)),
    ...(deps.requestGate ? { requestGate: deps.requestGate } : {}),
  };
}

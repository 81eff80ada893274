import type { Kernel } from '../../kernel/boot/kernel.js';
import { Authenticator } from '../../ports/authenticator.js';
import { CallGate } from '../../ports/call-gate.js';
import { Clock } from '../../ports/clock.js';
import { IdempotencyStore } from '../../ports/idempotency-store.js';
import { RequestGate } from '../../ports/request-gate.js';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import { createEdge, type Edge } from './edge.js';

/** Keyed by the kernel, so the edge lives and goes with it. */
const edges = new WeakMap<Kernel, Edge>();

/**
 * The one edge of a booted kernel. REST, GraphQL and the CLI are wired
 * separately (tests and the bench build them apart), yet must share one
 * invoker: two would each admit the same key in flight and split the group
 * commit into two lanes.
 */
export function kernelEdge(kernel: Kernel): Edge {
  let edge = edges.get(kernel);
  if (!edge) {
    const gated = kernel.plugins.some(({ manifest }) => manifest.provides?.includes(CallGate));
    edge = createEdge({
      authenticator: kernel.get(Authenticator),
      ...(gated ? { gate: kernel.get(CallGate) } : {}),
      idempotency: kernel.get(IdempotencyStore),
      unitOfWork: kernel.get(UnitOfWork),
      clock: kernel.get(Clock),
      groupCommit: kernel.config.http.groupCommit,
      failedAuthPerMinute: kernel.config.http.failedAuthPerMinute,
      // Optional: bound only when an enabled plugin provides it (x402).
      ...(kernel.plugins.some(({ manifest }) => manifest.provides.includes(RequestGate)) ? { requestGate: kernel.get(RequestGate) } : {}),
    });
    edges.set(kernel, edge);
  }
  return edge;
}

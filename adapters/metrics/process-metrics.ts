import { collectDefaultMetrics, Registry } from 'prom-client';

let registry: Registry | undefined;

/**
 * prom-client's default process and Node.js metrics, once per process: they
 * describe the process, not a kernel, and each collector starts event-loop
 * and GC observers, so kernels sharing a process (tests) share this one.
 */
export function processRegistry(): Registry {
  if (!registry) {
    registry = new Registry();
    collectDefaultMetrics({ register: registry });
  }
  return registry;
}

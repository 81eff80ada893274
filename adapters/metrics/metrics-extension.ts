import type { Registry } from 'prom-client';
import type { KernelConfig } from '../../config/schema.js';
import type { Authenticator } from '../../ports/authenticator.js';
import type { ConsumerStore } from '../../ports/event-consumers.js';
import type { EventStream } from '../../ports/event-stream.js';
import type { Logger } from '../../ports/logger.js';
import type { HttpExtension } from '../edge/http-extension.js';
import { ServiceUnavailableError } from '../http/errors.js';
import type { PoolUsage } from '../store.js';
import { eventMetrics, lazyEventSubscription } from './event-metrics.js';
import { httpMetrics } from './http-metrics.js';
import { processRegistry } from './process-metrics.js';
import { authorizeScrape } from './scrape-auth.js';
import { consumerMetrics, poolMetrics } from './store-metrics.js';

export interface MetricsDeps {
  /** The kernel's registry, where plugins' counters (the Meter port) already live. */
  readonly registry: Registry;
  readonly config: KernelConfig['metrics'];
  readonly authenticator: Authenticator;
  readonly events: EventStream;
  readonly consumers: ConsumerStore;
  readonly logger: Logger;
  /** Present on PostgreSQL only. */
  readonly poolUsage?: () => PoolUsage;
}

/**
 * GET /metrics in the Prometheus text format (docs/metrics.md), over the
 * kernel's own registry, so several kernels in one process never share a series.
 */
export function createMetricsExtension(deps: MetricsDeps): HttpExtension {
  const { registry } = deps;
  const middleware = httpMetrics(registry);
  const events = lazyEventSubscription(deps.events, eventMetrics(registry));
  consumerMetrics(registry, deps.consumers);
  if (deps.poolUsage) poolMetrics(registry, deps.poolUsage);
  return {
    middleware,
    routes: [
      {
        method: 'GET',
        path: '/metrics',
        owner: 'metrics',
        handler: async (req, res) => {
          await authorizeScrape(req, deps.authenticator, deps.config.scrapeToken);
          events.start();
          let text: string;
          try {
            text = (await processRegistry().metrics()) + (await registry.metrics());
          } catch (error) {
            deps.logger.error('metrics.collect_failed', { error });
            throw new ServiceUnavailableError('The metrics could not be collected.');
          }
          res.status(200).type(registry.contentType).send(text);
        },
      },
    ],
    close: async () => events.stop(),
  };
}

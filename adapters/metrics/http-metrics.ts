import { Counter, Histogram, type Registry } from 'prom-client';
import type { HttpMiddleware, RoutedRequest } from '../edge/http-extension.js';

const LABELS = ['method', 'route', 'status'] as const;
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** Seconds: from a cached read to a slow group commit. */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * Counts and times every response by method, route template and status. The
 * template (/api/v2/accounts/:id), never the raw path, keeps the series
 * bounded and free of ids; a request no route matched is 'unmatched'.
 */
export function httpMetrics(registry: Registry): HttpMiddleware {
  const requests = new Counter({ name: 'bank_http_requests_total', help: 'HTTP responses by method, route template and status.', labelNames: LABELS, registers: [registry] });
  const duration = new Histogram({
    name: 'bank_http_request_duration_seconds',
    help: 'Time from receiving an HTTP request to finishing its response, by method, route template and status.',
    labelNames: LABELS,
    buckets: BUCKETS,
    registers: [registry],
  });
  // Each series' children, found once: prom-client hashes the label object on every call otherwise.
  const series = new Map<string, { requests: Counter.Internal; duration: Histogram.Internal<string> }>();
  const seriesOf = (method: string, route: string, status: string) => {
    const key = `${method} ${status} ${route}`;
    let found = series.get(key);
    if (!found) {
      const labels = { method, route, status };
      found = { requests: requests.labels(labels), duration: duration.labels(labels) };
      series.set(key, found);
    }
    return found;
  };
  return (req, res, next) => {
    const started = performance.now();
    res.on('finish', () => {
      const method = req.method ?? '';
      const found = seriesOf(METHODS.has(method) ? method : 'other', routeTemplate(req), String(res.statusCode));
      found.requests.inc();
      found.duration.observe((performance.now() - started) / 1000);
    });
    next();
  };
}

function routeTemplate(req: RoutedRequest): string {
  const path: unknown = req.route?.path;
  return typeof path === 'string' ? path : 'unmatched';
}

import type { Logger } from '../../ports/logger.js';
import type { MountedRoute } from '../edge/http-extension.js';
import { requestIdOfResponse } from '../edge/request-id.js';
import { ServiceUnavailableError } from './errors.js';
import type { LivenessView, ReadinessView } from './health-views.js';
import { API_ROOT } from './routes.js';

/** One readiness check: its name is all a caller sees; the reason goes to the log only. */
export interface ReadinessCheck {
  readonly name: string;
  readonly ok: boolean;
  readonly reason?: string;
}

/** The composition root's checks (store, migrations, consumer lag); shutdown is the adapter's own. */
export type Readiness = () => Promise<readonly ReadinessCheck[]>;

/**
 * GET /api/health/live (the process answers: no I/O) and GET
 * /api/health/ready (every check passes and the server is not closing).
 * Both are public, so a 503 names only the failing checks, never a reason
 * (a store error can carry a host name or a query).
 */
export function healthProbeRoutes(readiness: Readiness, isClosing: () => boolean, logger: Logger): MountedRoute[] {
  return [
    {
      method: 'GET',
      path: `${API_ROOT}/health/live`,
      owner: 'http',
      handler: (_req, res) => {
        const data: LivenessView = { status: 'live' };
        res.status(200).type('application/json; charset=utf-8').send(JSON.stringify({ data }));
      },
    },
    {
      method: 'GET',
      path: `${API_ROOT}/health/ready`,
      owner: 'http',
      handler: async (_req, res) => {
        const checks = [...(await readiness()), { name: 'shutdown', ok: !isClosing() }];
        const failing = checks.filter((check) => !check.ok);
        if (failing.length > 0) {
          logger.warn('http.not_ready', {
            requestId: requestIdOfResponse(res),
            failing: failing.map(({ name, reason }) => (reason ? `${name}: ${reason}` : name)),
          });
          throw new ServiceUnavailableError(`Not ready: ${failing.map(({ name }) => name).join(', ')}.`);
        }
        const data: ReadinessView = { status: 'ready', checks: Object.fromEntries(checks.map(({ name }) => [name, 'ok' as const])) };
        res.status(200).type('application/json; charset=utf-8').send(JSON.stringify({ data }));
      },
    },
  ];
}

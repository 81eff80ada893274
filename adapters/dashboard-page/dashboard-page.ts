import { readFileSync } from 'node:fs';
import type { Request, Response } from 'express';
import type { RouteAccess } from '../../kernel/contract/route.js';
import type { Authenticator } from '../../ports/authenticator.js';
import type { EventStream } from '../../ports/event-stream.js';
import { authenticate, authorizationHeader, authorize } from '../edge/auth.js';
import type { HttpExtension, MountedRoute } from '../edge/http-extension.js';
import { ServiceUnavailableError } from '../http/errors.js';
import { ChangeFeed, realTimers, type FeedOptions, type FeedScope, type FeedSink, type FeedTimers } from './change-feed.js';
import { DASHBOARD_HTML, DASHBOARD_PATH } from './page-html.js';

export { DASHBOARD_PATH } from './page-html.js';
/** The page's live signal (server-sent events over a fetch that carries the key). */
export const CHANGES_PATH = '/api/v1/live-dashboard/changes';

export interface DashboardPageDeps {
  readonly authenticator: Authenticator;
  readonly events: EventStream;
  /** The access of the dashboard's JSON routes: the stream asks the same of a key. */
  readonly access: RouteAccess;
  readonly timers?: FeedTimers;
  readonly feed?: FeedOptions;
}

/** The page's bundle (npm run build writes it here, next to this module's compiled file). */
const ASSETS: Record<string, string> = {
  'dashboard.js': 'text/javascript; charset=utf-8',
  'dashboard.css': 'text/css; charset=utf-8',
};

// No inline script or style: everything the page runs and wears comes from this server.
const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; " +
  "frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * The live dashboard as a web page for operators (docs/dashboard.md): GET
 * /dashboard and its bundled script and styles (esbuild at build time, with
 * uPlot; no CDN), and GET /api/v1/live-dashboard/changes, the stream that
 * tells the page when to re-read the JSON routes. The page itself is public
 * static content; it asks for the key and sends it as a bearer on every call.
 */
export function createDashboardPage(deps: DashboardPageDeps): HttpExtension {
  const feed = new ChangeFeed(deps.events, deps.timers ?? realTimers, deps.feed);
  const cache = new Map<string, Buffer>();
  const asset = (name: string): Buffer => {
    let body = cache.get(name);
    if (!body) {
      try {
        body = readFileSync(new URL(`./assets/${name}`, import.meta.url));
      } catch {
        throw new ServiceUnavailableError(`The dashboard's ${name} is not built: run npm run build.`);
      }
      cache.set(name, body);
    }
    return body;
  };
  const routes: MountedRoute[] = [
    {
      method: 'GET',
      path: DASHBOARD_PATH,
      owner: 'dashboard-page',
      handler: (_req, res) => {
        pageHeaders(res);
        res.setHeader('Cache-Control', 'no-cache');
        res.status(200).type('text/html; charset=utf-8').send(DASHBOARD_HTML);
      },
    },
    ...Object.entries(ASSETS).map(
      ([name, type]): MountedRoute => ({
        method: 'GET',
        path: `${DASHBOARD_PATH}/assets/${name}`,
        owner: 'dashboard-page',
        handler: (_req, res) => {
          const body = asset(name);
          pageHeaders(res);
          // Not immutable: the names carry no hash, and an upgrade must reach open browsers.
          res.setHeader('Cache-Control', 'no-cache');
          res.status(200).type(type).send(body);
        },
      }),
    ),
    { method: 'GET', path: CHANGES_PATH, owner: 'dashboard-page', handler: (req, res) => openStream(req, res) },
  ];

  async function openStream(req: Request, res: Response): Promise<void> {
    const actor = await authenticate(deps.authenticator, authorizationHeader(req.headersDistinct['authorization']), req.ip ?? req.socket.remoteAddress ?? '');
    authorize(actor, deps.access);
    const refused = feed.refusal(actor.apiKeyId);
    if (refused) throw new ServiceUnavailableError(refused);
    const scope: FeedScope = actor.kind === 'operator' ? { kind: 'all' } : { kind: 'team', teamId: actor.teamId };
    res.status(200);
    res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
    res.setHeader('Cache-Control', 'no-cache, no-transform');
    // Proxies that buffer responses (nginx) would hold the pushes back.
    res.setHeader('X-Accel-Buffering', 'no');
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    res.flushHeaders();
    res.socket?.setNoDelay(true);
    const sink: FeedSink = {
      write: (text) => res.write(text),
      get blocked() {
        return res.writableNeedDrain;
      },
      end: () => res.end(),
    };
    const close = feed.open(sink, scope, actor.apiKeyId);
    res.on('close', close);
  }

  return {
    routes,
    close: async () => feed.close(),
  };
}

function pageHeaders(res: Response): void {
  res.setHeader('Content-Security-Policy', CSP);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'no-referrer');
}

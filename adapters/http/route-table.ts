import type { HttpMethod } from '../../kernel/contract/route.js';

/** A route as mounted, in mount order: `direct` when this table may serve it without express. */
export interface TableRoute<H> {
  readonly method: HttpMethod;
  /** The full template, e.g. '/api/v2/accounts/:id'. */
  readonly path: string;
  /** The handler to call without express; undefined when only express serves the route. */
  readonly direct: H | undefined;
}

/** A request the table serves: its route, path parameters (decoded) and raw query. */
export interface TableMatch<H> {
  readonly handler: H;
  /** The template, as express's req.route.path. */
  readonly template: string;
  readonly pathname: string;
  /** The raw query without '?', or null when the target has no '?' (parseurl's `query`). */
  readonly query: string | null;
  readonly params: Record<string, string>;
}

interface Entry<H> {
  readonly template: string;
  /** Literal segments as strings, parameters by name; undefined for a template this table does not read. */
  readonly segments: readonly Segment[] | undefined;
  readonly direct: H | undefined;
}

type Segment = string | { readonly param: string };

/** Only plain literal segments and whole-segment `:name` parameters are read; anything else (`*`, `{…}`, `(…)`) stays with express. */
const LITERAL = /^[A-Za-z0-9._~@-]*$/;
const PARAM = /^:([A-Za-z_$][A-Za-z0-9_$]*)$/;
/** Characters that make parseurl fall back to a full URL parse; such targets go to express. */
const UNUSUAL_TARGET = /[\t\n\f\r #\u00a0\ufeff]/;

/**
 * The declared routes found by method and path without express's router,
 * for the request path where express's per-request work (its prototype swap
 * of req and res, the router's walk over every layer) cost more than the
 * route itself (docs/benchmarks.md). It answers exactly what express would
 * dispatch: routes keep their mount order (the first whose template matches
 * takes the request, as in express); a request is served here only when
 * that first match is a direct route, its target is a plain origin-form
 * path, and every parameter decodes. Everything else (HEAD, OPTIONS,
 * unmatched paths, 404/405, routes only express serves) goes to express,
 * which keeps its own rules for them.
 *
 * Matching follows the app's express settings: case-sensitive, strict (a
 * trailing slash is another path), a parameter is one non-empty segment,
 * decoded with decodeURIComponent.
 */
export class RouteTable<H> {
  readonly #exact = new Map<string, Entry<H>>();
  readonly #ordered = new Map<string, Entry<H>[]>();

  constructor(routes: readonly TableRoute<H>[]) {
    for (const route of routes) {
      const entry: Entry<H> = { template: route.path, segments: parseTemplate(route.path), direct: route.direct };
      const list = this.#ordered.get(route.method) ?? [];
      // A static route no earlier route of its method can match is found by one lookup.
      const literal = entry.segments?.every((segment) => typeof segment === 'string') === true;
      if (literal && route.direct !== undefined && !list.some((earlier) => mayMatch(earlier, route.path))) {
        this.#exact.set(`${route.method} ${route.path}`, entry);
      }
      list.push(entry);
      this.#ordered.set(route.method, list);
    }
  }

  /** The direct route express would dispatch `method url` to, or undefined to leave the request to express. */
  find(method: string | undefined, url: string | undefined): TableMatch<H> | undefined {
    if (method === undefined || url === undefined || url.charCodeAt(0) !== 0x2f || UNUSUAL_TARGET.test(url)) return undefined;
    const mark = url.indexOf('?');
    const pathname = mark < 0 ? url : url.slice(0, mark);
    const query = mark < 0 ? null : url.slice(mark + 1);
    const exact = this.#exact.get(`${method} ${pathname}`);
    if (exact) return { handler: exact.direct!, template: exact.template, pathname, query, params: {} };
    const list = this.#ordered.get(method);
    if (!list) return undefined;
    const parts = pathname.split('/');
    for (const entry of list) {
      if (!entry.segments) return undefined; // express's own syntax: let express decide from here on
      const params = matchSegments(entry.segments, parts);
      if (params === undefined) continue;
      if (params === null || entry.direct === undefined) return undefined;
      return { handler: entry.direct, template: entry.template, pathname, query, params };
    }
    return undefined;
  }
}

function parseTemplate(template: string): Segment[] | undefined {
  const segments: Segment[] = [];
  for (const part of template.split('/')) {
    const param = PARAM.exec(part);
    if (param) segments.push({ param: param[1]! });
    else if (LITERAL.test(part)) segments.push(part);
    else return undefined;
  }
  return segments;
}

/** Whether an earlier route could take `path` (a template this table does not read might). */
function mayMatch<H>(earlier: Entry<H>, path: string): boolean {
  return earlier.segments === undefined || matchSegments(earlier.segments, path.split('/')) !== undefined;
}

/** The decoded parameters when `parts` match; undefined when they do not; null when a parameter does not decode (express answers that). */
function matchSegments(segments: readonly Segment[], parts: readonly string[]): Record<string, string> | undefined | null {
  if (segments.length !== parts.length) return undefined;
  let params: Record<string, string> | undefined;
  for (let index = 0; index < segments.length; index += 1) {
    const segment = segments[index]!;
    const part = parts[index]!;
    if (typeof segment === 'string') {
      if (segment !== part) return undefined;
    } else if (part === '') {
      return undefined;
    } else {
      params ??= {};
      try {
        params[segment.param] = decodeURIComponent(part);
      } catch {
        return null;
      }
    }
  }
  return params ?? {};
}

import { CursorPage, Page } from '../../kernel/contract/page.js';
import type { ErrorObject } from '../../kernel/errors/index.js';
import type { RenderedResponse } from '../edge/rendered-response.js';
import { cursorMeta, pageLinks, pageMeta } from './pagination.js';

export interface RequestUrl {
  readonly pathname: string;
  /** The raw query string without '?'. */
  readonly search: string;
}

/** {data}; for a Page {data: items, meta, links}; for a CursorPage {data: items, meta}; 204 has no body. */
export function renderSuccess(result: unknown, status: number, url: RequestUrl): RenderedResponse {
  if (status === 204) return { status, body: '' };
  if (result instanceof Page) {
    const envelope = { data: result.items, meta: pageMeta(result), links: pageLinks(result, url.pathname, url.search) };
    return { status, body: JSON.stringify(envelope) };
  }
  if (result instanceof CursorPage) return { status, body: JSON.stringify({ data: result.items, meta: cursorMeta(result) }) };
  return { status, body: JSON.stringify({ data: result === undefined ? null : result }) };
}

export function renderErrors(errors: readonly ErrorObject[]): string {
  return JSON.stringify({ errors });
}

/** Splits a request target into path and raw query. */
export function splitUrl(target: string): RequestUrl {
  const mark = target.indexOf('?');
  return mark < 0 ? { pathname: target, search: '' } : { pathname: target.slice(0, mark), search: target.slice(mark + 1) };
}

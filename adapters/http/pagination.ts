import type { CursorPage, Page } from '../../kernel/contract/page.js';

export interface PageMeta {
  readonly current_page: number;
  readonly last_page: number;
  readonly per_page: number;
  readonly total: number;
  readonly from: number | null;
  readonly to: number | null;
}

export interface PageLinks {
  readonly first: string;
  readonly last: string;
  readonly prev: string | null;
  readonly next: string | null;
}

export function pageMeta(page: Page<unknown>): PageMeta {
  const from = page.items.length > 0 ? (page.page - 1) * page.perPage + 1 : null;
  return {
    current_page: page.page,
    last_page: page.lastPage,
    per_page: page.perPage,
    total: page.total,
    from,
    to: from === null ? null : from + page.items.length - 1,
  };
}

/**
 * Absolute-path links ('/api/v2/transactions?status=completed&page=2'): the
 * request's own path and query with only `page` replaced.
 */
export function pageLinks(page: Page<unknown>, pathname: string, search: string): PageLinks {
  const at = (number: number): string => {
    const query = new URLSearchParams(search);
    query.set('page', String(number));
    return `${pathname}?${query.toString()}`;
  };
  const last = page.lastPage;
  return {
    first: at(1),
    last: at(last),
    prev: page.page > 1 ? at(Math.min(page.page - 1, last)) : null,
    next: page.page < last ? at(page.page + 1) : null,
  };
}

/** A cursor page's meta: no page numbers or totals, which a growing list cannot keep true between requests. */
export interface CursorMeta {
  readonly per_page: number;
  readonly has_more: boolean;
}

export function cursorMeta(page: CursorPage<unknown>): CursorMeta {
  return { per_page: page.perPage, has_more: page.hasMore };
}

import { ValidationError } from '../errors/errors.js';

/**
 * A page of a list. Operations return it; the HTTP adapter renders
 * meta{current_page,last_page,per_page,total,from,to} and links{first,last,prev,next}.
 */
export class Page<T> {
  constructor(
    readonly items: readonly T[],
    readonly page: number,
    readonly perPage: number,
    readonly total: number,
  ) {}

  get lastPage(): number {
    return Math.max(1, Math.ceil(this.total / this.perPage));
  }

  map<U>(fn: (item: T) => U): Page<U> {
    return new Page(this.items.map(fn), this.page, this.perPage, this.total);
  }
}

export interface PageRequest {
  readonly page: number;
  readonly perPage: number;
}

export function pageOffset(request: PageRequest): number {
  return (request.page - 1) * request.perPage;
}

/** Pages are numbered 1 to MAX_PAGE; a page holds 1 to MAX_PER_PAGE items, DEFAULT_PER_PAGE when not asked. */
export const MAX_PAGE = 1_000_000;
export const MAX_PER_PAGE = 100;
export const DEFAULT_PER_PAGE = 20;

/**
 * The page a list operation was asked for, checked: 422 naming the
 * parameter as the caller's interface calls it (`per_page`, `limit`, `first`).
 */
export function pageRequest(page: number | undefined, perPage: number | undefined, perPageName = 'per_page', pageName = 'page'): PageRequest {
  const number = page ?? 1;
  const size = perPage ?? DEFAULT_PER_PAGE;
  if (!Number.isInteger(number) || number < 1 || number > MAX_PAGE) {
    throw new ValidationError([{ parameter: pageName, detail: `${pageName} must be an integer from 1 to ${MAX_PAGE}` }]);
  }
  if (!Number.isInteger(size) || size < 1 || size > MAX_PER_PAGE) {
    throw new ValidationError([{ parameter: perPageName, detail: `${perPageName} must be an integer from 1 to ${MAX_PER_PAGE}` }]);
  }
  return { page: number, perPage: size };
}

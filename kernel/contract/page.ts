import type { Tx, UnitOfWork } from '../../ports/unit-of-work.js';
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

/** The rows of one page as a repository reads them, with the count of every row the list holds. */
export interface Slice<T> {
  readonly items: readonly T[];
  readonly total: number;
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

/**
 * The body of every list operation once its input is checked: read one slice
 * in one unit of work, then render each row as its view. Checks that need the
 * transaction (the parent exists, the caller may see it) go inside `read`.
 */
export async function listPage<Row, View>(
  uow: UnitOfWork,
  request: PageRequest,
  view: (row: Row) => View,
  read: (tx: Tx, request: PageRequest) => Promise<Slice<Row>>,
): Promise<Page<View>> {
  const slice = await uow.run((tx) => read(tx, request));
  return new Page(slice.items.map((row) => view(row)), request.page, request.perPage, slice.total);
}

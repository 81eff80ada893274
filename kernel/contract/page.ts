import type { Tx, UnitOfWork } from '../../ports/unit-of-work.js';
import { NotFoundError, ValidationError } from '../errors/errors.js';

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

/**
 * One page of a list walked by cursor (`starting_after` / `ending_before`,
 * as Stripe does): the rows next to a named row in list order, and whether
 * more lie beyond them in the direction walked. The HTTP adapter renders
 * meta{per_page,has_more}.
 */
export class CursorPage<T> {
  constructor(
    readonly items: readonly T[],
    readonly perPage: number,
    readonly hasMore: boolean,
  ) {}
}

/**
 * The answer of a list operation called without a cursor, which is always a
 * Page: for callers that never send one (GraphQL's page/first arguments).
 */
export function numberedPage<T>(result: Page<T> | CursorPage<T>): Page<T> {
  if (result instanceof Page) return result;
  throw new Error('a cursor page answered a call without a cursor');
}

/**
 * The rows after (`after`, further down the list) or before (`before`,
 * further up) the row named `id`, at most `limit` of them, always in list order.
 */
export interface CursorRequest {
  readonly id: string;
  readonly direction: 'after' | 'before';
  readonly limit: number;
}

/** The rows a repository read for a cursor, or undefined when the cursor names no row the caller may list. */
export interface CursorSlice<T> {
  readonly items: readonly T[];
  readonly hasMore: boolean;
}

/**
 * A cursor request from `starting_after` / `ending_before`, or undefined when
 * neither was sent (page mode). The two are exclusive, and exclusive with `page`: 422.
 */
export function cursorRequest(
  startingAfter: string | undefined,
  endingBefore: string | undefined,
  page: number | undefined,
  perPage: number | undefined,
  perPageName = 'per_page',
): CursorRequest | undefined {
  if (startingAfter === undefined && endingBefore === undefined) return undefined;
  if (startingAfter !== undefined && endingBefore !== undefined) {
    throw new ValidationError([{ parameter: 'ending_before', detail: 'send starting_after or ending_before, not both' }]);
  }
  if (page !== undefined) {
    throw new ValidationError([{ parameter: 'page', detail: 'page does not combine with starting_after or ending_before' }]);
  }
  const { perPage: limit } = pageRequest(undefined, perPage, perPageName);
  return startingAfter !== undefined ? { id: startingAfter, direction: 'after', limit } : { id: endingBefore as string, direction: 'before', limit };
}

/**
 * Cuts the rows a store read for a cursor, `limit + 1` of them in walking
 * order (away from the cursor), to the page: the extra row only says there
 * are more; rows read walking up the list are turned back into list order.
 */
export function cursorSlice<T>(walked: readonly T[], request: CursorRequest): CursorSlice<T> {
  const items = walked.slice(0, request.limit);
  return { items: request.direction === 'before' ? items.reverse() : items, hasMore: walked.length > request.limit };
}

/**
 * The body of a list operation in cursor mode. A cursor naming no row of this
 * list (unknown, another team's, another account's) is 404, the same answer
 * for each, so a cursor reveals nothing.
 */
export async function listCursorPage<Row, View>(
  uow: UnitOfWork,
  request: CursorRequest,
  view: (row: Row) => View,
  read: (tx: Tx, request: CursorRequest) => Promise<CursorSlice<Row> | undefined>,
  resource: string,
): Promise<CursorPage<View>> {
  const slice = await uow.run((tx) => read(tx, request));
  if (!slice) throw new NotFoundError(resource, request.id, { parameter: request.direction === 'after' ? 'starting_after' : 'ending_before' });
  return new CursorPage(slice.items.map((row) => view(row)), request.limit, slice.hasMore);
}

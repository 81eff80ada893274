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

/**
 * Every failure a client can cause is an AppError with an HTTP status and a
 * snake_case code. Adapters map these in one place each; anything else is a
 * bug and becomes a 500 with no detail leaked.
 */
export interface ErrorSource {
  readonly pointer?: string;
  readonly parameter?: string;
  readonly header?: string;
}

export interface ErrorObject {
  readonly status: number;
  readonly code: string;
  readonly title: string;
  readonly detail: string;
  readonly source?: ErrorSource;
}

export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly title: string,
    detail: string,
    readonly source?: ErrorSource,
    /** Further errors reported together (validation). */
    readonly others: readonly ErrorObject[] = [],
  ) {
    super(detail);
    this.name = new.target.name;
  }

  toObjects(): ErrorObject[] {
    const first: ErrorObject = {
      status: this.status,
      code: this.code,
      title: this.title,
      detail: this.message,
      ...(this.source ? { source: this.source } : {}),
    };
    return [first, ...this.others];
  }
}

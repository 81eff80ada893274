/**
 * One question a team asked, as the query log keeps it: what was asked, how
 * it was read, and the answer as it was sent (JSON), with the cache key
 * that says when the same answer may be reused (docs/ai.md, "Cache").
 */
export interface QueryRecord {
  readonly id: string;
  readonly teamId: string;
  /** 'v1.transactions' or 'v2.query': the answer's shape. */
  readonly kind: 'v1.transactions' | 'v2.query';
  readonly query: string;
  readonly accountId: string | null;
  /** Kind, normalised query, account and options: equal keys ask the same question. */
  readonly cacheKey: string;
  readonly interpretation: Record<string, unknown>;
  readonly answer: Record<string, unknown>;
  readonly createdAt: Date;
}

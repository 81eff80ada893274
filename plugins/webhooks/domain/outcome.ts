/** What one attempt's answer means for the delivery and the endpoint. */
export type AttemptVerdict =
  | { readonly kind: 'delivered' }
  /** 410 Gone: the receiver says the endpoint no longer exists. */
  | { readonly kind: 'gone' }
  | { readonly kind: 'retry'; readonly retryAfterMs?: number };

export interface AttemptAnswer {
  readonly statusCode?: number;
  readonly retryAfterMs?: number;
  readonly error?: string;
}

/** Only 2xx acknowledges; 3xx is a failure (redirects are not followed); 429/503 may carry Retry-After. */
export function verdictOf(answer: AttemptAnswer): AttemptVerdict {
  const status = answer.statusCode;
  if (status !== undefined && status >= 200 && status < 300) return { kind: 'delivered' };
  if (status === 410) return { kind: 'gone' };
  if ((status === 429 || status === 503) && answer.retryAfterMs !== undefined) return { kind: 'retry', retryAfterMs: answer.retryAfterMs };
  return { kind: 'retry' };
}

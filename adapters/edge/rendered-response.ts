/** A response ready to send or to store for idempotent replay. */
export interface RenderedResponse {
  readonly status: number;
  /** Exact JSON text; '' for 204. */
  readonly body: string;
}

import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { components, paths } from './schema.js';

export type { components, operations, paths } from './schema.js';

/** Every named schema of the API (`Schemas['Transfer']`, `Schemas['AccountBalances']`, …). */
export type Schemas = components['schemas'];
/** The body of every 4xx and 5xx answer: one error object per problem. */
export type ErrorEnvelope = components['schemas']['ErrorEnvelope'];
export type ErrorObject = components['schemas']['ErrorObject'];

/** The openapi-fetch client typed by the API's paths: `client.POST('/api/v2/transfers', { body })`. */
export type BankClient = Client<paths>;

export interface BankClientOptions {
  /** Where the service listens, e.g. `http://localhost:8080` (the paths start with `/api`). */
  readonly baseUrl: string;
  /** An API key (`fak_…`), sent as `Authorization: Bearer <key>` on every request. */
  readonly apiKey?: string;
  /** Another fetch (a proxy agent, a test double); the global one by default. */
  readonly fetch?: (input: Request) => Promise<Response>;
  /** Further headers sent on every request. */
  readonly headers?: Record<string, string>;
}

/**
 * A typed client of one open-bank service. Paths, parameters, bodies and
 * answers are checked against the OpenAPI document at compile time; nothing
 * is checked at run time beyond what the service itself validates.
 */
export function createBankClient(options: BankClientOptions): BankClient {
  const client = createClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    ...(options.fetch ? { fetch: options.fetch } : {}),
    headers: { ...options.headers },
  });
  if (options.apiKey !== undefined) client.use(bearer(options.apiKey));
  return client;
}

// A middleware rather than a default header, so a request can still name another key in its own headers.
function bearer(apiKey: string): Middleware {
  return {
    onRequest({ request }) {
      if (!request.headers.has('Authorization')) request.headers.set('Authorization', `Bearer ${apiKey}`);
      return request;
    },
  };
}

/** A 4xx or 5xx answer, with the service's error objects (`code`, `detail`, `source`) and its request id. */
export class BankApiError extends Error {
  readonly status: number;
  readonly errors: readonly ErrorObject[];
  readonly requestId: string | null;

  constructor(status: number, errors: readonly ErrorObject[], requestId: string | null) {
    super(`${status} ${errors.map((error) => `${error.code}: ${error.detail}`).join('; ') || 'request failed'}`);
    this.name = 'BankApiError';
    this.status = status;
    this.errors = errors;
    this.requestId = requestId;
  }

  /** The first error's stable code (`insufficient_funds`, `validation_failed`, …). */
  get code(): string | undefined {
    return this.errors[0]?.code;
  }
}

/** What an openapi-fetch call resolves to: the success body, or the error body. */
type Answer = { data?: unknown; error?: unknown; response: Response };

/** The inside of a success body's `{ "data": … }` envelope. */
export type DataOf<A extends Answer> = NonNullable<A['data']> extends { data: infer Data } ? Data : never;

/**
 * The `data` of a successful answer's `{ "data": … }` envelope, or a thrown
 * BankApiError for an error answer:
 * `const transfer = await dataOf(client.POST('/api/v2/transfers', { body }))`.
 */
export async function dataOf<A extends Answer>(pending: Promise<A> | A): Promise<DataOf<A>> {
  const answer = await pending;
  if (answer.response.ok && answer.data !== undefined) return (answer.data as { data: DataOf<A> }).data;
  throw errorOf(answer.response, answer.error);
}

function errorOf(response: Response, body: unknown): BankApiError {
  const errors = isErrorEnvelope(body) ? body.errors : [];
  return new BankApiError(response.status, errors, response.headers.get('X-Request-Id'));
}

function isErrorEnvelope(body: unknown): body is ErrorEnvelope {
  return typeof body === 'object' && body !== null && Array.isArray((body as { errors?: unknown }).errors);
}

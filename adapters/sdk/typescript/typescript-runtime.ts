/** index.js's part that does not depend on the API: the request, retries, keys and the error classes. */
export const TYPESCRIPT_RUNTIME = `// The {name} API client (generated; do not edit). No dependencies: the platform's fetch.
const RETRY_STATUSES = new Set([408, 429, 500, 502, 503, 504]);
export const USER_AGENT = {user_agent};

/** An error answer: its status, the envelope's errors and the request id to quote to support. */
export class ApiError extends Error {
  constructor(status, errors, requestId, headers) {
    super(\`\${status} \${errors.map((error) => \`\${error.code}: \${error.detail}\`).join('; ') || 'request failed'}\`);
    this.name = new.target.name;
    this.status = status;
    this.errors = errors;
    this.requestId = requestId;
    this.headers = headers;
  }
  /** The first error's stable code (insufficient_funds, validation_failed, ...). */
  get code() {
    return this.errors[0]?.code;
  }
}
export class BadRequestError extends ApiError {}
export class AuthenticationError extends ApiError {}
export class PermissionDeniedError extends ApiError {}
export class NotFoundError extends ApiError {}
export class ConflictError extends ApiError {}
export class ValidationError extends ApiError {
  /** The JSON pointers of the fields at fault. */
  get pointers() {
    return this.errors.flatMap((error) => (error.source?.pointer === undefined ? [] : [error.source.pointer]));
  }
}
export class RateLimitError extends ApiError {
  /** The wait the service asks for, in seconds. */
  get retryAfter() {
    const value = this.headers.get('retry-after');
    return value && /^[0-9]+$/.test(value) ? Number(value) : undefined;
  }
}
export class ServerError extends ApiError {}

const BY_STATUS = { 400: BadRequestError, 401: AuthenticationError, 403: PermissionDeniedError, 404: NotFoundError, 409: ConflictError, 422: ValidationError, 429: RateLimitError };

function errorOf(status, body, headers) {
  const errors = body && typeof body === 'object' && Array.isArray(body.errors) ? body.errors : [];
  const Kind = BY_STATUS[status] ?? (status >= 500 ? ServerError : ApiError);
  return new Kind(status, errors, headers.get('x-request-id'), headers);
}

function backoff(attempt, retryAfter) {
  if (retryAfter && /^[0-9]+$/.test(retryAfter)) return Number(retryAfter) * 1000;
  return Math.min(8000, 500 * 2 ** attempt) * (0.5 + Math.random() / 2);
}

export class Client {
  #options;
  constructor(options) {
    this.#options = { maxRetries: 2, timeoutMs: 30000, ...options, baseUrl: options.baseUrl.replace(/\\/+$/, '') };
  }

  /** One call: the decoded envelope, or an ApiError. Every generated method goes through here. */
  async request(method, path, { pathParams = {}, query = {}, body, idempotencyKey, isPublic = false, headers = {}, signal } = {}) {
    const options = this.#options;
    let url = options.baseUrl + path.replace(/\\{([^}]+)\\}/g, (_match, name) => encodeURIComponent(String(pathParams[name])));
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(query ?? {})) if (value !== undefined && value !== null) search.append(name, String(value));
    if ([...search].length > 0) url += \`?\${search}\`;
    const sent = { accept: 'application/json', 'user-agent': USER_AGENT, ...options.headers, ...headers };
    if (!isPublic && options.apiKey) sent.authorization = \`Bearer \${options.apiKey}\`;
    if (!isPublic && options.partnerKey) sent['x-partner-key'] = options.partnerKey;
    // A key of our own when the caller gave none, so a retry cannot run the request twice.
    if (method === 'POST') sent['idempotency-key'] = idempotencyKey ?? crypto.randomUUID();
    let payload;
    if (body !== undefined || method === 'POST' || method === 'PUT' || method === 'PATCH') {
      payload = JSON.stringify(body ?? {});
      sent['content-type'] = 'application/json';
    }
    const fetchImpl = options.fetch ?? globalThis.fetch;
    const sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    for (let attempt = 0; ; attempt += 1) {
      let response;
      try {
        response = await fetchImpl(url, { method, headers: sent, body: payload, signal: signal ?? AbortSignal.timeout(options.timeoutMs) });
      } catch (error) {
        if (attempt >= options.maxRetries || signal?.aborted) throw error;
        await sleep(backoff(attempt, null));
        continue;
      }
      if (RETRY_STATUSES.has(response.status) && attempt < options.maxRetries) {
        await response.body?.cancel();
        await sleep(backoff(attempt, response.headers.get('retry-after')));
        continue;
      }
      const text = await response.text();
      let parsed = null;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        parsed = null;
      }
      if (!response.ok) throw errorOf(response.status, parsed, response.headers);
      return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? parsed : { data: parsed };
    }
  }
`;

/** index.d.ts's part that does not depend on the API. */
export const TYPESCRIPT_RUNTIME_TYPES = `// The {name} API client's declarations (generated; do not edit).
export declare const USER_AGENT: string;

export interface ErrorObject {
  status: number;
  code: string;
  title: string;
  detail: string;
  source?: { pointer?: string; parameter?: string; header?: string };
}

export declare class ApiError extends Error {
  readonly status: number;
  readonly errors: readonly ErrorObject[];
  readonly requestId: string | null;
  readonly headers: Headers;
  constructor(status: number, errors: readonly ErrorObject[], requestId: string | null, headers: Headers);
  get code(): string | undefined;
}
export declare class BadRequestError extends ApiError {}
export declare class AuthenticationError extends ApiError {}
export declare class PermissionDeniedError extends ApiError {}
export declare class NotFoundError extends ApiError {}
export declare class ConflictError extends ApiError {}
export declare class ValidationError extends ApiError {
  get pointers(): string[];
}
export declare class RateLimitError extends ApiError {
  get retryAfter(): number | undefined;
}
export declare class ServerError extends ApiError {}

export interface ClientOptions {
  /** Where the service listens, e.g. \`https://bank.example.com\` (the paths start with \`/api\`). */
  readonly baseUrl: string;
  /** An API key (\`fak_…\`), sent as \`Authorization: Bearer <key>\`. */
  readonly apiKey?: string;
  /** A partner key (\`fpk_…\`), sent as \`X-Partner-Key\`. */
  readonly partnerKey?: string;
  /** Retries of a 408, 429 or 5xx answer or a network failure (default 2); a POST keeps its Idempotency-Key. */
  readonly maxRetries?: number;
  readonly timeoutMs?: number;
  readonly headers?: Record<string, string>;
  readonly fetch?: (input: string, init: RequestInit) => Promise<Response>;
  readonly sleep?: (ms: number) => Promise<void>;
}

export interface RequestOptions {
  readonly headers?: Record<string, string>;
  readonly signal?: AbortSignal;
}

export interface PostOptions extends RequestOptions {
  /** Makes a retry safe; a random one is used when left out. */
  readonly idempotencyKey?: string;
}

export interface Envelope {
  data?: unknown;
  meta?: Record<string, unknown>;
  links?: Record<string, unknown>;
}

export declare class Client {
  constructor(options: ClientOptions);
  request(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    path: string,
    options?: PostOptions & { pathParams?: Record<string, string | number>; query?: object; body?: unknown; isPublic?: boolean },
  ): Promise<Envelope>;
`;

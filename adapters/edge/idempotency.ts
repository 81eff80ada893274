import { createHash } from 'node:crypto';
import { AppError, ConflictError, ValidationError } from '../../kernel/errors/index.js';
import type { Clock } from '../../ports/clock.js';
import { idempotencySlot, type IdempotencyKeyRef, type IdempotencyStore } from '../../ports/idempotency-store.js';
import type { Tx, UnitOfWork } from '../../ports/unit-of-work.js';
import { refused, succeeded, unwrap, type Outcome } from '../../kernel/contract/outcome.js';
import { canonicalJson } from './canonical-json.js';
import type { RenderedResponse } from './rendered-response.js';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
const VALID_KEY = /^[\x20-\x7E]{1,255}$/;

/**
 * The Idempotency-Key of a request, undefined when absent; 422 (source.header)
 * when malformed or sent more than once. Pass `req.headersDistinct`'s entry:
 * `req.headers` joins repeated headers into "a, b", which is also one valid key.
 */
export function idempotencyKeyOf(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  if (Array.isArray(header) && header.length !== 1) {
    throw new ValidationError([
      { header: IDEMPOTENCY_HEADER, code: 'invalid_idempotency_key', detail: 'Send one Idempotency-Key header, not several.' },
    ]);
  }
  const value = Array.isArray(header) ? header[0]! : header;
  if (!VALID_KEY.test(value)) {
    throw new ValidationError([
      {
        header: IDEMPOTENCY_HEADER,
        code: 'invalid_idempotency_key',
        detail: 'Idempotency-Key must be 1 to 255 printable ASCII characters.',
      },
    ]);
  }
  return value;
}

/** sha256 over method, path, sorted query and canonical body: the request a key stands for. */
export function requestHash(method: string, pathname: string, search: string, body: unknown): string {
  const query = new URLSearchParams(search);
  query.sort();
  return createHash('sha256')
    .update(`${method.toUpperCase()}\n${pathname}\n${query.toString()}\n${canonicalJson(body)}`)
    .digest('hex');
}

export class IdempotencyKeyInUseError extends ConflictError {
  constructor() {
    super('A request with this Idempotency-Key is still being processed; retry later.', 'idempotency_key_in_use');
  }
}

export class IdempotencyKeyReusedError extends AppError {
  constructor() {
    super(
      422,
      'idempotency_key_reused',
      'Idempotency key reused',
      'This Idempotency-Key was already used for a different request.',
      { header: IDEMPOTENCY_HEADER },
    );
  }
}

/** 409: the first request succeeded, but its response held a secret that was not saved, so it cannot be replayed. */
export class IdempotentReplayUnavailableError extends AppError {
  constructor() {
    super(
      409,
      'idempotent_replay_unavailable',
      'Replay unavailable',
      'A request with this Idempotency-Key already succeeded, but its response carried a secret that is shown once and never stored, ' +
        'so it cannot be replayed. If that response was lost, revoke what it created and send the request again with a new Idempotency-Key.',
      { header: IDEMPOTENCY_HEADER },
    );
  }
}

export interface IdempotentOutcome {
  readonly response: RenderedResponse;
  readonly replayed: boolean;
}

/** What an Idempotency-Key stands for: the team's key and the hash of the request sent with it. */
export interface KeyedRequest extends IdempotencyKeyRef {
  /** The API key sending it: saved with the record, not part of the key. */
  readonly apiKeyId: string;
  readonly hash: string;
  /** The response carries a secret (RouteDeclaration.responseHasSecret): save only the hash; a replay is 409. */
  readonly responseHasSecret?: boolean;
}

export interface IdempotentRequest extends KeyedRequest {
  /** Runs the operation and renders its response, inside the open transaction. */
  readonly execute: () => Promise<RenderedResponse>;
}

/**
 * Runs a keyed request (a REST POST, a GraphQL mutation) at most once per (team, key). A duplicate
 * arriving while the first runs in this process gets 409 at once; across
 * processes the store's transaction lock decides. The operation runs inside
 * the same unit of work as the lock, lookup and save, so its writes and the
 * saved response commit together. Only 2xx responses are saved: a failure
 * rolls back and the key stays free for a retry. Keys are the team's, shared
 * by all its API keys: a retry sent with another key of the team replays
 * (each request is still authenticated and authorized with its own key).
 *
 * `run` does all of it for one request; batched operations (group commit)
 * use `enter`, `claim` and `save` inside their batch's unit of work, so a
 * batch of keyed requests costs the same statements as one.
 */
export class IdempotencyGuard {
  private readonly inFlight = new Set<string>();

  constructor(
    private readonly store: IdempotencyStore,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async run(request: IdempotentRequest): Promise<IdempotentOutcome> {
    const leave = this.enter(request);
    try {
      return await this.unitOfWork.run(async (tx) => {
        const [claimed] = await this.claim(tx, [request]);
        if (claimed) return unwrap(claimed);
        const response = await request.execute();
        await this.save(tx, [{ request, response }]);
        return { response, replayed: false };
      });
    } finally {
      leave();
    }
  }

  /**
   * For an operation that calls out (kernel/contract/outbound.ts): the key is
   * claimed (a saved answer replays) in one unit of work, the operation runs
   * outside any, and its 2xx answer is saved in a second one. Between the two
   * only the operation's own record keyed by the Idempotency-Key stops a
   * second application; if another process saved an answer meanwhile, that
   * answer stands.
   */
  async runOutside(request: IdempotentRequest): Promise<IdempotentOutcome> {
    const leave = this.enter(request);
    try {
      const first = await this.unitOfWork.run(async (tx) => (await this.claim(tx, [request]))[0]);
      if (first) return unwrap(first);
      const response = await request.execute();
      return await this.unitOfWork.run(async (tx) => {
        const [claimed] = await this.claim(tx, [request]);
        if (claimed) return unwrap(claimed);
        await this.save(tx, [{ request, response }]);
        return { response, replayed: false };
      });
    } finally {
      leave();
    }
  }

  /** Marks the key in flight in this process (409 when it already is); call the returned function when done. */
  enter(ref: IdempotencyKeyRef): () => void {
    const slot = idempotencySlot(ref);
    if (this.inFlight.has(slot)) throw new IdempotencyKeyInUseError();
    this.inFlight.add(slot);
    return () => this.inFlight.delete(slot);
  }

  /**
   * Inside `tx`: locks every key and looks up what is saved. Per request:
   * undefined to run it, a replay of the saved response, or its refusal
   * (409 while another transaction holds the key, 422 for a different
   * request under a used key, 409 for a response whose secret was not saved).
   */
  async claim(tx: Tx, requests: readonly KeyedRequest[]): Promise<Array<Outcome<IdempotentOutcome> | undefined>> {
    if (requests.length === 0) return [];
    const locked = await this.store.tryLock(tx, requests);
    const saved = new Map((await this.store.find(tx, requests.filter((_, index) => locked[index]))).map((record) => [idempotencySlot(record), record]));
    return requests.map((request, index) => {
      if (!locked[index]) return refused(new IdempotencyKeyInUseError());
      const record = saved.get(idempotencySlot(request));
      if (!record) return undefined;
      if (record.requestHash !== request.hash) return refused(new IdempotencyKeyReusedError());
      if (record.body === null) return refused(new IdempotentReplayUnavailableError());
      return succeeded({ response: { status: record.status, body: record.body }, replayed: true });
    });
  }

  /** Inside `tx`: saves the 2xx responses of keyed requests that ran (without the body when it carries a secret). */
  async save(tx: Tx, done: readonly { readonly request: KeyedRequest; readonly response: RenderedResponse }[]): Promise<void> {
    const now = this.clock.now();
    await this.store.save(
      tx,
      done
        .filter(({ response }) => response.status >= 200 && response.status < 300)
        .map(({ request, response }) => ({
          teamId: request.teamId,
          apiKeyId: request.apiKeyId,
          key: request.key,
          requestHash: request.hash,
          status: response.status,
          body: request.responseHasSecret ? null : response.body,
          createdAt: now,
        })),
    );
  }
}

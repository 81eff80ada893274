import { createHash } from 'node:crypto';
import { AppError, ConflictError, ValidationError } from '../../kernel/errors/index.js';
import type { Clock } from '../../ports/clock.js';
import type { IdempotencyStore } from '../../ports/idempotency-store.js';
import type { UnitOfWork } from '../../ports/unit-of-work.js';
import { canonicalJson } from './canonical-json.js';
import type { RenderedResponse } from './envelope.js';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
const VALID_KEY = /^[\x20-\x7E]{1,255}$/;

/** The Idempotency-Key of a POST, undefined when absent; 422 (source.header) when malformed. */
export function idempotencyKeyOf(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  const value = Array.isArray(header) ? header.join(', ') : header;
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

export interface IdempotentOutcome {
  readonly response: RenderedResponse;
  readonly replayed: boolean;
}

export interface IdempotentRequest {
  readonly teamId: string;
  readonly key: string;
  readonly hash: string;
  /** Runs the operation and renders its response, inside the open transaction. */
  readonly execute: () => Promise<RenderedResponse>;
}

/**
 * Runs a keyed POST at most once per (team, key). A duplicate arriving while
 * the first runs in this process gets 409 at once; across processes the
 * store's transaction lock decides. The operation runs inside the same unit of
 * work as the lock, lookup and save, so its writes and the saved response
 * commit together. Only 2xx responses are saved: a failure rolls back and the
 * key stays free for a retry.
 */
export class IdempotencyGuard {
  private readonly inFlight = new Set<string>();

  constructor(
    private readonly store: IdempotencyStore,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async run(request: IdempotentRequest): Promise<IdempotentOutcome> {
    const slot = `${request.teamId}\u0000${request.key}`;
    if (this.inFlight.has(slot)) throw new IdempotencyKeyInUseError();
    this.inFlight.add(slot);
    try {
      return await this.unitOfWork.run(async (tx) => {
        if (!(await this.store.tryLock(tx, request.teamId, request.key))) throw new IdempotencyKeyInUseError();
        const saved = await this.store.find(tx, request.teamId, request.key);
        if (saved) {
          if (saved.requestHash !== request.hash) throw new IdempotencyKeyReusedError();
          return { response: { status: saved.status, body: saved.body }, replayed: true };
        }
        const response = await request.execute();
        if (response.status >= 200 && response.status < 300) {
          await this.store.save(tx, {
            teamId: request.teamId,
            key: request.key,
            requestHash: request.hash,
            status: response.status,
            body: response.body,
            createdAt: this.clock.now(),
          });
        }
        return { response, replayed: false };
      });
    } finally {
      this.inFlight.delete(slot);
    }
  }
}

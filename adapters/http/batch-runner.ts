import { BatchLane, type BatchLaneOptions } from '../../kernel/batching/batch-lane.js';
import type { BatchOperation } from '../../kernel/contract/batch.js';
import { refused, succeeded, type Outcome } from '../../kernel/contract/outcome.js';
import type { UnitOfWork } from '../../ports/unit-of-work.js';
import type { RenderedResponse } from './envelope.js';
import type { IdempotencyGuard, IdempotentOutcome, KeyedRequest } from './idempotency.js';

/** One request to a batched operation, validated and ready to run. */
export interface BatchRequest {
  readonly command: unknown;
  /** Present when the request carries an Idempotency-Key. */
  readonly keyed?: KeyedRequest;
  /** Renders the operation's value as the response (and the response to save for a keyed request). */
  render(value: unknown): RenderedResponse;
}

/**
 * Group commit for REST: requests to a batch operation that arrive together
 * share one unit of work (kernel BatchLane, one lane per operation). Inside
 * it, the Idempotency-Keys of the batch are locked and looked up with one
 * statement each, the operation runs the rest as one set-based batch, and
 * the 2xx responses of keyed requests are saved with one insert, so effects
 * and saved responses commit together exactly as for a lone request.
 */
export class HttpBatchRunner {
  readonly #lanes = new Map<BatchOperation, BatchLane<BatchRequest, IdempotentOutcome>>();

  constructor(
    private readonly guard: IdempotencyGuard,
    private readonly unitOfWork: UnitOfWork,
    private readonly options: BatchLaneOptions,
  ) {}

  async submit(operation: BatchOperation, request: BatchRequest): Promise<IdempotentOutcome> {
    // A key already in flight in this process is refused before it can join a batch, so no batch holds one key twice.
    const leave = request.keyed ? this.guard.enter(request.keyed) : undefined;
    try {
      return await this.#lane(operation).submit(request);
    } finally {
      leave?.();
    }
  }

  #lane(operation: BatchOperation): BatchLane<BatchRequest, IdempotentOutcome> {
    let lane = this.#lanes.get(operation);
    if (!lane) {
      lane = new BatchLane((requests) => this.#run(operation, requests), this.options);
      this.#lanes.set(operation, lane);
    }
    return lane;
  }

  #run(operation: BatchOperation, requests: readonly BatchRequest[]): Promise<Outcome<IdempotentOutcome>[]> {
    return this.unitOfWork.run(async (tx) => {
      const keyed = requests.flatMap((request, index) => (request.keyed ? [{ index, keyed: request.keyed }] : []));
      const answers: Array<Outcome<IdempotentOutcome> | undefined> = requests.map(() => undefined);
      const claims = await this.guard.claim(tx, keyed.map((entry) => entry.keyed));
      keyed.forEach((entry, position) => (answers[entry.index] = claims[position]));

      const pending = requests.flatMap((request, index) => (answers[index] === undefined ? [{ index, request }] : []));
      const results = await operation.batch.execute(tx, pending.map((entry) => entry.request.command));
      const done: { request: KeyedRequest; response: RenderedResponse }[] = [];
      pending.forEach(({ index, request }, position) => {
        const result = results[position]!;
        if (!result.ok) {
          answers[index] = refused(result.error);
          return;
        }
        const response = request.render(result.value);
        if (request.keyed) done.push({ request: request.keyed, response });
        answers[index] = succeeded({ response, replayed: false });
      });
      await this.guard.save(tx, done);
      return answers.map((answer) => answer!);
    });
  }
}

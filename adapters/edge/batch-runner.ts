import { BatchLane, type BatchLaneOptions } from '../../kernel/batching/batch-lane.js';
import type { BatchOperation } from '../../kernel/contract/batch.js';
import { succeeded, type Outcome } from '../../kernel/contract/outcome.js';
import type { UnitOfWork } from '../../ports/unit-of-work.js';
import { withoutLogFields } from '../system/log-scope.js';
import type { IdempotencyGuard, IdempotentOutcome, KeyedRequest } from './idempotency.js';
import type { RenderedResponse } from './rendered-response.js';

/** One prepared command waiting for its group commit. */
interface BatchItem {
  readonly command: unknown;
  /** A keyed request: its response is rendered and saved in the batch's unit of work. Undefined for most requests. */
  readonly keyed: { readonly request: KeyedRequest; render(value: unknown): RenderedResponse } | undefined;
}

/**
 * Group commit for every driving adapter: requests to a batch operation that
 * arrive together (REST, GraphQL mutations, the CLI) share one unit of work
 * (kernel BatchLane, one lane per operation). Inside it, the
 * Idempotency-Keys of the batch are locked and looked up with one statement
 * each, the operation runs the rest as one set-based batch, and the 2xx
 * responses of keyed requests are saved with one insert, so effects and
 * saved responses commit together exactly as for a lone request. A request
 * without a key answers the operation's value, rendered by its adapter after
 * the commit; a keyed one answers its rendered (or replayed) response.
 */
export class BatchRunner {
  readonly #lanes = new Map<BatchOperation, BatchLane<BatchItem, unknown>>();

  constructor(
    private readonly guard: IdempotencyGuard,
    private readonly unitOfWork: UnitOfWork,
    private readonly options: BatchLaneOptions,
  ) {}

  /** Joins the operation's next group commit; answers its value or throws its refusal. */
  run<O>(operation: BatchOperation<unknown, O>, command: unknown): Promise<O> {
    return this.#lane(operation).submit({ command, keyed: undefined }) as Promise<O>;
  }

  /** As `run`, at most once per key: answers the response rendered and saved in the batch, or the one saved before. */
  async runKeyed(
    operation: BatchOperation,
    command: unknown,
    request: KeyedRequest,
    render: (value: unknown) => RenderedResponse,
  ): Promise<IdempotentOutcome> {
    // A key already in flight in this process is refused before it can join a batch, so no batch holds one key twice.
    const leave = this.guard.enter(request);
    try {
      return (await this.#lane(operation).submit({ command, keyed: { request, render } })) as IdempotentOutcome;
    } finally {
      leave();
    }
  }

  #lane(operation: BatchOperation): BatchLane<BatchItem, unknown> {
    let lane = this.#lanes.get(operation);
    if (!lane) {
      lane = new BatchLane((items) => this.#run(operation, items), this.options);
      this.#lanes.set(operation, lane);
    }
    return lane;
  }

  /** The batch starts in the context of whichever request came first; what it logs belongs to all of them. */
  #run(operation: BatchOperation, items: readonly BatchItem[]): Promise<Outcome<unknown>[]> {
    return withoutLogFields(() => this.#commit(operation, items));
  }

  #commit(operation: BatchOperation, items: readonly BatchItem[]): Promise<Outcome<unknown>[]> {
    return this.unitOfWork.run(async (tx) => {
      const answers = new Array<Outcome<unknown> | undefined>(items.length);
      // Loops rather than flatMap: the common batch has no keyed item and should allocate nothing per request for keys.
      const keyedAt: number[] = [];
      for (let index = 0; index < items.length; index += 1) if (items[index]!.keyed) keyedAt.push(index);
      if (keyedAt.length > 0) {
        const claims = await this.guard.claim(
          tx,
          keyedAt.map((index) => items[index]!.keyed!.request),
        );
        keyedAt.forEach((index, position) => (answers[index] = claims[position]));
      }

      const pendingAt: number[] = [];
      const commands: unknown[] = [];
      for (let index = 0; index < items.length; index += 1) {
        if (answers[index] !== undefined) continue;
        pendingAt.push(index);
        commands.push(items[index]!.command);
      }
      const results = await operation.batch.execute(tx, commands);
      const done: { request: KeyedRequest; response: RenderedResponse }[] = [];
      pendingAt.forEach((index, position) => {
        const result = results[position]!;
        const keyed = items[index]!.keyed;
        // A refusal, or the value of a request without a key, is answered as the operation gave it.
        if (!result.ok || !keyed) {
          answers[index] = result;
          return;
        }
        const response = keyed.render(result.value);
        done.push({ request: keyed.request, response });
        answers[index] = succeeded({ response, replayed: false });
      });
      if (done.length > 0) await this.guard.save(tx, done);
      return answers as Outcome<unknown>[];
    });
  }
}

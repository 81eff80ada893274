import { isBatchOperation } from '../../kernel/contract/batch.js';
import type { RequestContext } from '../../kernel/contract/context.js';
import { isOutboundOperation } from '../../kernel/contract/outbound.js';
import type { Operation } from '../../kernel/contract/route.js';
import type { UnitOfWork } from '../../ports/unit-of-work.js';
import type { BatchRunner } from './batch-runner.js';
import type { IdempotencyGuard, IdempotentOutcome, KeyedRequest } from './idempotency.js';
import type { RenderedResponse } from './rendered-response.js';

/**
 * The one entry path into an operation for every driving adapter (REST
 * routes, GraphQL resolvers, the CLI): the adapter resolves the operation
 * from its token, validates the input and builds the RequestContext; this
 * runs it. A batch operation (BatchOperation) is prepared here, so its 4xx
 * comes before any transaction, and joins the next group commit; any other
 * operation runs through its own `execute`. Failures are the kernel's
 * errors (AppError), for each adapter to render.
 *
 * Inside an open unit of work (the fields of a keyed GraphQL mutation share
 * the key's transaction) a batch operation runs alone in that transaction:
 * a group commit runs in a transaction of its own, which would neither
 * commit with the key nor, on the memory store, get past this one's lock.
 */
export class OperationInvoker {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly idempotency: IdempotencyGuard,
    private readonly batches: BatchRunner,
  ) {}

  /** Runs the operation as the caller and answers its value. */
  async invoke<I, O>(operation: Operation<I, O>, input: I, ctx: RequestContext): Promise<O> {
    if (isOutboundOperation(operation) && this.unitOfWork.inTransaction()) throw new OutboundInTransaction();
    if (isBatchOperation(operation) && !this.unitOfWork.inTransaction()) {
      return this.batches.run<O>(operation, operation.batch.prepare(input, ctx));
    }
    return operation.execute(input, ctx);
  }

  /**
   * Runs the operation at most once per Idempotency-Key: `render` turns its
   * value into the response saved with the key in the operation's own unit
   * of work; a retry gets the saved response, replayed.
   */
  async invokeKeyed<I, O>(
    operation: Operation<I, O>,
    input: I,
    ctx: RequestContext,
    keyed: KeyedRequest,
    render: (value: O) => RenderedResponse,
  ): Promise<IdempotentOutcome> {
    if (isBatchOperation(operation) && !this.unitOfWork.inTransaction()) {
      return this.batches.runKeyed(operation, operation.batch.prepare(input, ctx), keyed, render as (value: unknown) => RenderedResponse);
    }
    const work = async () => render(await operation.execute(input, ctx));
    return isOutboundOperation(operation) ? this.outside(keyed, work) : this.once(keyed, work);
  }

  /**
   * Runs `work`, which may invoke several operations (the fields of a keyed
   * GraphQL mutation), at most once per Idempotency-Key and in one unit of
   * work with the key's lock, lookup and saved response. An error `work`
   * throws rolls everything back and leaves the key free; a cause the store
   * retries (a deadlock on PostgreSQL) runs `work` again.
   */
  once(keyed: KeyedRequest, work: () => Promise<RenderedResponse>): Promise<IdempotentOutcome> {
    return this.idempotency.run({ ...keyed, execute: work });
  }

  /**
   * Runs `work` at most once per Idempotency-Key without holding a unit of
   * work around it: for work that runs an operation calling out
   * (kernel/contract/outbound.ts), which applies itself at most once per key.
   * A keyed GraphQL mutation whose `once` met such an operation
   * (OutboundInTransaction, nothing committed) runs again through here.
   */
  outside(keyed: KeyedRequest, work: () => Promise<RenderedResponse>): Promise<IdempotentOutcome> {
    return this.idempotency.runOutside({ ...keyed, execute: work });
  }
}

/**
 * An operation that calls out was invoked inside an open unit of work (a
 * keyed GraphQL mutation's fields share the key's): the work is abandoned,
 * rolled back, and runs again outside (OperationInvoker.outside).
 */
export class OutboundInTransaction extends Error {
  constructor() {
    super('An operation that calls out cannot run inside a unit of work.');
  }
}

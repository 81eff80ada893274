import type { Tx, UnitOfWork } from '../../ports/unit-of-work.js';
import type { RequestContext } from './context.js';
import type { Outcome } from './outcome.js';
import { unwrap } from './outcome.js';
import type { Operation } from './route.js';

/**
 * An operation that can run many requests in one database transaction
 * (group commit). `prepare` checks one request outside any transaction and
 * throws its 4xx; `execute` runs prepared commands in submission order, as
 * if one after another, with set-based statements, and answers one outcome
 * per command: one command's refusal (insufficient funds, an unknown
 * account) never affects the others. The operation's own `execute(input, ctx)`
 * is a batch of one (runAlone), so both paths are the same code. Driving
 * adapters never call either directly: the edge's invoker submits requests to
 * the group commit, and uses `execute` only inside an open unit of work.
 */
export interface BatchOperation<I = any, O = any, C = any> extends Operation<I, O> {
  readonly batch: {
    prepare(input: I, ctx: RequestContext): C;
    execute(tx: Tx, commands: readonly C[]): Promise<Outcome<O>[]>;
  };
}

export function isBatchOperation(operation: Operation): operation is BatchOperation {
  const batch = (operation as Partial<BatchOperation>).batch;
  return typeof batch?.prepare === 'function' && typeof batch.execute === 'function';
}

/** One request as a batch of one, in the caller's unit of work (joined when one is open). */
export async function runAlone<I, O, C>(operation: BatchOperation<I, O, C>, uow: UnitOfWork, input: I, ctx: RequestContext): Promise<O> {
  const command = operation.batch.prepare(input, ctx);
  const [outcome] = await uow.run((tx) => operation.batch.execute(tx, [command]));
  return unwrap(outcome!);
}

import sinon from 'sinon';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { BatchOperation } from '../../kernel/contract/batch.js';
import type { RequestContext } from '../../kernel/contract/context.js';
import { refused, succeeded } from '../../kernel/contract/outcome.js';
import { BusinessRuleError } from '../../kernel/errors/index.js';
import { openStore } from '../open-store.js';
import type { StoreBundle } from '../store.js';
import type { OutboundOperation } from '../../kernel/contract/outbound.js';
import { createEdge, type Edge } from './edge.js';
import type { KeyedRequest } from './idempotency.js';
import { OutboundInTransaction } from './invoke-operation.js';

/**
 * The invoker over the memory store with a batch operation that doubles
 * numbers (and refuses negative ones): group commit, the keyed requests of a
 * batch, and the way a batch operation runs inside an open unit of work.
 */
const test = suite('edge: operation invoker');
const context: RequestContext = {
  actor: { kind: 'user', teamId: 'team-1', userId: 'user-1', apiKeyId: 'key-1', permissions: ['read', 'write'] },
  requestId: 'request-1',
};
let store: StoreBundle;
let edge: Edge;

const double: BatchOperation<{ n: number }, number, number> = {
  batch: {
    prepare: (input) => input.n,
    execute: async (_tx, commands) => commands.map((n) => (n < 0 ? refused(new BusinessRuleError('negative', 'No negative numbers.')) : succeeded(n * 2))),
  },
  execute: () => Promise.reject(new Error('the invoker runs batch operations through their batch')),
};

const keyed = (key: string, hash = 'hash-' + key): KeyedRequest => ({ teamId: 'team-1', apiKeyId: 'key-1', key, hash });
const render = (value: number) => ({ status: 201, body: JSON.stringify({ data: value }) });

test.before.each(async () => {
  store = await openStore({ kind: 'memory', clock: { now: () => new Date(0) }, ids: { uuid: () => 'id', timeOrdered: () => 'id' }, logger: { debug() {}, info() {}, warn() {}, error() {} } as never });
  await store.init();
  edge = createEdge({
    authenticator: { authenticate: () => Promise.reject(new Error('not used')) },
    idempotency: store.idempotency,
    unitOfWork: store.unitOfWork,
    clock: { now: () => new Date(0) },
    groupCommit: { maxBatch: 10, maxInFlight: 1 },
  });
});
test.after.each(async () => {
  sinon.restore();
  await store.close();
});

test('requests that arrive while a batch runs leave together; each keeps its own outcome', async () => {
  const execute = sinon.spy(double.batch, 'execute');
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const run = sinon.stub(store.unitOfWork, 'run').callsFake(async function (this: unknown, work) {
    if (run.callCount === 1) await held;
    return run.wrappedMethod.call(store.unitOfWork, work);
  });
  const first = edge.invoker.invoke(double, { n: 1 }, context);
  const waiting = [
    edge.invoker.invoke(double, { n: 2 }, context),
    edge.invoker.invoke(double, { n: -3 }, context).catch((error: unknown) => error),
    edge.invoker.invokeKeyed(double, { n: 4 }, context, keyed('k-4'), render),
  ];
  release();
  assert.is(await first, 2);
  const [two, refusal, four] = await Promise.all(waiting);
  assert.is(two, 4);
  assert.instance(refusal, BusinessRuleError, 'a refusal fails its own request only');
  assert.equal(four, { response: { status: 201, body: '{"data":8}' }, replayed: false });
  assert.is(run.callCount, 2, 'one unit of work for the first request, one for the three that waited');
  assert.equal(execute.secondCall.args[1], [2, -3, 4]);
});

test('a keyed request is answered from its saved response without running again; another request under the key is refused', async () => {
  const execute = sinon.spy(double.batch, 'execute');
  await edge.invoker.invokeKeyed(double, { n: 5 }, context, keyed('k-5'), render);
  const [replay, unkeyed] = await Promise.all([
    edge.invoker.invokeKeyed(double, { n: 5 }, context, keyed('k-5'), render),
    edge.invoker.invoke(double, { n: 6 }, context),
  ]);
  assert.equal(replay, { response: { status: 201, body: '{"data":10}' }, replayed: true });
  assert.is(unkeyed, 12);
  const reused = await edge.invoker.invokeKeyed(double, { n: 7 }, context, keyed('k-5', 'another request'), render).catch((error: unknown) => error);
  assert.is((reused as { code?: string }).code, 'idempotency_key_reused');
  assert.equal(
    execute.getCalls().flatMap((call) => call.args[1]),
    [5, 6],
    'the replayed and the refused requests never reached the operation',
  );
});

test('inside an open unit of work a batch operation runs alone in it, through its own execute', async () => {
  const alone = sinon.stub(double, 'execute').resolves(42);
  const value = await store.unitOfWork.run(() => edge.invoker.invoke(double, { n: 1 }, context));
  assert.is(value, 42);
  assert.is(alone.callCount, 1);
});

/** Stands for POST /x402/pay: it calls out, so it must find no transaction open around it. */
const callingOut = (inTransaction: () => boolean): OutboundOperation<{ n: number }, number> => ({
  callsOut: true,
  execute: async (input) => {
    assert.not.ok(inTransaction(), 'an operation that calls out runs outside any unit of work');
    return input.n + 1;
  },
});

test('a keyed operation that calls out runs between two units of work, not inside one; its answer is saved and replayed', async () => {
  const operation = callingOut(() => store.unitOfWork.inTransaction());
  const execute = sinon.spy(operation, 'execute');
  const first = await edge.invoker.invokeKeyed(operation, { n: 1 }, context, keyed('k-out'), render);
  assert.equal(first, { response: { status: 201, body: '{"data":2}' }, replayed: false });
  const again = await edge.invoker.invokeKeyed(operation, { n: 1 }, context, keyed('k-out'), render);
  assert.equal(again, { response: { status: 201, body: '{"data":2}' }, replayed: true });
  assert.is(execute.callCount, 1);
  const reused = await edge.invoker.invokeKeyed(operation, { n: 9 }, context, keyed('k-out', 'another request'), render).catch((error: unknown) => error);
  assert.is((reused as { code?: string }).code, 'idempotency_key_reused');
});

test('an operation that calls out, reached inside an open unit of work, abandons it; the same work runs again outside and is saved once', async () => {
  const operation = callingOut(() => store.unitOfWork.inTransaction());
  const inside = await store.unitOfWork.run(() => edge.invoker.invoke(operation, { n: 1 }, context)).catch((error: unknown) => error);
  assert.instance(inside, OutboundInTransaction);
  const work = async () => render(await edge.invoker.invoke(operation, { n: 4 }, context));
  const outside = await edge.invoker.outside(keyed('k-graphql'), work);
  assert.equal([outside.response.body, outside.replayed], ['{"data":5}', false]);
  assert.is((await edge.invoker.outside(keyed('k-graphql'), work)).replayed, true);
});

test.run();

import { execute, parse, type ExecutionResult } from 'graphql';
import sinon from 'sinon';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { runCommand } from '../../adapters/cli/run-command.js';
import { kernelEdge } from '../../adapters/edge/kernel-edge.js';
import { operationInputValidators } from '../../adapters/edge/operation-input.js';
import { graphqlContext } from '../../adapters/graphql/context.js';
import { composeSchema } from '../../adapters/graphql/schema.js';
import type { StoreKind } from '../../adapters/store.js';
import type { BatchOperation } from '../../kernel/contract/batch.js';
import type { Actor } from '../../kernel/contract/context.js';
import type { Token } from '../../kernel/contract/token.js';
import { CreateTransfer } from '../../plugins/core-banking/operations.js';
import { Authenticator } from '../../ports/authenticator.js';
import { EventStream } from '../../ports/event-stream.js';
import { OperatorKeys } from '../../ports/operator-keys.js';
import type { TestUser } from '../fixtures/boot.js';
import { bootGraphql, data, until, type GraphqlKernel } from './graphql-kit.js';

/**
 * Every driving adapter enters an operation through the edge's one invoker:
 * GraphQL mutations of a batch operation join the same group commit as REST
 * (they used to run alone), a keyed mutation runs its batch operation inside
 * the key's transaction, and REST and the CLI call the same invoker.
 */
const stores: StoreKind[] = process.env.DATABASE_URL ? ['memory', 'postgres'] : ['memory'];
const TRANSFER = 'mutation($from: ID!, $to: ID!) { createTransfer(input: {from_account: $from, to_account: $to, amount: "1.00", asset_code: "USD"}) { uuid amount } }';

for (const store of stores) {
  const test = suite(`one entry path (${store})`);
  let g: GraphqlKernel;
  let ada: TestUser;
  let from: string;
  let to: string;

  test.before(async () => {
    g = await bootGraphql({ store, modules: ['identity', 'core-banking'], rateLimits: false });
    ada = await g.createUser('Ada');
    const account = async (): Promise<string> => (await data(g, 'mutation { createAccount(input: {name: "main"}) { id } }', undefined, ada.key)).createAccount.id;
    from = await account();
    to = await account();
    await data(g, 'mutation($id: ID!) { deposit(input: {account_id: $id, amount: "100.00", asset_code: "USD"}) { uuid } }', { id: from }, ada.key);
  });
  test.after.each(() => {
    sinon.restore();
  });
  test.after(async () => {
    await g?.close();
  });

  test('createTransfer mutations that arrive while a batch runs share the next unit of work', async () => {
    const kernel = g.k.kernel;
    const transfer = kernel.get(CreateTransfer) as BatchOperation;
    // Executed without HTTP: on the memory store authenticating a request reads under the lock the held batch keeps.
    const actor: Actor = await kernel.get(Authenticator).authenticate(ada.key, '127.0.0.1');
    const invoker = kernelEdge(kernel).invoker;
    const validators = operationInputValidators(kernel.routes, kernel.operationInputs);
    const runtime = { resolve: kernel.get, validatorOf: (token: Token<unknown>) => validators.get(token), accessOf: () => undefined, routesOf: () => [], events: kernel.get(EventStream), invoker };
    const schema = composeSchema(kernel.graphql);
    const document = parse(TRANSFER);
    const mutate = (n: number) =>
      execute({ schema, document, variableValues: { from, to }, contextValue: graphqlContext(runtime, { actor, requestId: `group-${n}` }) }) as Promise<ExecutionResult>;

    const invoke = sinon.spy(invoker, 'invoke');
    const original = transfer.batch.execute;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const batches = sinon.stub(transfer.batch, 'execute').callsFake(async (tx, commands) => {
      if (batches.callCount === 1) await held;
      return original(tx, commands);
    });

    const first = mutate(1);
    let others: Promise<ExecutionResult>[] = [];
    try {
      await until(() => batches.callCount === 1, () => 'the first transfer never reached its batch');
      others = [mutate(2), mutate(3)];
      await until(() => invoke.callCount === 3, () => `only ${invoke.callCount} of 3 mutations reached the invoker`);
    } finally {
      release();
    }
    const results = await Promise.all([first, ...others]);
    for (const result of results) assert.is(result.errors, undefined, JSON.stringify(result.errors));
    assert.is(batches.callCount, 2, 'the two waiting mutations left together');
    assert.is(batches.secondCall.args[1].length, 2);
    assert.is(new Set(results.map((result) => (result.data as any).createTransfer.uuid)).size, 3);
  });

  test('a keyed createTransfer mutation runs inside the key’s transaction, once', async () => {
    const transfer = g.k.kernel.get(CreateTransfer) as BatchOperation;
    const batches = sinon.spy(transfer.batch, 'execute');
    const send = () => g.request('POST', '/api/graphql', { key: ada.key, headers: { 'Idempotency-Key': 'transfer-1' }, body: { query: TRANSFER, variables: { from, to } } });
    const first = await send();
    assert.is(first.status, 200);
    assert.is(first.body.errors, undefined, JSON.stringify(first.body));
    const replay = await send();
    assert.is(replay.headers.get('idempotent-replayed'), 'true');
    assert.equal(replay.body, first.body);
    assert.is(batches.callCount, 1);
  });

  test('GraphQL resolvers, REST routes and CLI commands call the one invoker of the kernel', async () => {
    const kernel = g.k.kernel;
    const invoke = sinon.spy(kernelEdge(kernel).invoker, 'invoke');
    await data(g, TRANSFER, { from, to }, ada.key);
    assert.is(invoke.callCount, 1);
    assert.is(invoke.firstCall.args[0], kernel.get(CreateTransfer));
    const rest = await g.request('POST', '/api/v2/transfers', { key: ada.key, body: { from_account: from, to_account: to, amount: '1.00', asset_code: 'USD' } });
    assert.is(rest.status, 201, JSON.stringify(rest.body));
    assert.is(invoke.callCount, 2);
    assert.is(invoke.secondCall.args[0], kernel.get(CreateTransfer));

    const { teamId: operatorTeam } = await kernel.get(OperatorKeys).ensureOperator();
    const listed = await runCommand(kernel, ['accounts', 'list', '--team', ada.teamId], operatorTeam);
    assert.is(listed.exitCode, 0, listed.stderr);
    assert.is(invoke.callCount, 3);
    const command = kernel.commands.find(({ command }) => command.name === 'accounts list')!.command;
    assert.is(invoke.thirdCall.args[0], kernel.get(command.operation));
    assert.is(invoke.thirdCall.args[2].actor.teamId, ada.teamId);
  });

  test.run();
}

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { BankApiError, createBankClient, dataOf, type BankClient, type Schemas } from '@open-bank/client';
import { assertConservation } from '../fixtures/conservation.js';
import { bootTestKernel, type TestKernel } from '../fixtures/boot.js';

/**
 * The README's "A first session with curl", step by step, through the typed
 * client package (clients/typescript) over real HTTP on 127.0.0.1: the
 * operator creates a user, the user opens two accounts, deposits, transfers,
 * and the figures the README promises come back. The test is compiled by
 * tsc against the generated schema, so a path, a body field or an answer
 * field the API does not have fails the build (see `compileTimeChecks`).
 */
let k: TestKernel;
let operator: BankClient;

test.before(async () => {
  k = await bootTestKernel();
  operator = createBankClient({ baseUrl: k.url, apiKey: k.operatorKey });
});
test.after(async () => {
  await k?.close();
});

const usd = (balances: Schemas['AccountBalances']) => balances.balances.find((row) => row.asset_code === 'USD');

test("the README's first session: health, a user, two accounts, a deposit, a transfer, balances before and after settlement", async () => {
  const health = await operator.GET('/api/health');
  assert.is(health.response.status, 200);

  // The operator creates a user (and their team); the answer shows the user's key once.
  const created = await dataOf(operator.POST('/api/v2/admin/users', { body: { name: 'Ada', email: 'ada@example.com', team_name: 'Ada Ltd' } }));
  assert.is(created.user.name, 'Ada');
  assert.match(created.api_key.key, /^fak_/);
  const ada = createBankClient({ baseUrl: `${k.url}/`, apiKey: created.api_key.key });

  // Two accounts, a deposit, a transfer.
  const main = await dataOf(ada.POST('/api/v2/accounts', { body: { name: 'Main', type: 'personal' } }));
  const savings = await dataOf(ada.POST('/api/v2/accounts', { body: { name: 'Savings', type: 'savings' } }));
  assert.is(main.type, 'personal');
  assert.is(savings.type, 'savings');

  const depositOnce = () =>
    ada.POST('/api/v2/accounts/{id}/deposit', {
      params: { path: { id: main.uuid }, header: { 'Idempotency-Key': 'dep-1' } },
      body: { amount: '100.00', asset_code: 'USD' },
    });
  const deposit = await depositOnce();
  assert.is(deposit.response.status, 201);
  assert.is(deposit.data?.data.amount, '100.00');
  // The same Idempotency-Key replays the first answer: one deposit, not two.
  const replay = await depositOnce();
  assert.is(replay.response.headers.get('Idempotent-Replayed'), 'true');
  assert.is(replay.data?.data.uuid, deposit.data?.data.uuid);

  const transfer = await dataOf(
    ada.POST('/api/v2/transfers', {
      body: { from_account: main.uuid, to_account: savings.uuid, amount: '25.00', asset_code: 'USD', workflow_enabled: true },
    }),
  );
  assert.is(transfer.status, 'pending');
  assert.is(transfer.fees.transfer_fee, '0.03');
  assert.type(transfer.workflow_id, 'string');

  const reserved = usd(await dataOf(ada.GET('/api/v2/accounts/{id}/balances', { params: { path: { id: main.uuid } } })));
  assert.equal(reserved, { asset_code: 'USD', chain: null, available_balance: '74.97', reserved_balance: '25.03', total_balance: '100.00' });

  // "About two seconds later": the test moves the manual clock and runs the due workflow steps.
  k.clock.advance(60_000);
  await k.runWorkflows();
  const settled = await dataOf(ada.GET('/api/v2/transfers/{id}', { params: { path: { id: transfer.uuid } } }));
  assert.is(settled.status, 'completed');
  const sender = usd(await dataOf(ada.GET('/api/v2/accounts/{id}/balances', { params: { path: { id: main.uuid } } })));
  const receiver = usd(await dataOf(ada.GET('/api/v2/accounts/{id}/balances', { params: { path: { id: savings.uuid } } })));
  assert.equal(sender, { asset_code: 'USD', chain: null, available_balance: '74.97', reserved_balance: '0.00', total_balance: '74.97' });
  assert.equal(receiver, { asset_code: 'USD', chain: null, available_balance: '25.00', reserved_balance: '0.00', total_balance: '25.00' });

  // Conservation, as the operator's audit reports it: 74.97 + 25.00 held, 0.03 in fees, 100.00 came in.
  const audit = await dataOf(operator.GET('/api/v2/admin/ledger/audit'));
  assert.ok(audit.ok, audit.problems.join('; '));
  const team = audit.totals.find((row) => row.team_id === created.user.team_id && row.asset_code === 'USD');
  assert.is(team?.customer_balances, '99.97');
  assert.is(team?.deposits_minus_withdrawals, '100.00');
  assert.is(team?.system_accounts['system:fees'], '0.03');
  await assertConservation(k);

  // A withdrawal of more than is available answers 422 insufficient_funds, as the typed error envelope, and changes nothing.
  const overdraw = await ada.POST('/api/v2/accounts/{id}/withdraw', {
    params: { path: { id: main.uuid } },
    body: { amount: '80.00', asset_code: 'USD' },
  });
  assert.is(overdraw.response.status, 422);
  assert.is(overdraw.data, undefined);
  assert.is(overdraw.error?.errors[0]?.code, 'insufficient_funds');
  assert.is(overdraw.error?.errors[0]?.status, 422);
  const unchanged = usd(await dataOf(ada.GET('/api/v2/accounts/{id}/balances', { params: { path: { id: main.uuid } } })));
  assert.equal(unchanged, sender);
});

test("a 4xx comes back as the typed error envelope (BankApiError from dataOf): validation pointers, another team's account, no key", async () => {
  const bob = createBankClient({ baseUrl: k.url, apiKey: (await k.createUser('Bob')).key });
  const carolKey = (await k.createUser('Carol')).key;
  const carol = createBankClient({ baseUrl: k.url, apiKey: carolKey });
  const account = await dataOf(bob.POST('/api/v2/accounts', { body: { name: 'Main', type: 'personal' } }));

  const invalid = await dataOf(bob.POST('/api/v2/accounts/{id}/deposit', { params: { path: { id: account.uuid } }, body: { amount: '1.234', asset_code: 'USD' } })).then(
    () => assert.unreachable('an amount finer than the asset precision was accepted'),
    (error: unknown) => error,
  );
  assert.instance(invalid, BankApiError);
  const validation = invalid as BankApiError;
  assert.is(validation.status, 422);
  assert.ok(validation.errors.some((error) => error.source?.pointer === '/amount'), JSON.stringify(validation.errors));
  assert.match(validation.requestId ?? '', /.+/);

  // Another team's account is not there for Carol.
  const hidden = await carol.GET('/api/v2/accounts/{id}', { params: { path: { id: account.uuid } } });
  assert.is(hidden.response.status, 404);
  assert.is(hidden.error?.errors[0]?.code, 'not_found');

  // No key: 401. A request's own Authorization header wins over the client's key.
  const anonymous = createBankClient({ baseUrl: k.url });
  const refused = await anonymous.GET('/api/v2/accounts');
  assert.is(refused.response.status, 401);
  assert.is(refused.error?.errors[0]?.status, 401);
  assert.is((await dataOf(anonymous.GET('/api/v2/accounts', { headers: { Authorization: `Bearer ${carolKey}` } }))).length, 0);
  assert.equal((await dataOf(bob.GET('/api/v2/accounts'))).map((row) => row.uuid), [account.uuid]);
  assert.equal((await dataOf(bob.GET('/api/v2/accounts', { headers: { Authorization: `Bearer ${carolKey}` } }))).map((row) => row.uuid), []);
});

/**
 * Never run: each line is a mistake the generated types must refuse. If the
 * schema lost its precision (a path or a body typed as any), the directive
 * would be unused and the build would fail.
 */
function compileTimeChecks(client: BankClient): void {
  // @ts-expect-error no such path
  void client.GET('/api/v2/no-such-path');
  // @ts-expect-error a transfer needs its amount
  void client.POST('/api/v2/transfers', { body: { from_account: 'a', to_account: 'b', asset_code: 'USD' } });
  // @ts-expect-error an amount is a decimal string, never a number
  void client.POST('/api/v2/accounts/{id}/deposit', { params: { path: { id: 'a' } }, body: { amount: 100, asset_code: 'USD' } });
  // @ts-expect-error the path parameter is required
  void client.GET('/api/v2/transfers/{id}');
  void client.GET('/api/v2/transfers/{id}', { params: { path: { id: 'a' } } }).then(({ data }) => {
    // @ts-expect-error a transfer has no such field
    void data?.data.balance;
  });
}
void compileTimeChecks;

test.run();

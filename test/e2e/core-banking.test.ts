import sinon from 'sinon';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { StoreKind } from '../../adapters/store.js';
import { LedgerAudit } from '../../plugins/core-banking/ports.js';
import { EventStore } from '../../ports/event-store.js';
import { assertConservation } from '../fixtures/conservation.js';
import { bootTestKernel, type TestKernel, type TestUser } from '../fixtures/boot.js';

/**
 * The spec's Core banking table over real HTTP, on the memory store, on
 * PGlite (the embedded default) and on PostgreSQL when DATABASE_URL is set,
 * with conservation checked after every
 * scenario. Settlement runs when the test moves the manual clock and calls
 * runWorkflows(), so nothing here waits on real time.
 */
const stores: StoreKind[] = process.env.DATABASE_URL ? ['memory', 'pglite', 'postgres'] : ['memory', 'pglite'];

for (const store of stores) {
  const test = suite(`core banking e2e (${store})`);
  let k: TestKernel;
  let ada: TestUser;
  let bob: TestUser;
  let n = 0;

  test.before(async () => {
    k = await bootTestKernel({ store, modules: ['core-banking'] });
  });
  test.before.each(async () => {
    n += 1;
    ada = await k.createUser(`Ada ${n}`);
    bob = await k.createUser(`Bob ${n}`);
  });
  test.after.each(async () => {
    await assertConservation(k);
  });
  test.after(async () => {
    await k?.close();
  });

  const codes = (body: any): string[] => (body?.errors ?? []).map((error: { code: string }) => error.code);
  const pointers = (body: any): string[] => (body?.errors ?? []).map((error: any) => error.source?.pointer);

  async function open(owner: TestUser, name = 'Main', metadata: Record<string, unknown> = {}): Promise<any> {
    const response = await k.request('POST', '/api/v2/accounts', { key: owner.key, body: { name, type: 'personal', metadata } });
    assert.is(response.status, 201, JSON.stringify(response.body));
    return response.body.data;
  }

  async function deposit(owner: TestUser, account: string, amount: string, asset_code = 'USD'): Promise<any> {
    const response = await k.request('POST', `/api/v2/accounts/${account}/deposit`, { key: owner.key, body: { amount, asset_code } });
    assert.is(response.status, 201, JSON.stringify(response.body));
    return response.body.data;
  }

  async function balance(owner: TestUser, account: string, asset = 'USD'): Promise<any> {
    const response = await k.request('GET', `/api/v2/accounts/${account}/balances`, { key: owner.key });
    assert.is(response.status, 200);
    return response.body.data.balances.find((row: any) => row.asset_code === asset);
  }

  async function settle(): Promise<void> {
    k.clock.advance(60_000);
    await k.runWorkflows();
  }

  test('an account has exactly the spec fields; the list holds only the caller team', async () => {
    const account = await open(ada, 'Savings', { purpose: 'rainy day' });
    assert.equal(Object.keys(account).sort(), ['created_at', 'metadata', 'name', 'status', 'type', 'uuid']);
    assert.is(account.status, 'active');
    assert.equal(account.metadata, { purpose: 'rainy day' });
    await open(bob, 'Other');
    const list = await k.request('GET', '/api/v2/accounts', { key: ada.key });
    assert.is(list.status, 200);
    assert.equal(list.body.data.map((a: any) => a.uuid), [account.uuid]);
    assert.is(list.body.meta.total, 1);
    const detail = await k.request('GET', `/api/v2/accounts/${account.uuid}`, { key: ada.key });
    assert.is(detail.body.data.uuid, account.uuid);
  });

  test("another team's account is 404 for every read and write, and nothing changes", async () => {
    const account = await open(ada);
    await deposit(ada, account.uuid, '50.00');
    const paths: Array<[string, string, unknown?]> = [
      ['GET', `/api/v2/accounts/${account.uuid}`],
      ['GET', `/api/v2/accounts/${account.uuid}/balances`],
      ['GET', `/api/v2/accounts/${account.uuid}/transactions`],
      ['GET', `/api/v2/accounts/${account.uuid}/transfers`],
      ['POST', `/api/v2/accounts/${account.uuid}/deposit`, { amount: '1.00', asset_code: 'USD' }],
      ['POST', `/api/v2/accounts/${account.uuid}/withdraw`, { amount: '1.00', asset_code: 'USD' }],
      ['POST', `/api/v2/accounts/${account.uuid}/freeze`, {}],
      ['DELETE', `/api/v2/accounts/${account.uuid}`],
    ];
    for (const [method, path, body] of paths) {
      const response = await k.request(method, path, { key: bob.key, body });
      assert.is(response.status, 404, `${method} ${path}: ${JSON.stringify(response.body)}`);
      assert.not.match(JSON.stringify(response.body), '50.00');
    }
    const bobs = await open(bob);
    const stolen = await k.request('POST', '/api/v2/transfers', {
      key: bob.key,
      body: { from_account: account.uuid, to_account: bobs.uuid, amount: '10.00', asset_code: 'USD' },
    });
    assert.is(stolen.status, 404);
    assert.is((await balance(ada, account.uuid)).available_balance, '50.00');
  });

  test('deposit and withdraw answer 201 with the completed transaction and balance_after', async () => {
    const account = await open(ada);
    const first = await deposit(ada, account.uuid, '100.00');
    assert.equal(Object.keys(first).sort(), [
      'account_uuid',
      'amount',
      'asset_code',
      'balance_after',
      'chain',
      'completed_at',
      'created_at',
      'reference',
      'status',
      'type',
      'uuid',
    ]);
    assert.equal([first.type, first.status, first.amount, first.balance_after], ['deposit', 'completed', '100.00', '100.00']);
    const out = await k.request('POST', `/api/v2/accounts/${account.uuid}/withdraw`, {
      key: ada.key,
      body: { amount: '30.25', asset_code: 'USD', reference: 'atm' },
    });
    assert.is(out.status, 201);
    assert.equal([out.body.data.type, out.body.data.balance_after, out.body.data.reference], ['withdrawal', '69.75', 'atm']);
    assert.equal(await balance(ada, account.uuid), {
      asset_code: 'USD',
      chain: null,
      available_balance: '69.75',
      reserved_balance: '0.00',
      total_balance: '69.75',
    });
  });

  test('an overdraft is 422 insufficient_funds and changes nothing', async () => {
    const account = await open(ada);
    await deposit(ada, account.uuid, '10.00');
    const before = await k.get(EventStore).head();
    const response = await k.request('POST', `/api/v2/accounts/${account.uuid}/withdraw`, {
      key: ada.key,
      body: { amount: '10.01', asset_code: 'USD' },
    });
    assert.is(response.status, 422);
    assert.equal(codes(response.body), ['insufficient_funds']);
    assert.is(await k.get(EventStore).head(), before);
    assert.is((await balance(ada, account.uuid)).available_balance, '10.00');
    const list = await k.request('GET', `/api/v2/accounts/${account.uuid}/transactions`, { key: ada.key });
    assert.is(list.body.meta.total, 1);
  });

  test('bad amounts and assets are 422 with a field pointer and change nothing', async () => {
    const account = await open(ada);
    await deposit(ada, account.uuid, '5.00');
    const before = await k.get(EventStore).head();
    const bad: Array<[unknown, unknown, string]> = [
      ['1.001', 'USD', '/amount'],
      ['-1.00', 'USD', '/amount'],
      ['0.00', 'USD', '/amount'],
      ['0', 'USD', '/amount'],
      ['1e2', 'USD', '/amount'],
      [100, 'USD', '/amount'],
      ['1.5', 'JPY', '/amount'],
      ['1.00', 'XYZ', '/asset_code'],
      ['', 'USD', '/amount'],
      [' 1.00', 'USD', '/amount'],
      ['1,000.00', 'USD', '/amount'],
      ['0.0000000000000000001', 'ETH', '/amount'],
    ];
    for (const [amount, asset_code, pointer] of bad) {
      for (const path of ['deposit', 'withdraw']) {
        const response = await k.request('POST', `/api/v2/accounts/${account.uuid}/${path}`, { key: ada.key, body: { amount, asset_code } });
        assert.is(response.status, 422, `${path} ${JSON.stringify(amount)} ${asset_code}: ${JSON.stringify(response.body)}`);
        assert.ok(pointers(response.body).includes(pointer), `${JSON.stringify(amount)}: ${JSON.stringify(response.body)}`);
      }
    }
    const transfer = await k.request('POST', '/api/v2/transfers', {
      key: ada.key,
      body: { from_account: account.uuid, to_account: account.uuid, amount: '1.00', asset_code: 'USD' },
    });
    assert.is(transfer.status, 422);
    assert.is(await k.get(EventStore).head(), before);
    assert.is((await balance(ada, account.uuid)).available_balance, '5.00');
  });

  test('basket units cannot be deposited or withdrawn, only composed', async () => {
    const account = await open(ada);
    for (const path of ['deposit', 'withdraw']) {
      const response = await k.request('POST', `/api/v2/accounts/${account.uuid}/${path}`, { key: ada.key, body: { amount: '1.0000', asset_code: 'GCU' } });
      assert.is(response.status, 422);
      assert.equal(codes(response.body), ['basket_asset']);
      assert.is(response.body.errors[0].source.pointer, '/asset_code');
    }
  });

  test('assets keep their own precision: JPY whole, BTC 8, ETH 18 decimals', async () => {
    const account = await open(ada);
    assert.is((await deposit(ada, account.uuid, '1500', 'JPY')).balance_after, '1500');
    assert.is((await deposit(ada, account.uuid, '0.00000001', 'BTC')).balance_after, '0.00000001');
    const wei = await deposit(ada, account.uuid, '1.000000000000000001', 'ETH');
    assert.is(wei.balance_after, '1.000000000000000001');
    const response = await k.request('GET', `/api/v2/accounts/${account.uuid}/balances`, { key: ada.key });
    assert.is(response.body.data.account_uuid, account.uuid);
    assert.is(response.body.data.summary.total_assets, 3);
    assert.match(response.body.data.summary.total_usd_equivalent, /^\d{1,3}(,\d{3})*\.\d{2}$/);
  });

  test('the USD equivalent sums balances through the price port with a thousands separator', async () => {
    const account = await open(ada);
    await deposit(ada, account.uuid, '12345.67');
    const response = await k.request('GET', `/api/v2/accounts/${account.uuid}/balances`, { key: ada.key });
    assert.equal(response.body.data.summary, { total_assets: 1, total_usd_equivalent: '12,345.67' });
  });

  test('a transfer reserves at once, settles later, books its fee, and emits workflow events', async () => {
    const from = await open(ada, 'From');
    const to = await open(ada, 'To');
    await deposit(ada, from.uuid, '1000.00');
    const response = await k.request('POST', '/api/v2/transfers', {
      key: ada.key,
      body: {
        from_account: from.uuid,
        to_account: to.uuid,
        amount: '200.00',
        asset_code: 'USD',
        reference: 'rent',
        workflow_enabled: true,
        metadata: { invoice: 42 },
        routing: 'instant',
      },
    });
    assert.is(response.status, 201, JSON.stringify(response.body));
    const transfer = response.body.data;
    assert.is(transfer.status, 'pending');
    assert.ok(transfer.workflow_id);
    assert.equal(transfer.fees, { transfer_fee: '0.20', currency: 'USD' });
    assert.equal(transfer.metadata, { invoice: 42 });
    assert.ok(Date.parse(transfer.estimated_completion) > Date.parse(transfer.created_at));
    assert.equal(await balance(ada, from.uuid), {
      asset_code: 'USD',
      chain: null,
      available_balance: '799.80',
      reserved_balance: '200.20',
      total_balance: '1000.00',
    });
    const spend = await k.request('POST', `/api/v2/accounts/${from.uuid}/withdraw`, { key: ada.key, body: { amount: '800.00', asset_code: 'USD' } });
    assert.is(spend.status, 422, 'the reserved amount cannot be spent twice');

    await settle();
    const settled = await k.request('GET', `/api/v2/transfers/${transfer.uuid}`, { key: ada.key });
    assert.is(settled.body.data.status, 'completed');
    assert.equal(await balance(ada, from.uuid), {
      asset_code: 'USD',
      chain: null,
      available_balance: '799.80',
      reserved_balance: '0.00',
      total_balance: '799.80',
    });
    assert.is((await balance(ada, to.uuid)).available_balance, '200.00');
    const report = await assertConservation(k);
    const usd = report.totals.find((row) => row.teamId === ada.teamId && row.assetCode === 'USD')!;
    assert.is(usd.system['system:fees'], 20n);

    const events = (await k.get(EventStore).readAfter(0n, 10_000)).filter((event) => event.teamId === ada.teamId);
    const types = events.map((event) => event.type);
    for (const type of ['transfer.created', 'transfer.pending', 'transfer.completed', 'workflow.started', 'workflow.step_completed', 'workflow.completed']) {
      assert.ok(types.includes(type), `missing ${type} in ${types.join(',')}`);
    }
    const history = await k.request('GET', `/api/v2/accounts/${to.uuid}/transfers`, { key: ada.key });
    assert.equal(history.body.data.map((t: any) => t.uuid), [transfer.uuid]);
    const received = await k.request('GET', `/api/v2/accounts/${to.uuid}/transactions`, { key: ada.key });
    assert.equal(received.body.data.map((t: any) => [t.type, t.status, t.balance_after]), [['transfer', 'completed', '200.00']]);
  });

  test('without workflow_enabled there is no workflow_id and no workflow events', async () => {
    const from = await open(ada, 'From');
    const to = await open(ada, 'To');
    await deposit(ada, from.uuid, '10.00');
    const head = await k.get(EventStore).head();
    const response = await k.request('POST', '/api/v2/transfers', {
      key: ada.key,
      body: { from_account: from.uuid, to_account: to.uuid, amount: '1.00', asset_code: 'USD' },
    });
    assert.is(response.status, 201);
    assert.is(response.body.data.workflow_id, undefined);
    await settle();
    const types = (await k.get(EventStore).readAfter(head, 1000)).map((event) => event.type);
    assert.ok(types.includes('transfer.completed'));
    assert.not.ok(types.some((type) => type.startsWith('workflow.')), types.join(','));
  });

  test('a transfer whose receiver is frozen before settlement is compensated: failed, reservation released', async () => {
    const from = await open(ada, 'From');
    const to = await open(ada, 'To');
    await deposit(ada, from.uuid, '100.00');
    const created = await k.request('POST', '/api/v2/transfers', {
      key: ada.key,
      body: { from_account: from.uuid, to_account: to.uuid, amount: '40.00', asset_code: 'USD', workflow_enabled: true },
    });
    assert.is(created.status, 201);
    const freeze = await k.request('POST', `/api/v2/accounts/${to.uuid}/freeze`, { key: ada.key, body: {} });
    assert.is(freeze.status, 200);
    assert.is(freeze.body.data.status, 'frozen');
    const head = await k.get(EventStore).head();
    await settle();
    const transfer = await k.request('GET', `/api/v2/transfers/${created.body.data.uuid}`, { key: ada.key });
    assert.is(transfer.body.data.status, 'failed');
    assert.equal(await balance(ada, from.uuid), {
      asset_code: 'USD',
      chain: null,
      available_balance: '100.00',
      reserved_balance: '0.00',
      total_balance: '100.00',
    });
    const types = (await k.get(EventStore).readAfter(head, 1000)).map((event) => event.type);
    for (const type of ['workflow.compensation_executed', 'workflow.failed', 'transfer.failed']) assert.ok(types.includes(type), types.join(','));
    const sent = await k.request('GET', `/api/v2/accounts/${from.uuid}/transactions?type=transfer`, { key: ada.key });
    assert.equal(sent.body.data.map((t: any) => t.status), ['failed']);
    const deposit2 = await k.request('POST', `/api/v2/accounts/${to.uuid}/deposit`, { key: ada.key, body: { amount: '1.00', asset_code: 'USD' } });
    assert.is(deposit2.status, 422, 'a frozen account receives nothing');
  });

  test('a transfer that cannot settle before its deadline expires and releases the reservation', async () => {
    const from = await open(ada, 'From');
    const to = await open(ada, 'To');
    await deposit(ada, from.uuid, '100.00');
    const created = await k.request('POST', '/api/v2/transfers', {
      key: ada.key,
      body: { from_account: from.uuid, to_account: to.uuid, amount: '40.00', asset_code: 'USD' },
    });
    k.clock.advance(2 * 86_400_000);
    await k.runWorkflows();
    const transfer = await k.request('GET', `/api/v2/transfers/${created.body.data.uuid}`, { key: ada.key });
    assert.is(transfer.body.data.status, 'expired');
    assert.is((await balance(ada, from.uuid)).available_balance, '100.00');
  });

  test('transaction lists page with meta and links, filter by type, status and dates, and sort', async () => {
    const account = await open(ada);
    const start = k.clock.now().getTime();
    for (let i = 1; i <= 25; i++) {
      await deposit(ada, account.uuid, `${i}.00`);
      k.clock.advance(1000);
    }
    await k.request('POST', `/api/v2/accounts/${account.uuid}/withdraw`, { key: ada.key, body: { amount: '1.00', asset_code: 'USD' } });
    const base = `/api/v2/accounts/${account.uuid}/transactions`;
    const first = await k.request('GET', `${base}?limit=10`, { key: ada.key });
    assert.is(first.status, 200);
    assert.equal(first.body.meta, { current_page: 1, last_page: 3, per_page: 10, total: 26, from: 1, to: 10 });
    assert.is(first.body.links.prev, null);
    assert.match(first.body.links.next, /page=2/);
    assert.match(first.body.links.last, /page=3/);
    assert.is(first.body.data[0].type, 'withdrawal', 'default sort is -created_at');
    const last = await k.request('GET', `${base}?limit=10&page=3`, { key: ada.key });
    assert.equal([last.body.meta.from, last.body.meta.to, last.body.links.next], [21, 26, null]);
    const deposits = await k.request('GET', `${base}?type=deposit&sort=amount&limit=100`, { key: ada.key });
    assert.is(deposits.body.data.length, 25);
    assert.equal(deposits.body.data.slice(0, 3).map((t: any) => t.amount), ['1.00', '2.00', '3.00']);
    const iso = (ms: number) => new Date(start + ms).toISOString();
    const window = await k.request('GET', `${base}?start_date=${iso(5000)}&end_date=${iso(9999)}&sort=amount`, { key: ada.key });
    assert.is(window.status, 200, JSON.stringify(window.body));
    assert.equal(window.body.data.map((t: any) => t.amount), ['6.00', '7.00', '8.00', '9.00', '10.00']);
    const all = await k.request('GET', `/api/v2/transactions?per_page=100&status=completed`, { key: ada.key });
    assert.is(all.body.meta.total, 26);
    for (const query of ['limit=101', 'limit=0', 'page=0', 'type=loan', 'status=done', 'sort=secret', 'start_date=yesterday']) {
      const response = await k.request('GET', `${base}?${query}`, { key: ada.key });
      assert.is(response.status, 422, `${query}: ${JSON.stringify(response.body)}`);
      assert.ok(response.body.errors[0].source?.parameter, query);
    }
  });

  test('close needs zero balances; a closed account takes no money', async () => {
    const account = await open(ada);
    await deposit(ada, account.uuid, '1.00');
    const refused = await k.request('DELETE', `/api/v2/accounts/${account.uuid}`, { key: ada.key });
    assert.is(refused.status, 422);
    assert.equal(codes(refused.body), ['account_not_empty']);
    await k.request('POST', `/api/v2/accounts/${account.uuid}/withdraw`, { key: ada.key, body: { amount: '1.00', asset_code: 'USD' } });
    const closed = await k.request('DELETE', `/api/v2/accounts/${account.uuid}`, { key: ada.key });
    assert.is(closed.status, 200);
    assert.is(closed.body.data.status, 'closed');
    const response = await k.request('POST', `/api/v2/accounts/${account.uuid}/deposit`, { key: ada.key, body: { amount: '1.00', asset_code: 'USD' } });
    assert.is(response.status, 422);
  });

  test('a replayed deposit with the same Idempotency-Key moves money once', async () => {
    const account = await open(ada);
    const send = () =>
      k.request('POST', `/api/v2/accounts/${account.uuid}/deposit`, {
        key: ada.key,
        body: { amount: '7.00', asset_code: 'USD' },
        headers: { 'idempotency-key': `dep-${n}` },
      });
    const first = await send();
    const second = await send();
    assert.equal([first.status, second.status], [201, 201]);
    assert.is(second.headers.get('idempotent-replayed'), 'true');
    assert.is(second.body.data.uuid, first.body.data.uuid);
    assert.is((await balance(ada, account.uuid)).available_balance, '7.00');
  });

  test('the operator ledger audit checks every team and shows its figures; a team key is refused', async () => {
    const account = await open(ada);
    await k.request('POST', `/api/v2/accounts/${account.uuid}/deposit`, { key: ada.key, body: { amount: '12.34', asset_code: 'USD' } });
    assert.is((await k.request('GET', '/api/v2/admin/ledger/audit', { key: ada.key })).status, 403);
    const audit = await k.request('GET', '/api/v2/admin/ledger/audit', { key: k.operatorKey });
    assert.is(audit.status, 200, JSON.stringify(audit.body));
    assert.equal([audit.body.data.ok, audit.body.data.problems], [true, []]);
    const usd = audit.body.data.totals.find((row: any) => row.team_id === ada.teamId && row.asset_code === 'USD');
    assert.equal(usd, { team_id: ada.teamId, asset_code: 'USD', chain: null, customer_balances: '12.34', deposits_minus_withdrawals: '12.34', system_accounts: { 'system:world': '-12.34' } });
    // A broken invariant is reported, not hidden: the audit answers ok=false with the problem.
    const negative = sinon.stub(k.get(LedgerAudit), 'negativeBalances').resolves(1);
    try {
      const broken = (await k.request('GET', '/api/v2/admin/ledger/audit', { key: k.operatorKey })).body.data;
      assert.equal([broken.ok, broken.problems], [false, ['1 balance rows are negative']]);
    } finally {
      negative.restore();
    }
  });

  test.run();
}

import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { checkConservation, type ConservationReport } from '../fixtures/conservation.js';
import { deadlockCounter, type DeadlockCounter } from '../fixtures/deadlocks.js';
import { bootTestKernel, type TestKernel, type TestUser } from '../fixtures/boot.js';
import { BalanceRowLocking, LedgerAudit } from '../../plugins/core-banking/ports.js';
import { OperatorKeys } from '../../ports/operator-keys.js';
import { UnitOfWork } from '../../ports/unit-of-work.js';

/**
 * Against real PostgreSQL: 50 concurrent debits from one account funded for
 * exactly 10 of them. Exactly 10 succeed, 40 get 422 insufficient_funds, no
 * balance is ever negative, conservation holds and the server counts no
 * deadlock. The negative control runs the same race with the balance-row
 * lock switched off and must break the invariants, which shows the lock (and
 * not luck or a slow client) is what makes the first runs correct, for
 * withdrawals and for transfers, whose group-committed batches (ten at
 * once here) race for the one balance row.
 */
const databaseUrl = process.env.DATABASE_URL;
const RACERS = 50;
const FUNDED_FOR = 10;

interface RaceResult {
  readonly succeeded: number;
  readonly refused: number;
  readonly other: string[];
  readonly available: string;
  readonly deadlocks: number;
  readonly conservation: ConservationReport;
}

if (!databaseUrl) {
  console.log('concurrency suite: skipped (set DATABASE_URL to run it)');
} else {
  const test = suite('concurrency on PostgreSQL');
  let k: TestKernel;
  let deadlocks: DeadlockCounter;
  // The ledger's row locks, switchable here only: the negative control turns them off.
  const rowLocking: { enabled: boolean } = { enabled: true };

  test.before(async () => {
    // Transfers are group-committed: small batches, many at once, so concurrent batches race for the same balance row.
    k = await bootTestKernel({
      store: 'postgres',
      modules: ['core-banking'],
      overrides: [[BalanceRowLocking, rowLocking]],
      config: { postgres: { poolSize: 24 }, http: { groupCommit: { maxBatch: 5, maxInFlight: 10 } } } as any,
    });
    deadlocks = await deadlockCounter(databaseUrl);
  });
  test.after(async () => {
    rowLocking.enabled = true;
    await deadlocks?.close();
    await k?.close();
  });

  const deadlockCount = (): Promise<number> => deadlocks.count();

  async function fundedAccount(owner: TestUser): Promise<string> {
    const account = await k.request('POST', '/api/v2/accounts', { key: owner.key, body: { name: 'Hot', type: 'personal' } });
    const id = account.body.data.uuid;
    const deposit = await k.request('POST', `/api/v2/accounts/${id}/deposit`, { key: owner.key, body: { amount: `${FUNDED_FOR * 10}.00`, asset_code: 'USD' } });
    assert.is(deposit.status, 201);
    return id;
  }

  async function race(owner: TestUser, account: string, send: (i: number) => Promise<{ status: number; body: any }>): Promise<RaceResult> {
    const deadlocksBefore = await deadlockCount();
    const responses = await Promise.all(Array.from({ length: RACERS }, (_, i) => send(i)));
    const codes = responses.map((response) => (response.status === 422 ? response.body.errors[0].code : String(response.status)));
    const balances = await k.request('GET', `/api/v2/accounts/${account}/balances`, { key: owner.key });
    const usd = balances.body.data.balances.find((row: any) => row.asset_code === 'USD');
    return {
      succeeded: responses.filter((response) => response.status === 201).length,
      refused: codes.filter((code) => code === 'insufficient_funds').length,
      other: codes.filter((code) => code !== '201' && code !== 'insufficient_funds'),
      available: usd.available_balance,
      deadlocks: (await deadlockCount()) - deadlocksBefore,
      conservation: await checkConservation(k.get(UnitOfWork), k.get(LedgerAudit)),
    };
  }

  const withdrawals = (owner: TestUser, account: string) => () =>
    race(owner, account, () =>
      k.request('POST', `/api/v2/accounts/${account}/withdraw`, { key: owner.key, body: { amount: '10.00', asset_code: 'USD' } }),
    );

  test('50 concurrent withdrawals from an account funded for 10: exactly 10 succeed', async () => {
    const owner = await k.createUser('Racer W');
    const account = await fundedAccount(owner);
    const result = await withdrawals(owner, account)();
    assert.equal(result.other, []);
    assert.is(result.succeeded, FUNDED_FOR);
    assert.is(result.refused, RACERS - FUNDED_FOR);
    assert.is(result.available, '0.00');
    assert.is(result.deadlocks, 0);
    assert.ok(result.conservation.ok, result.conservation.problems.join('\n'));
  });

  test('50 concurrent transfers from one account into five others: exactly 10 succeed, all settle', async () => {
    const owner = await k.createUser('Racer T');
    const account = await fundedAccount(owner);
    const receivers: string[] = [];
    for (let i = 0; i < 5; i++) {
      const response = await k.request('POST', '/api/v2/accounts', { key: owner.key, body: { name: `R${i}`, type: 'personal' } });
      receivers.push(response.body.data.uuid);
    }
    // 9.99 + 0.01 fee (10 bps, at least one minor unit) = 10.00 each.
    const result = await race(owner, account, (i) =>
      k.request('POST', '/api/v2/transfers', {
        key: owner.key,
        body: { from_account: account, to_account: receivers[i % receivers.length], amount: '9.99', asset_code: 'USD' },
      }),
    );
    assert.equal(result.other, []);
    assert.is(result.succeeded, FUNDED_FOR);
    assert.is(result.refused, RACERS - FUNDED_FOR);
    assert.is(result.available, '0.00');
    assert.is(result.deadlocks, 0);
    assert.ok(result.conservation.ok, result.conservation.problems.join('\n'));
    k.clock.advance(60_000);
    await k.runWorkflows();
    let received = 0n;
    for (const receiver of receivers) {
      const balances = await k.request('GET', `/api/v2/accounts/${receiver}/balances`, { key: owner.key });
      const usd = balances.body.data.balances.find((row: any) => row.asset_code === 'USD');
      received += BigInt((usd?.available_balance ?? '0.00').replace('.', ''));
    }
    assert.is(received, 9990n);
    const after = await checkConservation(k.get(UnitOfWork), k.get(LedgerAudit));
    assert.ok(after.ok, after.problems.join('\n'));
  });

  const transfers = (owner: TestUser, account: string, receiver: string) => () =>
    race(owner, account, () =>
      k.request('POST', '/api/v2/transfers', { key: owner.key, body: { from_account: account, to_account: receiver, amount: '9.99', asset_code: 'USD' } }),
    );

  for (const kind of ['withdrawals', 'transfers'] as const) {
    test(`negative control: without the balance-row lock the same race of ${kind} overspends and breaks conservation`, async () => {
      const owner = await k.createUser(`Racer N ${kind}`);
      const account = await fundedAccount(owner);
      const receiver = (await k.request('POST', '/api/v2/accounts', { key: owner.key, body: { name: 'R', type: 'personal' } })).body.data.uuid;
      rowLocking.enabled = false;
      let result: RaceResult;
      try {
        result = await (kind === 'withdrawals' ? withdrawals(owner, account) : transfers(owner, account, receiver))();
      } finally {
        rowLocking.enabled = true;
      }
      assert.ok(result.succeeded > FUNDED_FOR, `only ${result.succeeded} ${kind} succeeded without the lock`);
      assert.not.ok(result.conservation.ok);
      // Repair the damage so later tests start from a consistent database (with the operator key back).
      await k.store.truncateAll();
      await k.get(OperatorKeys).ensureOperator(k.operatorKey);
    });
  }

  test.run();
}

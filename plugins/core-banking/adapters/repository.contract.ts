import type { Test } from 'uvu';
import * as assert from 'uvu/assert';
import type { CursorRequest, CursorSlice, Tx } from '../../../kernel/public.js';
import { ALL, at, page, rejection, repositorySuite, T0, TEAM_A as A, TEAM_B as B, type RepositoryHarness } from '../../../kit/testing.js';
import { checkLedger } from '../application/ledger-check.js';
import { FEES_ACCOUNT, isSystemAccount, refOf, WORLD_ACCOUNT, type BalanceKey, type BalanceRow, type Leg } from '../domain/ledger-rules.js';
import { DEFAULT_SORT, type TransactionFilter, type TransactionSort } from '../domain/transaction-query.js';
import type {
  AccountRecord,
  AccountRepository,
  HoldRecord,
  JournalRepository,
  LedgerAudit,
  LedgerRepository,
  LedgerWrite,
  TransactionRecord,
  TransactionRepository,
  TransferRecord,
  TransferRepository,
} from '../ports.js';

/**
 * What every store's core-banking repositories must do, run against each
 * store (memory, PGlite, PostgreSQL when DATABASE_URL is set): the SQL
 * adapters and the memory ones must be indistinguishable to the plugin.
 */
export interface CoreBankingRepositories {
  readonly accounts: AccountRepository;
  readonly ledger: LedgerRepository;
  readonly transactions: TransactionRepository;
  readonly transfers: TransferRepository;
  readonly audit: LedgerAudit;
  readonly journal: JournalRepository;
}


function account(id: string, teamId: string, seconds = 0, overrides: Partial<AccountRecord> = {}): AccountRecord {
  return { id, teamId, name: `account ${id}`, type: 'checking', status: 'active', metadata: { note: id, tags: ['a', 'b'] }, createdAt: at(seconds), updatedAt: at(seconds), ...overrides };
}

function transaction(id: string, teamId: string, accountId: string, seconds: number, overrides: Partial<TransactionRecord> = {}): TransactionRecord {
  return {
    id,
    teamId,
    accountId,
    type: 'deposit',
    amount: 100n,
    assetCode: 'USD',
    status: 'completed',
    reference: null,
    transferId: null,
    movementId: null,
    balanceAfter: 100n,
    createdAt: at(seconds),
    completedAt: at(seconds),
    ...overrides,
  };
}

function transfer(id: string, teamId: string, fromAccount: string, toAccount: string, seconds: number): TransferRecord {
  return {
    id,
    teamId,
    fromAccount,
    toAccount,
    amount: 500n,
    fee: 5n,
    assetCode: 'USD',
    status: 'pending',
    reference: `ref ${id}`,
    workflowId: `wf-${id}`,
    workflowEnabled: true,
    holdId: `hold-${id}`,
    metadata: { order: id },
    routing: null,
    createdAt: at(seconds),
    estimatedCompletion: at(seconds + 60),
    completedAt: null,
    failureReason: null,
    updatedAt: at(seconds),
  };
}

function hold(id: string, teamId: string, accountId: string, amount: bigint): HoldRecord {
  return { id, teamId, accountId, assetCode: 'USD', amount, remaining: amount, status: 'active', reference: null, createdAt: T0, updatedAt: T0 };
}

const key = (teamId: string, accountId: string, assetCode = 'USD'): BalanceKey => ({ teamId, accountId, assetCode });
const NOTHING: Omit<LedgerWrite, 'at'> = { balances: [], movements: [], insertHolds: [], updateHolds: [] };

/** Locks (creating when missing) the rows of `keys` and returns them by account/asset, as the ledger service does before it writes. */
async function lockRows(r: CoreBankingRepositories, tx: Tx, keys: readonly BalanceKey[]): Promise<Map<string, BalanceRow>> {
  const locked = await r.ledger.lock(tx, { accounts: keys, ensure: keys, balances: keys, lockRows: true });
  return new Map(locked.rows.map((row) => [`${row.accountId}/${row.assetCode}`, row]));
}

/** One movement: customer legs change `available` (debits come out of `reserved` when `fromReserved`), system legs only have entries. */
async function move(
  r: CoreBankingRepositories,
  tx: Tx,
  teamId: string,
  id: string,
  legs: readonly Leg[],
  change: Partial<Pick<LedgerWrite, 'insertHolds' | 'updateHolds'>> = {},
  fromReserved = false,
): Promise<void> {
  const customer = legs.filter((leg) => !isSystemAccount(leg.accountId));
  const rows = await lockRows(r, tx, customer.map((leg) => key(teamId, leg.accountId, leg.assetCode)));
  const balances = customer.map((leg) => {
    const row = rows.get(`${leg.accountId}/${leg.assetCode}`)!;
    return fromReserved && leg.amount < 0n ? { ...row, reserved: row.reserved + leg.amount } : { ...row, available: row.available + leg.amount };
  });
  await r.ledger.write(tx, { ...NOTHING, ...change, balances, movements: [{ teamId, id, kind: 'test', reference: null, createdAt: T0, legs }], at: T0 });
}

type CursorRead = (cursor: CursorRequest) => Promise<CursorSlice<{ readonly id: string }> | undefined>;

/**
 * Walks a list by cursor from the row `from` to the end in `direction`,
 * `limit` rows a page, and answers the ids met in list order. Every page but
 * the last must be full and say has_more; the last must not.
 */
async function walk(read: CursorRead, from: string, direction: CursorRequest['direction'], limit: number): Promise<string[]> {
  const pages: string[][] = [];
  let id = from;
  for (;;) {
    const slice = await read({ id, direction, limit });
    assert.ok(slice, `cursor ${id} names a row of the list`);
    const got = slice.items.map((row) => row.id);
    pages.push(got);
    if (!slice.hasMore) break;
    assert.is(got.length, limit, 'a page with more beyond it is full');
    id = direction === 'after' ? got[got.length - 1]! : got[0]!;
  }
  return direction === 'after' ? pages.flat() : pages.reverse().flat();
}

export function coreBankingRepositoryContract(label: string, harness: RepositoryHarness<CoreBankingRepositories>): Test {
  const { test, it, run, waitsFor } = repositorySuite(`core-banking repositories: ${label}`, harness);

  it('accounts: found, locked and changed only within their team; a missing one is undefined', async (r) => {
    await run(async (tx) => {
      await r.accounts.insert(tx, account('a1', A));
      await r.accounts.insert(tx, account('b1', B));
    });
    await run(async (tx) => {
      assert.equal(await r.accounts.find(tx, A, 'a1'), account('a1', A));
      assert.equal(await r.accounts.lockForStatusChange(tx, A, 'a1'), account('a1', A));
      assert.is(await r.accounts.find(tx, B, 'a1'), undefined, "another team's account is not there");
      assert.is(await r.accounts.lockForStatusChange(tx, B, 'a1'), undefined);
      assert.is(await r.accounts.find(tx, A, 'missing'), undefined);
      await r.accounts.setStatus(tx, B, 'a1', 'closed', at(9));
    });
    assert.equal(await run((tx) => r.accounts.find(tx, A, 'a1')), account('a1', A), "another team's status change touches nothing");
    await run((tx) => r.accounts.setStatus(tx, A, 'a1', 'frozen', at(5)));
    assert.equal(await run((tx) => r.accounts.find(tx, A, 'a1')), account('a1', A, 0, { status: 'frozen', updatedAt: at(5) }));
  });

  it("accounts: a team's list is oldest first (insertion order within one instant), paged, with the total", async (r) => {
    await run(async (tx) => {
      await r.accounts.insert(tx, account('a3', A, 2));
      await r.accounts.insert(tx, account('a2', A, 1));
      await r.accounts.insert(tx, account('a1', A, 1));
      await r.accounts.insert(tx, account('b1', B, 0));
    });
    await run(async (tx) => {
      const first = await r.accounts.list(tx, A, page(1, 2));
      assert.equal(first.items.map((row) => row.id), ['a2', 'a1']);
      assert.is(first.total, 3);
      assert.equal(first.items[0], account('a2', A, 1));
      assert.equal((await r.accounts.list(tx, A, page(2, 2))).items.map((row) => row.id), ['a3']);
      assert.equal(await r.accounts.list(tx, A, page(3, 2)), { items: [], total: 3 });
      assert.equal((await r.accounts.list(tx, B, ALL)).items.map((row) => row.id), ['b1']);
      assert.equal(await r.accounts.list(tx, 'team-c', ALL), { items: [], total: 0 });
    });
  });

  it("ledger: lock creates zero rows only for the team's own accounts, reports their statuses, and reads rows back sorted", async (r) => {
    await run(async (tx) => {
      await r.accounts.insert(tx, account('a1', A));
      await r.accounts.insert(tx, account('a2', A, 0, { status: 'frozen' }));
      await r.accounts.insert(tx, account('b1', B));
    });
    const wanted = [key(A, 'a1', 'USD'), key(A, 'a1', 'BTC'), key(A, 'b1'), key(A, 'missing')];
    const locked = await run((tx) =>
      r.ledger.lock(tx, { accounts: [{ teamId: A, accountId: 'a2' }, { teamId: A, accountId: 'a1' }, { teamId: A, accountId: 'b1' }, { teamId: A, accountId: 'missing' }], ensure: wanted, balances: wanted, lockRows: true }),
    );
    assert.equal(
      [...locked.statuses.entries()].sort(),
      [[refOf({ teamId: A, accountId: 'a1' }), 'active'], [refOf({ teamId: A, accountId: 'a2' }), 'frozen']],
      "another team's account and a missing one have no status",
    );
    const zero = (assetCode: string): BalanceRow => ({ teamId: A, accountId: 'a1', assetCode, available: 0n, reserved: 0n });
    assert.equal(locked.rows, [zero('BTC'), zero('USD')]);
    await run(async (tx) => {
      await r.ledger.lock(tx, { accounts: [], ensure: wanted, balances: [], lockRows: false });
      assert.equal(await r.ledger.readBalances(tx, wanted), [zero('BTC'), zero('USD')], 'a second ensure adds no row');
      assert.equal(await r.ledger.accountBalances(tx, A, 'a1'), [zero('BTC'), zero('USD')]);
      assert.equal(await r.ledger.accountBalances(tx, B, 'a1'), []);
      assert.equal(await r.ledger.accountBalances(tx, A, 'b1'), []);
    });
  });

  it('ledger: deposits, a hold, its capture and release keep every balance equal to its entries and reserved equal to the holds', async (r) => {
    await run(async (tx) => {
      for (const row of [account('a1', A), account('a2', A), account('b1', B)]) await r.accounts.insert(tx, row);
    });
    await run(async (tx) => {
      await move(r, tx, A, 'm1', [{ accountId: 'a1', assetCode: 'USD', amount: 1000n }, { accountId: WORLD_ACCOUNT, assetCode: 'USD', amount: -1000n }]);
      await move(r, tx, B, 'm2', [{ accountId: 'b1', assetCode: 'USD', amount: 70n }, { accountId: WORLD_ACCOUNT, assetCode: 'USD', amount: -70n }]);
    });
    // Reserve 300 on a1: available → reserved, no movement.
    await run(async (tx) => {
      const row = (await lockRows(r, tx, [key(A, 'a1')])).get('a1/USD')!;
      await r.ledger.write(tx, { ...NOTHING, balances: [{ ...row, available: row.available - 300n, reserved: row.reserved + 300n }], insertHolds: [hold('h1', A, 'a1', 300n)], at: T0 });
    });
    assert.is((await run((tx) => checkLedger(tx, r.audit))).ok, true, 'a hold keeps the ledger whole');
    // Capture 200 of it: 195 to a2, 5 in fees; the hold keeps 100.
    await run(async (tx) => {
      const [held] = await r.ledger.lockHolds(tx, [{ teamId: A, id: 'h1' }]);
      const legs = [
        { accountId: 'a1', assetCode: 'USD', amount: -200n },
        { accountId: 'a2', assetCode: 'USD', amount: 195n },
        { accountId: FEES_ACCOUNT, assetCode: 'USD', amount: 5n },
      ];
      await move(r, tx, A, 'm3', legs, { updateHolds: [{ teamId: A, id: 'h1', remaining: held!.remaining - 200n, status: 'active', updatedAt: at(1) }] }, true);
    });
    await run(async (tx) => {
      assert.equal(await r.ledger.accountBalances(tx, A, 'a1'), [{ teamId: A, accountId: 'a1', assetCode: 'USD', available: 700n, reserved: 100n }]);
      assert.equal(await r.ledger.readBalances(tx, [key(A, 'a2')]), [{ teamId: A, accountId: 'a2', assetCode: 'USD', available: 195n, reserved: 0n }]);
      assert.equal(await r.ledger.lockHolds(tx, [{ teamId: B, id: 'h1' }, { teamId: A, id: 'missing' }]), [], "another team's hold is not there");
    });
    // Release the rest.
    await run(async (tx) => {
      const row = (await lockRows(r, tx, [key(A, 'a1')])).get('a1/USD')!;
      await r.ledger.write(tx, {
        ...NOTHING,
        balances: [{ ...row, available: row.available + 100n, reserved: row.reserved - 100n }],
        updateHolds: [{ teamId: A, id: 'h1', remaining: 0n, status: 'released', updatedAt: at(2) }],
        at: at(2),
      });
    });
    await run(async (tx) => {
      assert.equal(await r.ledger.lockHolds(tx, [{ teamId: A, id: 'h1' }]), [{ ...hold('h1', A, 'a1', 300n), remaining: 0n, status: 'released', updatedAt: at(2) }]);
      assert.is(await r.ledger.systemBalance(tx, A, WORLD_ACCOUNT, 'USD'), -1000n);
      assert.is(await r.ledger.systemBalance(tx, B, WORLD_ACCOUNT, 'USD'), -70n);
      assert.is(await r.ledger.systemBalance(tx, A, FEES_ACCOUNT, 'USD'), 5n);
      assert.is(await r.ledger.systemBalance(tx, A, WORLD_ACCOUNT, 'BTC'), 0n);
      const check = await checkLedger(tx, r.audit);
      assert.equal(check.problems, []);
      const totals = [...check.totals].sort((x, y) => (x.teamId < y.teamId ? -1 : 1));
      assert.equal(
        totals.map((row) => [row.teamId, row.assetCode, row.customerBalances, row.depositsMinusWithdrawals]),
        [[A, 'USD', 995n, 1000n], [B, 'USD', 70n, 70n]],
        'each team conserves its own money',
      );
    });
  });

  it('locks: a status change waits for a movement holding the account; balance rows, holds and transfers are taken one unit of work at a time', async (r) => {
    await run(async (tx) => {
      await r.accounts.insert(tx, account('a1', A));
      await r.accounts.insert(tx, account('a2', A));
      await lockRows(r, tx, [key(A, 'a1')]);
      await r.ledger.write(tx, { ...NOTHING, insertHolds: [hold('h1', A, 'a1', 1n)], at: T0 });
      await r.transfers.insert(tx, [transfer('tr1', A, 'a1', 'a2', 0)]);
    });
    const movement = { accounts: [{ teamId: A, accountId: 'a1' }], ensure: [], balances: [], lockRows: true };
    await waitsFor((tx) => r.ledger.lock(tx, movement), (tx) => r.accounts.lockForStatusChange(tx, A, 'a1'));
    const row = { accounts: [], ensure: [], balances: [key(A, 'a1')], lockRows: true };
    await waitsFor((tx) => r.ledger.lock(tx, row), (tx) => r.ledger.lock(tx, row));
    await waitsFor((tx) => r.ledger.lockHolds(tx, [{ teamId: A, id: 'h1' }]), (tx) => r.ledger.lockHolds(tx, [{ teamId: A, id: 'h1' }]));
    await waitsFor((tx) => r.transfers.lock(tx, [{ teamId: A, id: 'tr1' }]), (tx) => r.transfers.lock(tx, [{ teamId: A, id: 'tr1' }]));
  });

  it('audit: sees an unbalanced movement, a balance that drifts from its entries, and reserved money no hold explains', async (r) => {
    await run(async (tx) => {
      await r.accounts.insert(tx, account('a1', A));
      const row = (await lockRows(r, tx, [key(A, 'a1')])).get('a1/USD')!;
      await r.ledger.write(tx, {
        ...NOTHING,
        balances: [{ ...row, available: 10n, reserved: 50n }],
        movements: [{ teamId: A, id: 'm1', kind: 'test', reference: null, createdAt: T0, legs: [{ accountId: 'a1', assetCode: 'USD', amount: 10n }] }],
        at: T0,
      });
    });
    await run(async (tx) => {
      assert.equal(await r.audit.unbalancedMovements(tx), [{ movementId: 'm1', assetCode: 'USD', sum: 10n }]);
      assert.equal(await r.audit.drift(tx), [{ teamId: A, accountId: 'a1', assetCode: 'USD', balance: 60n, entries: 10n }]);
      assert.equal(await r.audit.holdDrift(tx), [{ teamId: A, accountId: 'a1', assetCode: 'USD', reserved: 50n, held: 0n }]);
      assert.is(await r.audit.negativeBalances(tx), 0);
      assert.is((await checkLedger(tx, r.audit)).ok, false);
    });
  });

  it('audit: walks the teams in slices, reports the accounts checked, and finds a drift in any slice', async (r) => {
    await run(async (tx) => {
      for (const [id, teamId] of [['a1', A], ['a2', A], ['b1', B]] as const) await r.accounts.insert(tx, account(id, teamId));
      await move(r, tx, A, 'm1', [{ accountId: 'a1', assetCode: 'USD', amount: 100n }, { accountId: WORLD_ACCOUNT, assetCode: 'USD', amount: -100n }]);
      // b1's row says 7.00 more than its entries: a drift only the slice holding team B can see.
      const row = (await lockRows(r, tx, [key(B, 'b1')])).get('b1/USD')!;
      await r.ledger.write(tx, { ...NOTHING, balances: [{ ...row, available: 7n }], at: T0 });
    });
    await run(async (tx) => {
      assert.equal(await r.audit.accountsPerTeam(tx), [{ teamId: A, accounts: 2 }, { teamId: B, accounts: 1 }]);
      const drift = [{ teamId: B, accountId: 'b1', assetCode: 'USD', balance: 7n, entries: 0n }];
      assert.equal(await r.audit.drift(tx, { through: A }), []);
      assert.equal(await r.audit.drift(tx, { after: A }), drift);
      assert.equal(await r.audit.drift(tx, { after: A, through: B }), drift);
      assert.equal(await r.audit.drift(tx, { after: B }), []);
      assert.equal(await r.audit.drift(tx), drift);
      assert.is(await r.audit.negativeBalances(tx, { through: A }), 0);

      const steps: unknown[] = [];
      const progress = {
        begin: (task: string, total: number) => {
          steps.push(['begin', task, total]);
          return { step: (label: string, count = 1) => void steps.push(['step', label, count]), end: () => void steps.push(['end']) };
        },
      };
      const check = await checkLedger(tx, r.audit, progress, 2);
      assert.equal(steps, [['begin', 'ledger audit', 3], ['step', 'accounts', 2], ['step', 'accounts', 1], ['end']]);
      assert.equal(check.problems, ['team team-b USD: customer balances 7 + system 0 ≠ deposits − withdrawals 0', 'account b1 USD: balance 7 ≠ entries 0']);
    });
  });

  it('ledger: a negative balance is refused and nothing of its unit of work stays', async (r) => {
    const failed = await rejection(
      run(async (tx) => {
        await r.accounts.insert(tx, account('a1', A));
        const row = (await lockRows(r, tx, [key(A, 'a1')])).get('a1/USD')!;
        await r.ledger.write(tx, { ...NOTHING, balances: [{ ...row, available: -1n }], at: T0 });
      }),
    );
    // Memory refuses at the write, SQL at COMMIT (the deferred update meets the CHECK): the same words either way.
    assert.match((failed as Error).message, /check constraint/);
    await run(async (tx) => {
      assert.is(await r.accounts.find(tx, A, 'a1'), undefined);
      assert.equal(await r.audit.totals(tx), []);
    });
  });

  it('rollback: a unit of work that fails leaves no account, balance, entry, hold, transaction or transfer', async (r) => {
    const failed = await rejection(
      run(async (tx) => {
        await r.accounts.insert(tx, account('a1', A));
        await r.accounts.insert(tx, account('a2', A));
        await move(r, tx, A, 'm1', [{ accountId: 'a1', assetCode: 'USD', amount: 100n }, { accountId: WORLD_ACCOUNT, assetCode: 'USD', amount: -100n }], {
          insertHolds: [hold('h1', A, 'a1', 1n)],
        });
        await r.transactions.insert(tx, [transaction('t1', A, 'a1', 0)]);
        await r.transfers.insert(tx, [transfer('tr1', A, 'a1', 'a2', 0)]);
        assert.is((await r.accounts.list(tx, A, ALL)).total, 2, 'visible inside its own unit of work');
        throw new Error('boom');
      }),
    );
    assert.is((failed as Error).message, 'boom');
    await run(async (tx) => {
      assert.equal(await r.accounts.list(tx, A, ALL), { items: [], total: 0 });
      assert.equal(await r.ledger.accountBalances(tx, A, 'a1'), []);
      assert.is(await r.ledger.systemBalance(tx, A, WORLD_ACCOUNT, 'USD'), 0n);
      assert.equal(await r.ledger.lockHolds(tx, [{ teamId: A, id: 'h1' }]), []);
      assert.equal(await r.audit.totals(tx), []);
      assert.equal(await r.transactions.list(tx, A, {}, DEFAULT_SORT, ALL), { items: [], total: 0 });
      assert.is(await r.transfers.find(tx, A, 'tr1'), undefined);
    });
  });

  it("transactions: a team's list filters by account, asset, type, status and time, sorts by time or value, and pages with the total", async (r) => {
    const rows = [
      transaction('t1', A, 'a1', 1),
      transaction('t2', A, 'a1', 2, { type: 'withdrawal', amount: 50n, balanceAfter: 50n }),
      transaction('t3', A, 'a2', 3, { assetCode: 'JPY', reference: 'yen' }),
      transaction('t4', A, 'a1', 4, { type: 'transfer', amount: 30n, status: 'pending', transferId: 'tr1', balanceAfter: null, completedAt: null }),
      transaction('t5', B, 'b1', 5, { amount: 999n }),
    ];
    await run(async (tx) => {
      for (const row of [account('a1', A), account('a2', A), account('b1', B)]) await r.accounts.insert(tx, row);
      await r.transactions.insert(tx, rows);
    });
    const ids = (filter: TransactionFilter, sort: TransactionSort = DEFAULT_SORT, request = ALL) =>
      run(async (tx) => (await r.transactions.list(tx, A, filter, sort, request)).items.map((row) => row.id));
    await run(async (tx) => {
      const all = await r.transactions.list(tx, A, {}, DEFAULT_SORT, ALL);
      assert.equal(all.items, [rows[3], rows[2], rows[1], rows[0]], 'newest first, every field as written');
      assert.is(all.total, 4, "another team's rows are not counted");
      assert.equal(await r.transactions.list(tx, B, { accountId: 'a1' }, DEFAULT_SORT, ALL), { items: [], total: 0 });
    });
    assert.equal(await ids({ accountId: 'a1' }), ['t4', 't2', 't1']);
    assert.equal(await ids({ assetCode: 'JPY' }), ['t3']);
    assert.equal(await ids({ type: 'withdrawal' }), ['t2']);
    assert.equal(await ids({ status: 'pending' }), ['t4']);
    assert.equal(await ids({ from: at(2), before: at(4) }), ['t3', 't2'], 'from is inclusive, before exclusive');
    assert.equal(await ids({}, { field: 'created_at', descending: false }), ['t1', 't2', 't3', 't4']);
    // 0.30 USD < 0.50 USD < 1.00 USD < 100 JPY: compared by value across precisions.
    assert.equal(await ids({}, { field: 'amount', descending: false }), ['t4', 't2', 't1', 't3']);
    assert.equal(await ids({}, { field: 'amount', descending: true }), ['t3', 't1', 't2', 't4']);
    const second = await run((tx) => r.transactions.list(tx, A, {}, { field: 'created_at', descending: false }, page(2, 3)));
    assert.equal([second.items.map((row) => row.id), second.total], [['t4'], 4]);
  });

  it("transactions: updateForTransfers changes only that transfer's row on that account of that team", async (r) => {
    const pending = { type: 'transfer', status: 'pending', transferId: 'tr1', balanceAfter: null, completedAt: null } as const;
    await run(async (tx) => {
      for (const row of [account('a1', A), account('a2', A), account('b1', B)]) await r.accounts.insert(tx, row);
      await r.transactions.insert(tx, [transaction('t1', A, 'a1', 1, pending), transaction('t2', A, 'a2', 1, pending), transaction('t3', B, 'b1', 1, pending)]);
    });
    await run((tx) =>
      r.transactions.updateForTransfers(tx, [{ teamId: A, transferId: 'tr1', accountId: 'a1', status: 'completed', movementId: 'm9', balanceAfter: 123n, completedAt: at(9) }]),
    );
    const byId = async (teamId: string) => new Map((await run((tx) => r.transactions.list(tx, teamId, {}, DEFAULT_SORT, ALL))).items.map((row) => [row.id, row]));
    const mine = await byId(A);
    assert.equal(mine.get('t1'), transaction('t1', A, 'a1', 1, { ...pending, status: 'completed', movementId: 'm9', balanceAfter: 123n, completedAt: at(9) }));
    assert.equal(mine.get('t2'), transaction('t2', A, 'a2', 1, pending));
    assert.equal((await byId(B)).get('t3'), transaction('t3', B, 'b1', 1, pending));
  });

  it('transactions: updateForTransfers changes an unfinished row only (pending or pending_review), never a finished one', async (r) => {
    const of = (status: 'pending' | 'pending_review' | 'completed', transferId: string) => ({ type: 'transfer', status, transferId, balanceAfter: null, completedAt: null }) as const;
    await run(async (tx) => {
      await r.accounts.insert(tx, account('a1', A));
      await r.transactions.insert(tx, [transaction('t1', A, 'a1', 1, of('pending_review', 'tr1')), transaction('t2', A, 'a1', 2, of('completed', 'tr2'))]);
    });
    await run((tx) =>
      r.transactions.updateForTransfers(tx, ['tr1', 'tr2'].map((transferId) => ({ teamId: A, transferId, accountId: 'a1', status: 'failed', movementId: null, balanceAfter: null, completedAt: null }))),
    );
    const rows = new Map((await run((tx) => r.transactions.list(tx, A, {}, DEFAULT_SORT, ALL))).items.map((row) => [row.id, row.status]));
    assert.equal([rows.get('t1'), rows.get('t2')], ['failed', 'completed']);
  });

  it('transactions: found by id within their team only (the BankingRecords port reads them)', async (r) => {
    await run(async (tx) => {
      for (const row of [account('a1', A), account('b1', B)]) await r.accounts.insert(tx, row);
      await r.transactions.insert(tx, [transaction('t1', A, 'a1', 1), transaction('t2', B, 'b1', 2)]);
    });
    await run(async (tx) => {
      assert.equal(await r.transactions.find(tx, A, 't1'), transaction('t1', A, 'a1', 1));
      assert.is(await r.transactions.find(tx, B, 't1'), undefined, "another team's transaction is not found");
      assert.is(await r.transactions.find(tx, A, 'missing'), undefined);
    });
  });

  it("transfers: found and locked within their team, updated, and an account's list is newest first from either side", async (r) => {
    await run(async (tx) => {
      for (const row of [account('a1', A), account('a2', A), account('a3', A), account('b1', B), account('b2', B)]) await r.accounts.insert(tx, row);
      await r.transfers.insert(tx, [transfer('tr1', A, 'a1', 'a2', 1), transfer('tr2', A, 'a2', 'a1', 2)]);
      await r.transfers.insert(tx, [transfer('tr3', A, 'a2', 'a3', 3), transfer('trb', B, 'b1', 'b2', 4)]);
    });
    await run(async (tx) => {
      assert.equal(await r.transfers.find(tx, A, 'tr1'), transfer('tr1', A, 'a1', 'a2', 1));
      assert.is(await r.transfers.find(tx, B, 'tr1'), undefined);
      assert.is(await r.transfers.find(tx, A, 'missing'), undefined);
      const locked = await r.transfers.lock(tx, [{ teamId: A, id: 'tr3' }, { teamId: A, id: 'tr1' }, { teamId: B, id: 'tr2' }, { teamId: A, id: 'missing' }]);
      assert.equal(locked.map((row) => row.id), ['tr1', 'tr3'], 'id order; the wrong team and a missing id are absent');
      await r.transfers.update(tx, [{ teamId: A, id: 'tr1', status: 'failed', completedAt: at(9), failureReason: 'account_frozen', updatedAt: at(9) }]);
    });
    await run(async (tx) => {
      assert.equal(await r.transfers.find(tx, A, 'tr1'), { ...transfer('tr1', A, 'a1', 'a2', 1), status: 'failed', completedAt: at(9), failureReason: 'account_frozen', updatedAt: at(9) });
      const ofA1 = await r.transfers.listByAccount(tx, A, 'a1', ALL);
      assert.equal([ofA1.items.map((row) => row.id), ofA1.total], [['tr2', 'tr1'], 2]);
      const firstOfA2 = await r.transfers.listByAccount(tx, A, 'a2', page(1, 2));
      assert.equal([firstOfA2.items.map((row) => row.id), firstOfA2.total], [['tr3', 'tr2'], 3]);
      assert.equal((await r.transfers.listByAccount(tx, A, 'a2', page(2, 2))).items.map((row) => row.id), ['tr1']);
      assert.equal(await r.transfers.listByAccount(tx, A, 'b1', ALL), { items: [], total: 0 });
      assert.equal(await r.transfers.listByAccount(tx, B, 'a1', ALL), { items: [], total: 0 });
    });
  });

  it('transactions: a cursor walks the list forward and backward over every row once, in list order, ties broken by insertion', async (r) => {
    // Three rows share one instant: only seq orders them.
    const rows = [1, 2, 2, 2, 3, 5, 8].map((seconds, n) => transaction(`t${n + 1}`, A, 'a1', seconds, n === 3 ? { status: 'pending' } : {}));
    await run(async (tx) => {
      for (const row of [account('a1', A), account('a2', A), account('b1', B)]) await r.accounts.insert(tx, row);
      await r.transactions.insert(tx, rows.slice(0, 3));
      await r.transactions.insert(tx, [transaction('other', A, 'a2', 4), transaction('theirs', B, 'b1', 4)]);
      await r.transactions.insert(tx, rows.slice(3));
    });
    const a1 = { accountId: 'a1' };
    const read = (filter: TransactionFilter, descending: boolean): CursorRead => (cursor) => run((tx) => r.transactions.listByCursor(tx, A, filter, descending, cursor));
    const newestFirst = ['t7', 't6', 't5', 't4', 't3', 't2', 't1'];
    for (const limit of [1, 2, 3, 7]) {
      assert.equal(await walk(read(a1, true), 't7', 'after', limit), newestFirst.slice(1), `forward, ${limit} a page`);
      assert.equal(await walk(read(a1, true), 't1', 'before', limit), newestFirst.slice(0, -1), `backward, ${limit} a page`);
      assert.equal(await walk(read(a1, false), 't1', 'after', limit), [...newestFirst].reverse().slice(1), `oldest first, ${limit} a page`);
    }
    assert.equal(await walk(read({}, true), 't6', 'after', 2), ['other', 't5', 't4', 't3', 't2', 't1'], "the team's list holds every account");
    // The cursor row keeps its place though it no longer matches a filter (a pending row completes).
    assert.equal(await walk(read({ ...a1, status: 'completed' }, true), 't4', 'after', 2), ['t3', 't2', 't1']);
    assert.equal(await walk(read({ ...a1, status: 'completed' }, true), 't4', 'before', 2), ['t7', 't6', 't5']);
    const first = await run((tx) => r.transactions.listByCursor(tx, A, a1, true, { id: 't5', direction: 'after', limit: 2 }));
    assert.equal(first, { items: [rows[3], rows[2]], hasMore: true }, 'every field as written');
  });

  it("transactions: a cursor of another team, another account or no row is undefined; rows inserted while walking shift nothing", async (r) => {
    await run(async (tx) => {
      for (const row of [account('a1', A), account('a2', A), account('b1', B)]) await r.accounts.insert(tx, row);
      await r.transactions.insert(tx, [1, 2, 3, 4, 5].map((seconds) => transaction(`t${seconds}`, A, 'a1', seconds)));
      await r.transactions.insert(tx, [transaction('other', A, 'a2', 3), transaction('theirs', B, 'b1', 3)]);
    });
    const listed = (teamId: string, filter: TransactionFilter, id: string) =>
      run((tx) => r.transactions.listByCursor(tx, teamId, filter, true, { id, direction: 'after', limit: 10 }));
    assert.is(await listed(A, {}, 'theirs'), undefined, "another team's row");
    assert.is(await listed(B, {}, 't3'), undefined, "another team's row, seen from that team");
    assert.is(await listed(A, { accountId: 'a1' }, 'other'), undefined, "another account's row");
    assert.is(await listed(A, { accountId: 'a1' }, 'missing'), undefined);
    const next = (id: string) => run((tx) => r.transactions.listByCursor(tx, A, { accountId: 'a1' }, true, { id, direction: 'after', limit: 2 }));
    const page1 = await next('t5');
    // New rows are newer (and one shares the cursor's instant but comes later): they sort before what was walked.
    await run((tx) => r.transactions.insert(tx, [transaction('new1', A, 'a1', 6), transaction('new2', A, 'a1', 3)]));
    const page2 = await next(page1!.items[1]!.id);
    assert.equal([...page1!.items, ...page2!.items].map((row) => row.id), ['t4', 't3', 't2', 't1'], 'nothing shifted between pages');
    assert.is(page2!.hasMore, false);
    const newer = await run((tx) => r.transactions.listByCursor(tx, A, { accountId: 'a1' }, true, { id: 't5', direction: 'before', limit: 10 }));
    assert.equal(newer!.items.map((row) => row.id), ['new1'], 'a sync from the newest row seen finds the new rows');
  });

  it("transfers: a cursor walks an account's list from either side over every transfer once; a foreign cursor is undefined", async (r) => {
    const sides: [string, string][] = [['a1', 'a2'], ['a2', 'a1'], ['a1', 'a3'], ['a3', 'a2'], ['a1', 'a2'], ['a2', 'a1'], ['a2', 'a1']];
    await run(async (tx) => {
      for (const row of [account('a1', A), account('a2', A), account('a3', A), account('b1', B), account('b2', B)]) await r.accounts.insert(tx, row);
      await r.transfers.insert(tx, sides.map(([from, to], n) => transfer(`tr${n + 1}`, A, from, to, n < 5 ? n : 5)));
      await r.transfers.insert(tx, [transfer('trb', B, 'b1', 'b2', 3)]);
    });
    const read = (teamId: string, accountId: string): CursorRead => (cursor) => run((tx) => r.transfers.listByAccountCursor(tx, teamId, accountId, cursor));
    const ofA1 = ['tr7', 'tr6', 'tr5', 'tr3', 'tr2', 'tr1'];
    for (const limit of [1, 2, 5]) {
      assert.equal(await walk(read(A, 'a1'), 'tr7', 'after', limit), ofA1.slice(1), `forward, ${limit} a page`);
      assert.equal(await walk(read(A, 'a1'), 'tr1', 'before', limit), ofA1.slice(0, -1), `backward, ${limit} a page`);
    }
    assert.equal((await run((tx) => r.transfers.listByAccountCursor(tx, A, 'a1', { id: 'tr6', direction: 'after', limit: 1 })))?.items, [
      transfer('tr5', A, 'a1', 'a2', 4),
    ]);
    const one = (teamId: string, accountId: string, id: string) => run((tx) => r.transfers.listByAccountCursor(tx, teamId, accountId, { id, direction: 'after', limit: 5 }));
    assert.is(await one(A, 'a1', 'tr4'), undefined, "another account's transfer");
    assert.is(await one(A, 'a1', 'trb'), undefined, "another team's transfer");
    assert.is(await one(B, 'a1', 'tr1'), undefined, 'the same account id seen from another team');
    assert.is(await one(A, 'a1', 'missing'), undefined);
  });

  it('journal: trial balance per holding (customers summed, system accounts by name), a movement in seq order and an account newest first, all within their team', async (r) => {
    await run(async (tx) => {
      await r.accounts.insert(tx, account('a1', A));
      await r.accounts.insert(tx, account('a2', A));
      await r.accounts.insert(tx, account('b1', B));
    });
    const movement = async (teamId: string, id: string, seconds: number, legs: readonly Leg[], reference: string | null = null) =>
      run(async (tx) => {
        const customer = legs.filter((leg) => !isSystemAccount(leg.accountId));
        const rows = await lockRows(r, tx, customer.map((leg) => key(teamId, leg.accountId, leg.assetCode)));
        const balances = customer.map((leg) => {
          const row = rows.get(`${leg.accountId}/${leg.assetCode}`)!;
          return { ...row, available: row.available + leg.amount };
        });
        await r.ledger.write(tx, { ...NOTHING, balances, movements: [{ teamId, id, kind: `kind-${id}`, reference, createdAt: at(seconds), legs }], at: at(seconds) });
      });
    await movement(A, 'm1', 1, [{ accountId: WORLD_ACCOUNT, assetCode: 'USD', amount: -1000n }, { accountId: 'a1', assetCode: 'USD', amount: 1000n }], 'dep-1');
    await movement(A, 'm2', 2, [{ accountId: 'a1', assetCode: 'USD', amount: -300n }, { accountId: 'a2', assetCode: 'USD', amount: 295n }, { accountId: FEES_ACCOUNT, assetCode: 'USD', amount: 5n }]);
    await movement(A, 'm3', 2, [{ accountId: WORLD_ACCOUNT, assetCode: 'BTC', amount: -7n }, { accountId: 'a2', assetCode: 'BTC', amount: 7n }]);
    await movement(B, 'm4', 3, [{ accountId: WORLD_ACCOUNT, assetCode: 'USD', amount: -50n }, { accountId: 'b1', assetCode: 'USD', amount: 50n }]);
    await run(async (tx) => {
      assert.equal(await r.journal.trialBalance(tx, A), [
        { holding: 'BTC', account: null, accounts: 1, debits: 0n, credits: 7n },
        { holding: 'BTC', account: WORLD_ACCOUNT, accounts: 1, debits: 7n, credits: 0n },
        { holding: 'USD', account: null, accounts: 2, debits: 300n, credits: 1295n },
        { holding: 'USD', account: FEES_ACCOUNT, accounts: 1, debits: 0n, credits: 5n },
        { holding: 'USD', account: WORLD_ACCOUNT, accounts: 1, debits: 1000n, credits: 0n },
      ]);
      assert.equal(await r.journal.trialBalance(tx, 'team-c'), []);
      const m2 = await r.journal.movementEntries(tx, A, 'm2');
      assert.equal(m2.map((row) => [row.seq, row.accountId, row.amount]), [[0, 'a1', -300n], [1, 'a2', 295n], [2, FEES_ACCOUNT, 5n]]);
      assert.equal(m2[0], { movementId: 'm2', seq: 0, accountId: 'a1', holding: 'USD', amount: -300n, kind: 'kind-m2', reference: null, createdAt: at(2) });
      assert.is((await r.journal.movementEntries(tx, A, 'm1'))[0]!.reference, 'dep-1');
      assert.equal(await r.journal.movementEntries(tx, B, 'm2'), [], "another team's movement is not there");
      assert.equal(await r.journal.movementEntries(tx, A, 'missing'), []);
      const a2 = await r.journal.accountEntries(tx, A, 'a2', ALL);
      assert.equal(a2.items.map((row) => [row.movementId, row.holding, row.amount]), [['m3', 'BTC', 7n], ['m2', 'USD', 295n]], 'newest first; ties by movement id descending');
      const a1 = await r.journal.accountEntries(tx, A, 'a1', page(2, 1));
      assert.equal([a1.total, a1.items.map((row) => row.movementId)], [2, ['m1']]);
      assert.equal((await r.journal.accountEntries(tx, A, WORLD_ACCOUNT, ALL)).items.map((row) => row.movementId), ['m3', 'm1'], "a system account's entries are the team's only");
      assert.equal(await r.journal.accountEntries(tx, B, 'a1', ALL), { items: [], total: 0 });
    });
  });

  return test;
}

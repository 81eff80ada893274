import * as assert from 'uvu/assert';
import { repositorySuite, T0, TEAM_A, TEAM_B, type RepositoryHarness } from '../../../kit/testing.js';
import type { BalanceRecord, CustodianAccountRecord } from '../domain/custodian-account.js';
import type { CustodianRepository } from '../ports.js';

/**
 * What every store's CustodianRepository must do, run on each store by
 * repository.test.ts (memory, PGlite, PostgreSQL when DATABASE_URL is set).
 */
export function custodianRepositoryContract(title: string, harness: RepositoryHarness<CustodianRepository>) {
  const { test, it, run, waitsFor } = repositorySuite(title, harness);
  const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);
  let serial = 0;
  const link = (teamId: string, overrides: Partial<CustodianAccountRecord> = {}): CustodianAccountRecord => {
    serial += 1;
    const id = `00000000-0000-4000-8000-${String(serial).padStart(12, '0')}`;
    return { id, teamId, accountId: '11111111-1111-4111-8111-111111111111', custodian: 'simulator', externalId: `sim-${id}`, status: 'linked', lastSyncedAt: null, createdAt: T0, updatedAt: T0, ...overrides };
  };
  const balance = (of: CustodianAccountRecord, holding: string, custodianBalance: bigint, ledgerBalance: bigint): BalanceRecord => ({
    teamId: of.teamId,
    custodianAccountId: of.id,
    holding,
    custodianBalance,
    ledgerBalance,
    syncedAt: at(5),
  });

  it('links are found, locked and listed by their team only, oldest first; findLinked skips unlinked ones', async (repo) => {
    const [a1, b1, a2] = [link(TEAM_A, { status: 'unlinked' }), link(TEAM_B), link(TEAM_A, { lastSyncedAt: at(3) })];
    await run(async (tx) => {
      for (const one of [a1, b1, a2]) await repo.insertAccount(tx, one);
    });
    assert.equal(await run((tx) => repo.findAccount(tx, TEAM_A, a2.id)), a2);
    assert.equal(await run((tx) => repo.lockAccount(tx, TEAM_A, a1.id)), a1);
    assert.is(await run((tx) => repo.findAccount(tx, TEAM_B, a1.id)), undefined);
    assert.is(await run((tx) => repo.lockAccount(tx, TEAM_B, a1.id)), undefined);
    assert.equal(await run((tx) => repo.findLinked(tx, TEAM_A, a2.accountId, 'simulator')), a2);
    assert.is(await run((tx) => repo.findLinked(tx, TEAM_A, a2.accountId, 'other')), undefined);
    const page = await run((tx) => repo.listAccounts(tx, TEAM_A, { page: 1, perPage: 1 }));
    assert.equal([page.items, page.total], [[a1], 2]);
  });

  it('insertAccount refuses a second live link of an account to a custodian, not an unlinked one’s successor', async (repo) => {
    const first = link(TEAM_A, { accountId: '22222222-2222-4222-8222-222222222222' });
    assert.ok(await run((tx) => repo.insertAccount(tx, first)));
    const second = link(TEAM_A, { accountId: first.accountId });
    assert.not.ok(await run((tx) => repo.insertAccount(tx, second)));
    assert.is(await run((tx) => repo.findAccount(tx, TEAM_A, second.id)), undefined);
    assert.ok(await run((tx) => repo.insertAccount(tx, link(TEAM_A, { accountId: first.accountId, custodian: 'other' }))));
    assert.ok(await run((tx) => repo.insertAccount(tx, link(TEAM_B, { accountId: first.accountId }))));
    await run((tx) => repo.updateAccount(tx, { ...first, status: 'unlinked' }));
    assert.ok(await run((tx) => repo.insertAccount(tx, second)));
  });

  it('updateAccount writes status and sync time, never another team’s link', async (repo) => {
    const mine = link(TEAM_A);
    await run((tx) => repo.insertAccount(tx, mine));
    const changed: CustodianAccountRecord = { ...mine, status: 'unlinked', lastSyncedAt: at(7), updatedAt: at(7) };
    await run((tx) => repo.updateAccount(tx, { ...changed, externalId: 'other' }));
    assert.equal(await run((tx) => repo.findAccount(tx, TEAM_A, mine.id)), changed);
    await run((tx) => repo.updateAccount(tx, { ...changed, teamId: TEAM_B, status: 'linked' }));
    assert.is((await run((tx) => repo.findAccount(tx, TEAM_A, mine.id)))!.status, 'unlinked');
  });

  it('balances are replaced whole by each sync, read in holding order by the link’s team only (bigints beyond 2^64)', async (repo) => {
    const mine = link(TEAM_A);
    await run((tx) => repo.insertAccount(tx, mine));
    await run((tx) => repo.replaceBalances(tx, TEAM_A, mine.id, [balance(mine, 'USD', 10n, 10n), balance(mine, 'BTC', 1n, 0n)]));
    const second = [balance(mine, 'USD', 12n, 10n), balance(mine, 'ETH', 10n ** 30n, 10n ** 30n - 1n)];
    await run((tx) => repo.replaceBalances(tx, TEAM_A, mine.id, second));
    assert.equal(await run((tx) => repo.balances(tx, TEAM_A, mine.id)), [second[1], second[0]]);
    assert.equal(await run((tx) => repo.balances(tx, TEAM_B, mine.id)), []);
  });

  it('the simulated custodian’s accounts are saved and loaded whole', async (repo) => {
    assert.is(await run((tx) => repo.loadSimulated(tx, 'sim-x')), undefined);
    await run((tx) => repo.saveSimulated(tx, { externalId: 'sim-x', syncs: 0, balances: new Map([['USD', 5n]]) }));
    const next = { externalId: 'sim-x', syncs: 3, balances: new Map([['USD', 7n], ['ETH', 10n ** 30n]]) };
    await run((tx) => repo.saveSimulated(tx, next));
    assert.equal(await run((tx) => repo.loadSimulated(tx, 'sim-x')), next);
  });

  it('a second unit of work locking the same link waits for the first', async (repo) => {
    const mine = link(TEAM_A);
    await run((tx) => repo.insertAccount(tx, mine));
    await waitsFor(
      (tx) => repo.lockAccount(tx, TEAM_A, mine.id),
      (tx) => repo.lockAccount(tx, TEAM_A, mine.id),
    );
  });

  it('a rolled-back unit of work leaves nothing behind', async (repo) => {
    const gone = link(TEAM_A);
    await run(async (tx) => {
      await repo.insertAccount(tx, gone);
      await repo.saveSimulated(tx, { externalId: gone.externalId, syncs: 0, balances: new Map() });
      throw new Error('roll back');
    }).catch(() => undefined);
    assert.is(await run((tx) => repo.findAccount(tx, TEAM_A, gone.id)), undefined);
    assert.is(await run((tx) => repo.loadSimulated(tx, gone.externalId)), undefined);
  });

  return test;
}

import * as assert from 'uvu/assert';
import { repositorySuite, T0, TEAM_A, TEAM_B, type RepositoryHarness } from '../../../kit/testing.js';
import type { IssuanceRecord } from '../domain/reserve.js';
import type { IssuanceRepository } from '../ports.js';

/**
 * What every store's IssuanceRepository must do, run on each store by
 * repository.test.ts (memory, PGlite, PostgreSQL when DATABASE_URL is set).
 */
export function issuanceRepositoryContract(title: string, harness: RepositoryHarness<IssuanceRepository>) {
  const { test, it, run, waitsFor } = repositorySuite(title, harness);
  let serial = 0;
  const issuance = (teamId: string, overrides: Partial<IssuanceRecord> = {}): IssuanceRecord => {
    serial += 1;
    return {
      id: `00000000-0000-4000-8000-${String(serial).padStart(12, '0')}`,
      teamId,
      kind: 'mint',
      code: 'USDB',
      referenceAsset: 'USD',
      accountId: '11111111-1111-4111-8111-111111111111',
      amount: 12_345n,
      movementId: `movement-${serial}`,
      createdAt: new Date(T0.getTime() + serial * 1000),
      ...overrides,
    };
  };

  it('an issuance reads back whole (a bigint beyond 2^64 too) by its team only', async (repo) => {
    const big = issuance(TEAM_A, { kind: 'redeem', amount: 10n ** 30n });
    await run((tx) => repo.insert(tx, big));
    assert.equal(await run((tx) => repo.find(tx, TEAM_A, big.id)), big);
    assert.is(await run((tx) => repo.find(tx, TEAM_B, big.id)), undefined);
  });

  it('list: one team’s issuances of one token, newest first, paged with the total', async (repo) => {
    const [a1, b1, a2, other, a3] = [issuance(TEAM_A), issuance(TEAM_B), issuance(TEAM_A, { kind: 'redeem' }), issuance(TEAM_A, { code: 'EURB', referenceAsset: 'EUR' }), issuance(TEAM_A)];
    await run(async (tx) => {
      for (const one of [a1, b1, a2, other, a3]) await repo.insert(tx, one);
    });
    const first = await run((tx) => repo.list(tx, TEAM_A, 'USDB', { page: 1, perPage: 2 }));
    assert.equal([first.items, first.total], [[a3, a2], 3]);
    const second = await run((tx) => repo.list(tx, TEAM_A, 'USDB', { page: 2, perPage: 2 }));
    assert.equal(second.items, [a1]);
    assert.equal((await run((tx) => repo.list(tx, TEAM_B, 'USDB', { page: 1, perPage: 10 }))).items, [b1]);
    assert.equal((await run((tx) => repo.list(tx, TEAM_B, 'EURB', { page: 1, perPage: 10 }))).total, 0);
  });

  it('a second unit of work locking the same team’s token waits for the first', async (repo) => {
    await waitsFor(
      (tx) => repo.lockToken(tx, TEAM_A, 'USDB'),
      (tx) => repo.lockToken(tx, TEAM_A, 'USDB'),
    );
  });

  it('a rolled-back unit of work leaves nothing behind', async (repo) => {
    const gone = issuance(TEAM_A);
    await run(async (tx) => {
      await repo.insert(tx, gone);
      throw new Error('roll back');
    }).catch(() => undefined);
    assert.is(await run((tx) => repo.find(tx, TEAM_A, gone.id)), undefined);
  });

  return test;
}

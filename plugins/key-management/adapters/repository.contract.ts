import * as assert from 'uvu/assert';
import { repositorySuite, T0, TEAM_A, TEAM_B, type RepositoryHarness } from '../../../kit/testing.js';
import type { ReconstructionRecord, RecoveryKeyRecord } from '../domain/recovery-key.js';
import type { RecoveryKeyRepository } from '../ports.js';

/** What every store's RecoveryKeyRepository must do (memory, PGlite, PostgreSQL when DATABASE_URL is set). */
export function recoveryKeyRepositoryContract(title: string, harness: RepositoryHarness<RecoveryKeyRepository>) {
  const { test, it, run } = repositorySuite(title, harness);
  let serial = 0;
  const uuid = () => {
    serial += 1;
    return `00000000-0000-4000-8000-${String(serial).padStart(12, '0')}`;
  };
  const key = (teamId: string): RecoveryKeyRecord => ({ id: uuid(), teamId, label: `key ${serial}`, threshold: 2, shareCount: 3, fingerprint: `sha256:${'ab'.repeat(32)}`, createdAt: T0 });
  const attempt = (of: RecoveryKeyRecord, matches: boolean): ReconstructionRecord => ({ id: uuid(), teamId: of.teamId, recoveryKeyId: of.id, purpose: matches ? 'reconstruct' : 'verify', sharesGiven: 2, matches, createdAt: T0 });

  it('keys are found and listed (newest first) by their team only', async (repo) => {
    const [a1, b1, a2] = [key(TEAM_A), key(TEAM_B), key(TEAM_A)];
    await run(async (tx) => {
      for (const one of [a1, b1, a2]) await repo.insertKey(tx, one);
    });
    assert.equal(await run((tx) => repo.findKey(tx, TEAM_A, a1.id)), a1);
    assert.is(await run((tx) => repo.findKey(tx, TEAM_B, a1.id)), undefined);
    const page = await run((tx) => repo.listKeys(tx, TEAM_A, { page: 1, perPage: 1 }));
    assert.equal([page.items, page.total], [[a2], 2]);
  });

  it('reconstructions are listed per key and team, newest first', async (repo) => {
    const mine = key(TEAM_A);
    const other = key(TEAM_A);
    await run(async (tx) => {
      await repo.insertKey(tx, mine);
      await repo.insertKey(tx, other);
    });
    const [failed, done, elsewhere] = [attempt(mine, false), attempt(mine, true), attempt(other, true)];
    await run(async (tx) => {
      for (const one of [failed, done, elsewhere]) await repo.insertReconstruction(tx, one);
    });
    const listed = await run((tx) => repo.listReconstructions(tx, TEAM_A, mine.id, { page: 1, perPage: 10 }));
    assert.equal([listed.items, listed.total], [[done, failed], 2]);
    assert.is((await run((tx) => repo.listReconstructions(tx, TEAM_B, mine.id, { page: 1, perPage: 10 }))).total, 0);
  });

  it('a rolled-back unit of work leaves nothing behind', async (repo) => {
    const lost = key(TEAM_A);
    await run(async (tx) => {
      await repo.insertKey(tx, lost);
      throw new Error('roll back');
    }).catch(() => undefined);
    assert.is(await run((tx) => repo.findKey(tx, TEAM_A, lost.id)), undefined);
  });

  return test;
}

import * as assert from 'uvu/assert';
import { repositorySuite, T0, TEAM_A, TEAM_B, type RepositoryHarness } from '../../../kit/testing.js';
import type { CertificateRecord } from '../domain/certificate.js';
import type { CertificateRepository } from '../ports.js';

/** What every store's CertificateRepository must do (memory, PGlite, PostgreSQL when DATABASE_URL is set). */
export function certificateRepositoryContract(title: string, harness: RepositoryHarness<CertificateRepository>) {
  const { test, it, run } = repositorySuite(title, harness);
  const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);
  const USER_1 = '11111111-1111-4111-8111-111111111111';
  const USER_2 = '22222222-2222-4222-8222-222222222222';
  let serial = 0;
  const certificate = (teamId: string, userId = USER_1): CertificateRecord => {
    serial += 1;
    return {
      id: `00000000-0000-4000-8000-${String(serial).padStart(12, '0')}`,
      teamId,
      userId,
      level: 'standard',
      token: `header.payload${serial}.signature`,
      issuedAt: at(serial),
      expiresAt: at(serial + 60),
      revokedAt: null,
      revocationReason: null,
    };
  };
  const insert = (repo: CertificateRepository, ...all: CertificateRecord[]) =>
    run(async (tx) => {
      for (const one of all) await repo.insert(tx, one);
    });

  it('a certificate is found by its team only; verification finds it whatever the team', async (repo) => {
    const mine = certificate(TEAM_A);
    await insert(repo, mine);
    assert.equal(await run((tx) => repo.find(tx, TEAM_A, mine.id)), mine);
    assert.is(await run((tx) => repo.find(tx, TEAM_B, mine.id)), undefined);
    assert.equal(await run((tx) => repo.findForVerification(tx, mine.id)), mine);
    assert.is(await run((tx) => repo.findForVerification(tx, '99999999-9999-4999-8999-999999999999')), undefined);
  });

  it('list pages the team’s certificates newest first, of one user when asked', async (repo) => {
    const all = [certificate(TEAM_A), certificate(TEAM_A, USER_2), certificate(TEAM_B), certificate(TEAM_A)];
    await insert(repo, ...all);
    const first = await run((tx) => repo.list(tx, TEAM_A, { page: 1, perPage: 2 }));
    assert.equal([first.items.map((one) => one.id), first.total], [[all[3]!.id, all[1]!.id], 3]);
    const ofUser = await run((tx) => repo.list(tx, TEAM_A, { page: 1, perPage: 10 }, USER_1));
    assert.equal([ofUser.items.map((one) => one.id), ofUser.total], [[all[3]!.id, all[0]!.id], 2]);
    assert.is((await run((tx) => repo.list(tx, TEAM_B, { page: 1, perPage: 10 }, USER_2))).total, 0);
  });

  it('revoke marks an unrevoked certificate once, never another team’s', async (repo) => {
    const mine = certificate(TEAM_A);
    await insert(repo, mine);
    assert.is(await run((tx) => repo.revoke(tx, TEAM_B, mine.id, at(90), 'x')), undefined);
    const revoked = { ...mine, revokedAt: at(90), revocationReason: 'document stolen' };
    assert.equal(await run((tx) => repo.revoke(tx, TEAM_A, mine.id, at(90), 'document stolen')), revoked);
    assert.is(await run((tx) => repo.revoke(tx, TEAM_A, mine.id, at(91), null)), undefined);
    assert.equal(await run((tx) => repo.find(tx, TEAM_A, mine.id)), revoked);
  });

  it('a rolled-back unit of work leaves nothing behind', async (repo) => {
    const lost = certificate(TEAM_A);
    await run(async (tx) => {
      await repo.insert(tx, lost);
      throw new Error('roll back');
    }).catch(() => undefined);
    assert.is(await run((tx) => repo.findForVerification(tx, lost.id)), undefined);
  });

  return test;
}

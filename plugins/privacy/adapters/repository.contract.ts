import * as assert from 'uvu/assert';
import { repositorySuite, T0, TEAM_A, TEAM_B, type RepositoryHarness } from '../../../kit/testing.js';
import type { PrivacyRequestRecord } from '../domain.js';
import type { PrivacyRequestRepository } from '../ports.js';

/** What every store's PrivacyRequestRepository must do (memory, PGlite, PostgreSQL when DATABASE_URL is set). */
export function privacyRepositoryContract(title: string, harness: RepositoryHarness<PrivacyRequestRepository>) {
  const { test, it, run } = repositorySuite(title, harness);
  const later = new Date(T0.getTime() + 60_000);
  let serial = 0;
  const request = (teamId: string, overrides: Partial<PrivacyRequestRecord> = {}): PrivacyRequestRecord => {
    serial += 1;
    const id = `00000000-0000-4000-8000-${String(serial).padStart(12, '0')}`;
    return { id, teamId, userId: 'user-1', type: 'export', status: 'received', requestedByTeamId: teamId, requestedByUserId: 'user-1', modules: [], document: null, createdAt: T0, completedAt: null, ...overrides };
  };
  const insert = (repo: PrivacyRequestRepository, ...requests: PrivacyRequestRecord[]) =>
    run(async (tx) => {
      for (const one of requests) await repo.insert(tx, one);
    });

  it('a request is found by its team or the operator (null), never another team', async (repo) => {
    const mine = request(TEAM_A);
    await insert(repo, mine);
    assert.equal(await run((tx) => repo.find(tx, TEAM_A, mine.id)), mine);
    assert.equal(await run((tx) => repo.find(tx, null, mine.id)), mine);
    assert.is(await run((tx) => repo.find(tx, TEAM_B, mine.id)), undefined);
  });

  it('complete moves a received request once, with modules and document', async (repo) => {
    const mine = request(TEAM_A);
    await insert(repo, mine);
    const done = await run((tx) => repo.complete(tx, mine.id, ['identity'], '{"a":1}', later));
    assert.equal(done, { ...mine, status: 'completed', modules: ['identity'], document: '{"a":1}', completedAt: later });
    assert.is(await run((tx) => repo.complete(tx, mine.id, [], null, later)), undefined);
    assert.equal(await run((tx) => repo.find(tx, TEAM_A, mine.id)), done);
  });

  it('list pages newest first per team, all teams for the operator', async (repo) => {
    const requests = [request(TEAM_A), request(TEAM_B), request(TEAM_A), request(TEAM_A)];
    await insert(repo, ...requests);
    const first = await run((tx) => repo.list(tx, TEAM_A, { page: 1, perPage: 2 }));
    assert.equal(first.items.map((one) => one.id), [requests[3]!.id, requests[2]!.id]);
    assert.is(first.total, 3);
    assert.is((await run((tx) => repo.list(tx, null, { page: 1, perPage: 10 }))).total, 4);
  });

  it('dropDocuments clears the user’s stored exports in the team only', async (repo) => {
    const mine = request(TEAM_A, { status: 'completed', document: '{}', completedAt: later });
    const other = request(TEAM_B, { status: 'completed', document: '{}', completedAt: later });
    await insert(repo, mine, other);
    assert.is(await run((tx) => repo.dropDocuments(tx, TEAM_A, 'user-1')), 1);
    assert.is((await run((tx) => repo.find(tx, TEAM_A, mine.id)))!.document, null);
    assert.is((await run((tx) => repo.find(tx, TEAM_B, other.id)))!.document, '{}');
  });

  it('a rolled-back unit of work leaves nothing behind', async (repo) => {
    const lost = request(TEAM_A);
    await run(async (tx) => {
      await repo.insert(tx, lost);
      throw new Error('roll back');
    }).catch(() => undefined);
    assert.is(await run((tx) => repo.find(tx, TEAM_A, lost.id)), undefined);
  });

  return test;
}

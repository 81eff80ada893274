import * as assert from 'uvu/assert';
import { repositorySuite, T0, TEAM_A, TEAM_B, type RepositoryHarness } from '../../../kit/testing.js';
import type { QueryRecord } from '../domain/query-record.js';
import type { QueryLogRepository } from '../ports.js';

/**
 * What every store's QueryLogRepository must do, run on each store by
 * repository.test.ts (memory, PGlite, PostgreSQL when DATABASE_URL is set).
 */
export function queryLogRepositoryContract(title: string, harness: RepositoryHarness<QueryLogRepository>) {
  const { test, it, run } = repositorySuite(title, harness);
  let serial = 0;
  const record = (teamId: string, cacheKey = 'k', overrides: Partial<QueryRecord> = {}): QueryRecord => {
    serial += 1;
    return {
      id: `00000000-0000-4000-8000-${String(serial).padStart(12, '0')}`,
      teamId,
      kind: 'v2.query',
      query: `question ${serial}`,
      accountId: null,
      cacheKey,
      interpretation: { type: ['deposit'], amount_min: '10.5' },
      answer: { answer: 'You deposited 10.50 USD.', result: { kind: 'number', value: '10.50' } },
      createdAt: new Date(T0.getTime() + serial * 1000),
      ...overrides,
    };
  };
  const insert = (repo: QueryLogRepository, ...records: QueryRecord[]) =>
    run(async (tx) => {
      for (const one of records) await repo.insert(tx, one);
    });

  it('latest is the team’s newest record with the key, never another team’s', async (repo) => {
    const older = record(TEAM_A, 'same');
    const newer = record(TEAM_A, 'same', { accountId: '6f1c2b9e-4a8d-4f3e-9b7a-2d5c8e1f0a34', kind: 'v1.transactions' });
    const other = record(TEAM_B, 'same');
    await insert(repo, older, newer, other, record(TEAM_A, 'different'));
    assert.equal(await run((tx) => repo.latest(tx, TEAM_A, 'same')), newer);
    assert.equal(await run((tx) => repo.latest(tx, TEAM_B, 'same')), other);
    assert.is(await run((tx) => repo.latest(tx, TEAM_B, 'different')), undefined);
  });

  it('list pages the team’s records newest first with the total', async (repo) => {
    const records = [record(TEAM_A), record(TEAM_B), record(TEAM_A), record(TEAM_A)];
    await insert(repo, ...records);
    const first = await run((tx) => repo.list(tx, TEAM_A, { page: 1, perPage: 2 }));
    const second = await run((tx) => repo.list(tx, TEAM_A, { page: 2, perPage: 2 }));
    assert.equal(first.items.map((one) => one.id), [records[3]!.id, records[2]!.id]);
    assert.equal(second.items, [records[0]!]);
    assert.is(first.total, 3);
  });

  it('a rolled-back unit of work leaves nothing behind', async (repo) => {
    const lost = record(TEAM_A, 'lost');
    await run(async (tx) => {
      await repo.insert(tx, lost);
      throw new Error('roll back');
    }).catch(() => undefined);
    assert.is(await run((tx) => repo.latest(tx, TEAM_A, 'lost')), undefined);
  });

  return test;
}

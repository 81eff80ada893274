import * as assert from 'uvu/assert';
import { repositorySuite, T0, TEAM_A, TEAM_B, type RepositoryHarness } from '../../../kit/testing.js';
import { messageIdOf, type MessageRecord } from '../domain/message.js';
import type { MessageRepository } from '../ports.js';

/** What every store's MessageRepository must do (memory, PGlite, PostgreSQL when DATABASE_URL is set). */
export function messageRepositoryContract(title: string, harness: RepositoryHarness<MessageRepository>) {
  const { test, it, run } = repositorySuite(title, harness);
  let serial = 0;
  const message = (teamId: string, subject: string, type: MessageRecord['type'] = 'pacs.008'): MessageRecord => {
    serial += 1;
    const id = `00000000-0000-4000-8000-${String(serial).padStart(12, '0')}`;
    return { id, teamId, messageId: messageIdOf(id), type, subject, transferId: type === 'pacs.008' ? subject : null, accountId: null, currency: 'EUR', periodFrom: null, periodTo: null, createdAt: new Date(T0.getTime() + serial * 1000), document: `<Document n="${serial}"/>` };
  };

  it('a message is stored once per team, type and subject: a second issue answers the first', async (repo) => {
    const first = message(TEAM_A, 'transfer-1');
    assert.equal(await run((tx) => repo.issue(tx, first)), first);
    assert.equal(await run((tx) => repo.issue(tx, message(TEAM_A, 'transfer-1'))), first);
    const ofB = message(TEAM_B, 'transfer-1');
    assert.equal(await run((tx) => repo.issue(tx, ofB)), ofB, 'another team’s subject is its own');
    const statement = message(TEAM_A, 'transfer-1', 'camt.053');
    assert.equal(await run((tx) => repo.issue(tx, statement)), statement, 'another type is another message');
    assert.equal(await run((tx) => repo.bySubject(tx, TEAM_A, 'pacs.008', 'transfer-1')), first);
    assert.is(await run((tx) => repo.bySubject(tx, TEAM_A, 'pacs.008', 'transfer-2')), undefined);
  });

  it('find and list see the team’s messages only, newest first, of one type when asked', async (repo) => {
    const all = [message(TEAM_A, 'a'), message(TEAM_B, 'b'), message(TEAM_A, 'c', 'camt.053'), message(TEAM_A, 'd')];
    await run(async (tx) => {
      for (const one of all) await repo.issue(tx, one);
    });
    assert.equal(await run((tx) => repo.find(tx, TEAM_A, all[0]!.id)), all[0]);
    assert.is(await run((tx) => repo.find(tx, TEAM_B, all[0]!.id)), undefined);
    const page = await run((tx) => repo.list(tx, TEAM_A, { page: 1, perPage: 2 }));
    assert.equal([page.items.map((one) => one.id), page.total], [[all[3]!.id, all[2]!.id], 3]);
    const transfers = await run((tx) => repo.list(tx, TEAM_A, { page: 1, perPage: 10 }, 'pacs.008'));
    assert.equal(transfers.items.map((one) => one.id), [all[3]!.id, all[0]!.id]);
  });

  it('a rolled-back unit of work leaves nothing behind', async (repo) => {
    const lost = message(TEAM_A, 'lost');
    await run(async (tx) => {
      await repo.issue(tx, lost);
      throw new Error('roll back');
    }).catch(() => undefined);
    assert.is(await run((tx) => repo.find(tx, TEAM_A, lost.id)), undefined);
  });

  return test;
}

import * as assert from 'uvu/assert';
import { ALL, at, ids, page, repositorySuite, T0, TEAM_A, TEAM_B, type RepositoryHarness } from '../../../kit/testing.js';
import type { EarningRecord, ProfileRecord, QuestRecord, RedemptionRecord } from '../domain/rewards.js';
import type { RewardsRepository } from '../ports.js';

/**
 * What every store's RewardsRepository must do, run on each store by
 * repository.test.ts (memory, PGlite, PostgreSQL when DATABASE_URL is set).
 */
export function rewardsRepositoryContract(title: string, harness: RepositoryHarness<RewardsRepository>) {
  const { test, it, run } = repositorySuite(title, harness);
  let serial = 0;
  const uuid = () => `00000000-0000-4000-8000-${String((serial += 1)).padStart(12, '0')}`;
  const profile = (teamId: string, points = 0n): ProfileRecord => ({ teamId, status: 'enrolled', points, lifetimePoints: points, createdAt: T0, updatedAt: T0 });
  const earning = (teamId: string, sourceId: string, basis: bigint, eventId = `event-${serial}`): EarningRecord => ({
    id: uuid(),
    teamId,
    eventId,
    source: 'card_capture',
    sourceId,
    assetCode: 'USD',
    basis,
    points: basis / 100n,
    createdAt: at(serial),
  });
  const quest = (event: QuestRecord['event']): QuestRecord => ({ id: uuid(), name: `Quest ${serial}`, event, target: 3, bonusPoints: 10n ** 25n, createdAt: T0 });

  it('a profile is saved, replaced and found by its team only; created_at stays', async (repo) => {
    await run((tx) => repo.saveProfile(tx, profile(TEAM_A)));
    assert.equal(await run((tx) => repo.findProfile(tx, TEAM_A)), profile(TEAM_A));
    assert.is(await run((tx) => repo.findProfile(tx, TEAM_B)), undefined);
    const richer: ProfileRecord = { ...profile(TEAM_A, 10n ** 30n), status: 'opted_out', createdAt: at(99), updatedAt: at(5) };
    await run((tx) => repo.saveProfile(tx, richer));
    assert.equal(await run((tx) => repo.lockProfile(tx, TEAM_A)), { ...richer, createdAt: T0 });
  });

  it('earnings sum their basis per source and team, list newest first, and an event earns once per source', async (repo) => {
    const [one, two, other, own] = [earning(TEAM_A, 'auth-1', 4_050n), earning(TEAM_A, 'auth-1', 8_100n), earning(TEAM_B, 'auth-1', 1n), earning(TEAM_A, 'auth-2', 7n)];
    for (const row of [one!, two!, other!, own!]) await run((tx) => repo.insertEarning(tx, row));
    assert.is(await run((tx) => repo.earnedBasis(tx, TEAM_A, 'card_capture', 'auth-1')), 12_150n);
    assert.is(await run((tx) => repo.earnedBasis(tx, TEAM_A, 'invoice_payment', 'auth-1')), 0n);
    const listed = await run((tx) => repo.listEarnings(tx, TEAM_A, page(1, 2)));
    assert.equal([ids(listed.items), listed.total], [[own!.id, two!.id], 3]);
    assert.equal((await run((tx) => repo.listEarnings(tx, TEAM_B, ALL))).items, [other]);
    let refused = false;
    await run((tx) => repo.insertEarning(tx, { ...earning(TEAM_A, 'auth-1', 1n), eventId: one!.eventId })).catch(() => (refused = true));
    assert.ok(refused, 'the same event and source twice is refused');
  });

  it('quests list oldest first, by event; progress starts at zero and is kept per team, quest and month', async (repo) => {
    const [cards, payments] = [quest('card_capture'), quest('invoice_payment')];
    for (const one of [cards, payments]) await run((tx) => repo.insertQuest(tx, one));
    assert.equal(await run((tx) => repo.quests(tx)), [cards, payments]);
    assert.equal(await run((tx) => repo.quests(tx, 'invoice_payment')), [payments]);
    const fresh = await run((tx) => repo.lockProgress(tx, TEAM_A, cards.id, '2026-03'));
    assert.equal(fresh, { teamId: TEAM_A, questId: cards.id, period: '2026-03', count: 0, completedAt: null });
    await run((tx) => repo.saveProgress(tx, { ...fresh, count: 1 }));
    await run((tx) => repo.saveProgress(tx, { ...fresh, count: 3, completedAt: at(7) }));
    await run((tx) => repo.saveProgress(tx, { ...fresh, period: '2026-04', count: 1 }));
    assert.equal(await run((tx) => repo.progress(tx, TEAM_A, '2026-03')), [{ ...fresh, count: 3, completedAt: at(7) }]);
    assert.equal(await run((tx) => repo.progress(tx, TEAM_B, '2026-03')), []);
    assert.is((await run((tx) => repo.lockProgress(tx, TEAM_B, cards.id, '2026-03'))).count, 0);
  });

  it('redemptions list newest first by team', async (repo) => {
    const redemption = (teamId: string): RedemptionRecord => ({ id: uuid(), teamId, points: 500n, accountId: 'acc', assetCode: 'USD', amount: 500n, movementId: `mv-${serial}`, createdAt: at(serial) });
    const [one, other, two] = [redemption(TEAM_A), redemption(TEAM_B), redemption(TEAM_A)];
    for (const row of [one, other, two]) await run((tx) => repo.insertRedemption(tx, row));
    assert.equal(await run((tx) => repo.listRedemptions(tx, TEAM_A, ALL)), { items: [two, one], total: 2 });
  });

  it('a rolled-back unit of work leaves nothing behind', async (repo) => {
    await run((tx) => repo.saveProfile(tx, profile(TEAM_A)));
    const made = quest('card_capture');
    await run(async (tx) => {
      await repo.saveProfile(tx, profile(TEAM_A, 50n));
      await repo.insertEarning(tx, earning(TEAM_A, 'auth-9', 5_000n));
      await repo.insertQuest(tx, made);
      throw new Error('roll back');
    }).catch(() => undefined);
    assert.equal(await run((tx) => repo.findProfile(tx, TEAM_A)), profile(TEAM_A));
    assert.is((await run((tx) => repo.listEarnings(tx, TEAM_A, ALL))).total, 0);
    assert.equal(await run((tx) => repo.quests(tx)), []);
  });

  return test;
}

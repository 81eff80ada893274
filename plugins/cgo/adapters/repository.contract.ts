import * as assert from 'uvu/assert';
import { ALL, at, page, repositorySuite, T0, TEAM_A, TEAM_B, type RepositoryHarness } from '../../../kit/testing.js';
import type { InvestmentRecord, RoundRecord } from '../domain/round.js';
import type { CgoRepository } from '../ports.js';

/**
 * What every store's CgoRepository must do, run on each store by
 * repository.test.ts (memory, PGlite, PostgreSQL when DATABASE_URL is set).
 */
export function cgoRepositoryContract(title: string, harness: RepositoryHarness<CgoRepository>) {
  const { test, it, run, waitsFor } = repositorySuite(title, harness);
  let serial = 0;
  const uuid = () => `00000000-0000-4000-8000-${String((serial += 1)).padStart(12, '0')}`;
  const round = (closesAt: Date, extra: Partial<RoundRecord> = {}): RoundRecord => ({
    id: uuid(),
    teamId: 'bank',
    name: 'Seed',
    assetCode: 'USD',
    pricePerUnit: 10n ** 30n,
    minUnits: 1,
    maxUnits: 2_147_483_647,
    hardCapUnits: 2_147_483_647,
    closesAt,
    status: 'open',
    createdAt: T0,
    closedAt: null,
    subscribedUnits: null,
    allocatedUnits: null,
    investors: null,
    ...extra,
  });
  const investment = (teamId: string, roundId: string, units: number): InvestmentRecord => ({
    id: uuid(),
    teamId,
    roundId,
    accountId: `acc-${teamId}`,
    assetCode: 'USD',
    requestedUnits: units,
    paid: BigInt(units) * 10n ** 30n,
    status: 'escrowed',
    allocatedUnits: null,
    cost: null,
    refund: null,
    refundStatus: 'pending',
    paymentMovementId: `mv-${serial}`,
    settlementMovementId: null,
    createdAt: at(serial),
    allocatedAt: null,
  });

  it('rounds are found by id from any team, listed newest first, big prices intact', async (repo) => {
    const [one, two] = [round(at(60)), round(at(120))];
    for (const r of [one, two]) await run((tx) => repo.insertRound(tx, r));
    assert.equal(await run((tx) => repo.findRound(tx, one.id)), one);
    assert.equal(await run((tx) => repo.lockRound(tx, two.id)), two);
    assert.is(await run((tx) => repo.findRound(tx, 'not-a-uuid')), undefined);
    assert.is(await run((tx) => repo.lockRound(tx, '00000000-0000-4000-8000-999999999999')), undefined);
    const listed = await run((tx) => repo.listRounds(tx, page(1, 1)));
    assert.equal([listed.items.map((r) => r.id), listed.total], [[two.id], 2]);
  });

  it('due rounds are the open ones at or past their closing time, oldest closing first; a closed round is updated', async (repo) => {
    const [late, early, future] = [round(at(100)), round(at(50)), round(at(500))];
    for (const r of [late, early, future]) await run((tx) => repo.insertRound(tx, r));
    assert.equal(await run((tx) => repo.dueRounds(tx, at(100), 10)), [early.id, late.id]);
    assert.equal(await run((tx) => repo.dueRounds(tx, at(100), 1)), [early.id]);
    const closed: RoundRecord = { ...early, status: 'closed', closedAt: at(100), subscribedUnits: 30, allocatedUnits: 20, investors: 2 };
    await run((tx) => repo.updateRound(tx, closed));
    assert.equal(await run((tx) => repo.findRound(tx, early.id)), closed);
    assert.equal(await run((tx) => repo.dueRounds(tx, at(1000), 10)), [late.id, future.id]);
  });

  it('investments are scoped by team: found, listed and looked up per round by their team only; the round sees all in order', async (repo) => {
    const [r1, r2] = [round(at(60)), round(at(60))];
    for (const r of [r1, r2]) await run((tx) => repo.insertRound(tx, r));
    const a1 = investment(TEAM_A, r1.id, 10);
    const b1 = investment(TEAM_B, r1.id, 20);
    const a2 = investment(TEAM_A, r2.id, 2_147_483_647);
    for (const i of [a1, b1, a2]) await run((tx) => repo.insertInvestment(tx, i));
    assert.equal(await run((tx) => repo.findInvestment(tx, TEAM_A, a1.id)), a1);
    assert.is(await run((tx) => repo.findInvestment(tx, TEAM_B, a1.id)), undefined);
    assert.is(await run((tx) => repo.findInvestment(tx, TEAM_A, 'nope')), undefined);
    assert.equal(await run((tx) => repo.investmentOf(tx, TEAM_B, r1.id)), b1);
    assert.is(await run((tx) => repo.investmentOf(tx, TEAM_B, r2.id)), undefined);
    assert.equal(await run((tx) => repo.listInvestments(tx, TEAM_A, ALL)), { items: [a2, a1], total: 2 });
    assert.equal(await run((tx) => repo.listInvestments(tx, TEAM_A, ALL, r1.id)), { items: [a1], total: 1 });
    assert.equal(await run((tx) => repo.listInvestments(tx, TEAM_A, ALL, 'nope')), { items: [], total: 0 });
    assert.equal(await run((tx) => repo.roundInvestments(tx, r1.id)), [a1, b1]);
    const allocated: InvestmentRecord = { ...b1, status: 'allocated', allocatedUnits: 5, cost: 5n * 10n ** 30n, refund: 15n * 10n ** 30n, refundStatus: 'refunded', settlementMovementId: 'mv-s', allocatedAt: at(60) };
    await run((tx) => repo.updateInvestment(tx, allocated));
    assert.equal(await run((tx) => repo.findInvestment(tx, TEAM_B, b1.id)), allocated);
  });

  it('a team invests once per round, and a rolled-back insert leaves nothing', async (repo) => {
    const r = round(at(60));
    await run((tx) => repo.insertRound(tx, r));
    await run((tx) => repo.insertInvestment(tx, investment(TEAM_A, r.id, 1)));
    let refused = false;
    await run((tx) => repo.insertInvestment(tx, investment(TEAM_A, r.id, 2))).catch(() => (refused = true));
    assert.ok(refused, 'the second investment of a team in a round is refused');
    await run(async (tx) => {
      await repo.insertInvestment(tx, investment(TEAM_B, r.id, 3));
      throw new Error('roll back');
    }).catch(() => undefined);
    assert.equal((await run((tx) => repo.roundInvestments(tx, r.id))).map((i) => i.requestedUnits), [1]);
  });

  it('a locked round keeps a second locker waiting until the first commits', async (repo) => {
    const r = round(at(60));
    await run((tx) => repo.insertRound(tx, r));
    await waitsFor(
      (tx) => repo.lockRound(tx, r.id),
      (tx) => repo.lockRound(tx, r.id),
    );
  });

  return test;
}

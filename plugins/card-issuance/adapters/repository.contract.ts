import * as assert from 'uvu/assert';
import { repositorySuite, T0, TEAM_A, TEAM_B, type RepositoryHarness } from '../../../kit/testing.js';
import type { AuthorizationRecord } from '../domain/authorization.js';
import type { CardholderRecord, CardRecord } from '../domain/card.js';
import type { CardRepository } from '../ports.js';

/**
 * What every store's CardRepository must do, run on each store by
 * repository.test.ts (memory, PGlite, PostgreSQL when DATABASE_URL is set).
 */
export function cardRepositoryContract(title: string, harness: RepositoryHarness<CardRepository>) {
  const { test, it, run, waitsFor } = repositorySuite(title, harness);
  const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);
  let serial = 0;
  const uuid = () => {
    serial += 1;
    return `00000000-0000-4000-8000-${String(serial).padStart(12, '0')}`;
  };
  const cardholder = (teamId: string): CardholderRecord => ({ id: uuid(), teamId, name: `holder ${serial}`, email: null, createdAt: T0 });
  const card = (holder: CardholderRecord, overrides: Partial<CardRecord> = {}): CardRecord => ({
    id: uuid(),
    teamId: holder.teamId,
    cardholderId: holder.id,
    accountId: '11111111-1111-4111-8111-111111111111',
    currency: 'USD',
    panCiphertext: 'c2VhbGVk',
    last4: '4242',
    expMonth: 11,
    expYear: 2029,
    status: 'active',
    perTransactionLimit: 50_000n,
    dailyLimit: null,
    allowedCategories: ['5411', '5812'],
    createdAt: T0,
    updatedAt: T0,
    ...overrides,
  });
  const authorization = (of: CardRecord, overrides: Partial<AuthorizationRecord> = {}): AuthorizationRecord => ({
    id: uuid(),
    teamId: of.teamId,
    cardId: of.id,
    amount: 1_250n,
    currency: of.currency,
    merchantName: 'Corner Grocery',
    merchantCategory: '5411',
    status: 'approved',
    declineReason: null,
    holdId: `hold-${serial}`,
    capturedAmount: 0n,
    releasedAmount: 0n,
    createdAt: T0,
    updatedAt: T0,
    ...overrides,
  });
  /** A team's cardholder and card, stored. */
  const stored = async (repo: CardRepository, teamId: string, overrides: Partial<CardRecord> = {}) => {
    const holder = cardholder(teamId);
    const made = card(holder, overrides);
    await run(async (tx) => {
      await repo.insertCardholder(tx, holder);
      await repo.insertCard(tx, made);
    });
    return { holder, card: made };
  };

  it('cardholders are found and listed by their team only, oldest first', async (repo) => {
    const [a1, b1, a2] = [cardholder(TEAM_A), cardholder(TEAM_B), { ...cardholder(TEAM_A), email: 'ada@example.com' }];
    await run(async (tx) => {
      for (const one of [a1, b1, a2]) await repo.insertCardholder(tx, one);
    });
    assert.equal(await run((tx) => repo.findCardholder(tx, TEAM_A, a2.id)), a2);
    assert.is(await run((tx) => repo.findCardholder(tx, TEAM_B, a1.id)), undefined);
    const page = await run((tx) => repo.listCardholders(tx, TEAM_A, { page: 1, perPage: 1 }));
    assert.equal([page.items.map((one) => one.id), page.total], [[a1.id], 2]);
  });

  it('a card reads back whole (bigint limits, categories, null limit) by its team only; listCards pages it', async (repo) => {
    const { card: mine } = await stored(repo, TEAM_A);
    const { card: other } = await stored(repo, TEAM_A, { allowedCategories: null, perTransactionLimit: null, dailyLimit: 10n ** 20n });
    await stored(repo, TEAM_B);
    assert.equal(await run((tx) => repo.findCard(tx, TEAM_A, mine.id)), mine);
    assert.equal(await run((tx) => repo.lockCard(tx, TEAM_A, other.id)), other);
    assert.is(await run((tx) => repo.findCard(tx, TEAM_B, mine.id)), undefined);
    assert.is(await run((tx) => repo.lockCard(tx, TEAM_B, mine.id)), undefined);
    const page = await run((tx) => repo.listCards(tx, TEAM_A, { page: 2, perPage: 1 }));
    assert.equal([page.items.map((one) => one.id), page.total], [[other.id], 2]);
  });

  it('updateCard writes status and controls, never another team’s card, and nothing else', async (repo) => {
    const { card: mine } = await stored(repo, TEAM_A);
    const changed: CardRecord = { ...mine, status: 'frozen', perTransactionLimit: null, dailyLimit: 9_000n, allowedCategories: null, updatedAt: at(5) };
    await run((tx) => repo.updateCard(tx, { ...changed, last4: '0000', panCiphertext: 'other' }));
    assert.equal(await run((tx) => repo.findCard(tx, TEAM_A, mine.id)), changed);
    await run((tx) => repo.updateCard(tx, { ...changed, teamId: TEAM_B, status: 'cancelled' }));
    assert.is((await run((tx) => repo.findCard(tx, TEAM_A, mine.id)))!.status, 'frozen');
  });

  it('authorizations: locked by team only, updated, listed newest first, open ones and those since a time', async (repo) => {
    const { card: mine } = await stored(repo, TEAM_A);
    const { card: sibling } = await stored(repo, TEAM_A);
    const early = authorization(mine, { createdAt: at(1) });
    const declined = authorization(mine, { status: 'declined', declineReason: 'over_daily_limit', holdId: null, createdAt: at(2) });
    const late = authorization(mine, { createdAt: at(3), amount: 10n ** 25n });
    const elsewhere = authorization(sibling, { createdAt: at(3) });
    await run(async (tx) => {
      for (const one of [early, declined, late, elsewhere]) await repo.insertAuthorization(tx, one);
    });
    assert.equal(await run((tx) => repo.lockAuthorization(tx, TEAM_A, late.id)), late);
    assert.is(await run((tx) => repo.lockAuthorization(tx, TEAM_B, late.id)), undefined);
    const partly: AuthorizationRecord = { ...early, status: 'partially_captured', capturedAmount: 1_000n, updatedAt: at(4) };
    await run((tx) => repo.updateAuthorization(tx, partly));
    const closed: AuthorizationRecord = { ...late, status: 'reversed', releasedAmount: late.amount, updatedAt: at(4) };
    await run((tx) => repo.updateAuthorization(tx, closed));
    await run((tx) => repo.updateAuthorization(tx, { ...partly, teamId: TEAM_B, status: 'captured' }));
    const listed = await run((tx) => repo.listAuthorizations(tx, TEAM_A, mine.id, { page: 1, perPage: 10 }));
    assert.equal([listed.items, listed.total], [[closed, declined, partly], 3]);
    assert.equal(await run((tx) => repo.openAuthorizations(tx, TEAM_A, mine.id)), [partly]);
    assert.equal(await run((tx) => repo.openAuthorizations(tx, TEAM_B, mine.id)), []);
    assert.equal((await run((tx) => repo.authorizationsSince(tx, TEAM_A, mine.id, at(2)))).map((one) => one.id), [declined.id, late.id]);
    assert.equal((await run((tx) => repo.listAuthorizations(tx, TEAM_B, mine.id, { page: 1, perPage: 10 }))).total, 0);
  });

  it('a second unit of work locking the same card waits for the first', async (repo) => {
    const { card: mine } = await stored(repo, TEAM_A);
    await waitsFor(
      (tx) => repo.lockCard(tx, TEAM_A, mine.id),
      (tx) => repo.lockCard(tx, TEAM_A, mine.id),
    );
  });

  it('a rolled-back unit of work leaves nothing behind', async (repo) => {
    const holder = cardholder(TEAM_A);
    await run(async (tx) => {
      await repo.insertCardholder(tx, holder);
      await repo.insertCard(tx, card(holder));
      throw new Error('roll back');
    }).catch(() => undefined);
    assert.is(await run((tx) => repo.findCardholder(tx, TEAM_A, holder.id)), undefined);
    assert.is((await run((tx) => repo.listCards(tx, TEAM_A, { page: 1, perPage: 10 }))).total, 0);
  });

  return test;
}

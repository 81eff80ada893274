import * as assert from 'uvu/assert';
import { repositorySuite, T0, TEAM_A, TEAM_B, type RepositoryHarness } from '../../../kit/testing.js';
import type { EndpointRecord, PaymentRecord } from '../domain/records.js';
import { budgetsOf, periodsOf, type SpendingLimit } from '../domain/spending.js';
import type { EndpointRepository, PaymentRepository, SpendingRepository } from '../ports.js';

export interface X402Repositories {
  readonly endpoints: EndpointRepository;
  readonly payments: PaymentRepository;
  readonly spending: SpendingRepository;
}

/**
 * What every store's x402 repositories must do, run on each store by
 * repository.test.ts (memory, PGlite, PostgreSQL when DATABASE_URL is set).
 */
export function x402RepositoryContract(title: string, harness: RepositoryHarness<X402Repositories>) {
  const { test, it, run } = repositorySuite(title, harness);
  let serial = 0;
  const uuid = () => `00000000-0000-4000-8000-${String(++serial).padStart(12, '0')}`;
  const endpoint = (teamId: string, path: string, overrides: Partial<EndpointRecord> = {}): EndpointRecord => ({
    id: uuid(),
    teamId,
    path,
    priceUsdCents: 1,
    network: 'eip155:8453',
    asset: 'USDC',
    description: 'per call',
    accountId: uuid(),
    createdAt: T0,
    updatedAt: T0,
    ...overrides,
  });
  const payment = (teamId: string, overrides: Partial<PaymentRecord> = {}): PaymentRecord => ({
    id: uuid(),
    teamId,
    direction: 'received',
    status: 'settled',
    failureReason: null,
    network: 'eip155:8453',
    asset: 'USDC',
    amount: 10_000n,
    payer: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    receiver: '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
    endpointId: null,
    resource: 'http://127.0.0.1/api/v2/gcu/composition',
    nonce: `0x${'ab'.repeat(32)}`,
    txHash: `0x${'cd'.repeat(32)}`,
    settledAt: T0,
    createdAt: T0,
    made: null,
    ...overrides,
  });

  it('a path is held by one registration; the owner finds it by id, anyone by path', async ({ endpoints }) => {
    const mine = endpoint(TEAM_A, '/api/v2/gcu/composition');
    assert.ok(await run((tx) => endpoints.insert(tx, mine)));
    assert.not.ok(await run((tx) => endpoints.insert(tx, endpoint(TEAM_B, '/api/v2/gcu/composition'))));
    assert.equal(await run((tx) => endpoints.find(tx, TEAM_A, mine.id)), mine);
    assert.is(await run((tx) => endpoints.find(tx, TEAM_B, mine.id)), undefined);
    assert.equal(await run((tx) => endpoints.findByPath(tx, '/api/v2/gcu/composition')), mine);
    assert.is(await run((tx) => endpoints.findByPath(tx, '/api/v2/gcu/other')), undefined);
  });

  it('list pages a team’s registrations oldest first; update and delete touch only the team’s own', async ({ endpoints }) => {
    const [a1, b1, a2] = [endpoint(TEAM_A, '/api/v2/gcu/a'), endpoint(TEAM_B, '/api/v2/gcu/b'), endpoint(TEAM_A, '/api/v2/gcu/c')];
    for (const one of [a1, b1, a2]) await run((tx) => endpoints.insert(tx, one));
    const page = await run((tx) => endpoints.list(tx, TEAM_A, { page: 1, perPage: 1 }));
    assert.equal([page.items.map((one) => one.id), page.total], [[a1.id], 2]);
    assert.is(await run((tx) => endpoints.update(tx, { ...b1, teamId: TEAM_A, priceUsdCents: 9 })), undefined);
    const changed = { ...a1, priceUsdCents: 7, description: 'dearer', updatedAt: new Date(T0.getTime() + 1_000) };
    assert.equal(await run((tx) => endpoints.update(tx, changed)), changed);
    assert.not.ok(await run((tx) => endpoints.delete(tx, TEAM_A, b1.id)));
    assert.ok(await run((tx) => endpoints.delete(tx, TEAM_A, a1.id)));
    assert.is(await run((tx) => endpoints.findByPath(tx, a1.path)), undefined);
  });

  it('a nonce is claimed once per network and payer, in any case', async ({ payments }) => {
    const payer = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
    const nonce = `0x${'AB'.repeat(32)}`;
    assert.ok(await run((tx) => payments.claimNonce(tx, 'eip155:8453', payer, nonce)));
    assert.not.ok(await run((tx) => payments.claimNonce(tx, 'eip155:8453', payer.toLowerCase(), nonce.toLowerCase())));
    assert.ok(await run((tx) => payments.isNonceUsed(tx, 'eip155:8453', payer, nonce)));
    assert.ok(await run((tx) => payments.claimNonce(tx, 'eip155:84532', payer, nonce)));
    assert.not.ok(await run((tx) => payments.isNonceUsed(tx, 'eip155:8453', '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359', nonce)));
  });

  it('of 20 concurrent claims of one nonce exactly one wins', async ({ payments }) => {
    const nonce = `0x${'12'.repeat(32)}`;
    const claims = await Promise.all(Array.from({ length: 20 }, () => run((tx) => payments.claimNonce(tx, 'eip155:8453', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', nonce))));
    assert.is(claims.filter(Boolean).length, 1);
  });

  it('a rolled-back claim leaves the nonce free', async ({ payments }) => {
    const nonce = `0x${'34'.repeat(32)}`;
    await run(async (tx) => {
      await payments.claimNonce(tx, 'eip155:8453', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', nonce);
      throw new Error('roll back');
    }).catch(() => undefined);
    assert.not.ok(await run((tx) => payments.isNonceUsed(tx, 'eip155:8453', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', nonce)));
  });

  it('one payment made per team and request key, even when concurrent; found by the key and by id within the team only', async ({ payments }) => {
    const made = (teamId: string, requestKey: string | null) =>
      payment(teamId, { direction: 'made', status: 'verified', txHash: null, settledAt: null, made: { accountId: uuid(), agentKeyId: null, spentCents: 1n, validBefore: T0, requestKey } });
    const inserted = await Promise.all(Array.from({ length: 10 }, () => run((tx) => payments.insert(tx, made(TEAM_A, 'pay-key-1')))));
    assert.is(inserted.filter(Boolean).length, 1);
    assert.ok(await run((tx) => payments.insert(tx, made(TEAM_B, 'pay-key-1'))), 'another team’s key is its own');
    assert.ok(await run((tx) => payments.insert(tx, made(TEAM_A, null))));
    assert.ok(await run((tx) => payments.insert(tx, made(TEAM_A, null))), 'payments without a key never conflict');
    const found = await run((tx) => payments.findMade(tx, TEAM_A, 'pay-key-1'));
    assert.equal([found?.teamId, found?.made?.requestKey, found?.made?.spentCents], [TEAM_A, 'pay-key-1', 1n]);
    assert.is(await run((tx) => payments.findMade(tx, TEAM_A, 'pay-key-2')), undefined);
    assert.is((await run((tx) => payments.find(tx, TEAM_A, found!.id)))?.id, found!.id);
    assert.is(await run((tx) => payments.find(tx, TEAM_B, found!.id)), undefined, 'another team’s payment is not found');
  });

  it('payments list newest first per team, with counts by status', async ({ payments }) => {
    const first = payment(TEAM_A, { amount: 123_456_789_012_345_678_901n });
    const failed = payment(TEAM_A, { status: 'failed', failureReason: 'insufficient_funds', txHash: null, settledAt: null });
    const other = payment(TEAM_B);
    for (const one of [first, failed, other]) await run((tx) => payments.insert(tx, one));
    const page = await run((tx) => payments.list(tx, TEAM_A, { page: 1, perPage: 10 }));
    assert.equal(page.items, [failed, first]);
    assert.is(page.total, 2);
    assert.equal(await run((tx) => payments.counts(tx, TEAM_A)), { verified: 0, settled: 1, failed: 1 });
  });

  it('a verified payment is finished once; stale ones are found across teams; a settled receipt is found by its nonce', async ({ payments }) => {
    const made = payment(TEAM_A, {
      direction: 'made',
      status: 'verified',
      txHash: null,
      settledAt: null,
      nonce: `0x${'EF'.repeat(32)}`,
      made: { accountId: uuid(), agentKeyId: 'key_1', spentCents: 3n, validBefore: new Date(T0.getTime() + 60_000), requestKey: null },
    });
    const receivedVerified = payment(TEAM_B, { status: 'verified', txHash: null, settledAt: null, createdAt: new Date(T0.getTime() + 5_000) });
    const receipt = payment(TEAM_B, { nonce: `0x${'ef'.repeat(32)}` });
    for (const one of [made, receivedVerified, receipt]) await run((tx) => payments.insert(tx, one));
    const stale = await run((tx) => payments.staleVerified(tx, new Date(T0.getTime() + 1_000), 10));
    assert.equal(stale, [made]);
    assert.equal((await run((tx) => payments.settledByNonce(tx, 'eip155:8453', made.payer.toLowerCase(), made.nonce)))?.id, receipt.id);
    assert.is(await run((tx) => payments.settledByNonce(tx, 'eip155:84532', made.payer, made.nonce)), undefined);
    const outcome = { status: 'settled' as const, failureReason: null, txHash: `0x${'01'.repeat(32)}`, settledAt: T0 };
    assert.equal(await run((tx) => payments.finish(tx, made.id, outcome)), { ...made, ...outcome });
    assert.is(await run((tx) => payments.finish(tx, made.id, { status: 'failed', failureReason: 'late', txHash: null, settledAt: null })), undefined);
    assert.equal(await run((tx) => payments.counts(tx, TEAM_A)), { verified: 0, settled: 1, failed: 0 });
  });

  const limit = (teamId: string, subject: string, overrides: Partial<SpendingLimit> = {}): SpendingLimit => ({
    teamId,
    subject,
    name: subject === 'team' ? '' : 'bot',
    dailyCents: 500n,
    monthlyCents: null,
    perRequestCents: 100n,
    createdAt: T0,
    updatedAt: T0,
    ...overrides,
  });

  it('limits: put replaces (keeping created_at), list has the team first, delete is the team’s own', async ({ spending }) => {
    await run((tx) => spending.put(tx, limit(TEAM_A, 'agent:k1')));
    await run((tx) => spending.put(tx, limit(TEAM_A, 'team')));
    await run((tx) => spending.put(tx, limit(TEAM_B, 'team')));
    const later = new Date(T0.getTime() + 1_000);
    await run((tx) => spending.put(tx, limit(TEAM_A, 'agent:k1', { dailyCents: null, createdAt: later, updatedAt: later })));
    const listed = await run((tx) => spending.list(tx, TEAM_A));
    assert.equal(listed.map((one) => one.subject), ['team', 'agent:k1']);
    assert.equal([listed[1]!.dailyCents, listed[1]!.createdAt, listed[1]!.updatedAt], [null, T0, later]);
    assert.not.ok(await run((tx) => spending.delete(tx, TEAM_B, 'agent:k1')));
    assert.ok(await run((tx) => spending.delete(tx, TEAM_A, 'agent:k1')));
    assert.is(await run((tx) => spending.find(tx, TEAM_A, 'agent:k1')), undefined);
  });

  it('a reservation counts on every budget or on none; release gives back', async ({ spending }) => {
    const budgets = [...budgetsOf(limit(TEAM_A, 'team', { dailyCents: 10n, monthlyCents: 100n }), T0), ...budgetsOf(limit(TEAM_A, 'agent:k1', { dailyCents: 4n, monthlyCents: null }), T0)];
    const { day, month } = periodsOf(T0);
    assert.ok(await run((tx) => spending.reserve(tx, TEAM_A, budgets, 3n)));
    assert.not.ok(await run((tx) => spending.reserve(tx, TEAM_A, budgets, 2n)));
    assert.equal([await run((tx) => spending.spent(tx, TEAM_A, 'team', day)), await run((tx) => spending.spent(tx, TEAM_A, 'agent:k1', day))], [3n, 3n]);
    assert.is(await run((tx) => spending.spent(tx, TEAM_B, 'team', day)), 0n);
    await run((tx) => spending.release(tx, TEAM_A, budgets, 3n));
    assert.equal([await run((tx) => spending.spent(tx, TEAM_A, 'team', month)), await run((tx) => spending.spent(tx, TEAM_A, 'agent:k1', day))], [0n, 0n]);
    assert.not.ok(await run((tx) => spending.reserve(tx, TEAM_A, budgets, 5n)));
  });

  it('of 20 concurrent reservations against a budget of 5, exactly 5 count', async ({ spending }) => {
    const budgets = budgetsOf(limit(TEAM_A, 'team', { dailyCents: 5n, monthlyCents: 1_000n }), T0);
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, () =>
        run(async (tx) => {
          if (!(await spending.reserve(tx, TEAM_A, budgets, 1n))) throw new Error('over the limit');
        }).then(
          () => true,
          () => false,
        ),
      ),
    );
    assert.is(outcomes.filter(Boolean).length, 5);
    assert.is(await run((tx) => spending.spent(tx, TEAM_A, 'team', periodsOf(T0).day)), 5n);
    assert.is(await run((tx) => spending.spent(tx, TEAM_A, 'team', periodsOf(T0).month)), 5n);
  });

  return test;
}

import * as assert from 'uvu/assert';
import { ALL, page, repositorySuite, T0, TEAM_A, TEAM_B, type RepositoryHarness } from '../../../kit/testing.js';
import type { ActivationRecord, ProductRecord } from '../domain/product.js';
import type { ProductRepository } from '../ports.js';

/**
 * What every store's ProductRepository must do, run on each store by
 * repository.test.ts (memory, PGlite, PostgreSQL when DATABASE_URL is set).
 */
export function productRepositoryContract(title: string, harness: RepositoryHarness<ProductRepository>) {
  const { test, it, run } = repositorySuite(title, harness);
  const at = (hours: number) => new Date(T0.getTime() + hours * 3_600_000);
  let serial = 0;
  const uuid = () => {
    serial += 1;
    return `00000000-0000-4000-8000-${String(serial).padStart(12, '0')}`;
  };
  const product = (teamId: string, overrides: Partial<ProductRecord> = {}): ProductRecord => ({
    id: uuid(),
    teamId,
    name: `product ${serial}`,
    accountType: 'savings',
    assetCode: 'USD',
    interestRateBps: 250,
    monthlyFee: 10n ** 20n,
    createdAt: T0,
    ...overrides,
  });
  const activation = (p: ProductRecord, accountId: string, overrides: Partial<ActivationRecord> = {}): ActivationRecord => ({
    id: uuid(),
    teamId: p.teamId,
    productId: p.id,
    accountId,
    activatedAt: T0,
    accruedThrough: T0,
    accruedRemainder: 0n,
    interestPaid: 0n,
    feesCharged: 0n,
    nextFeeAt: null,
    updatedAt: T0,
    ...overrides,
  });

  it('products are found and listed by their team only, oldest first, big fees intact', async (repo) => {
    const [one, two, other] = [product(TEAM_A), product(TEAM_A, { monthlyFee: 0n }), product(TEAM_B)];
    await run(async (tx) => {
      for (const p of [one!, two!, other!]) await repo.insertProduct(tx, p);
    });
    assert.equal(await run((tx) => repo.findProduct(tx, TEAM_A, one!.id)), one);
    assert.is(await run((tx) => repo.findProduct(tx, TEAM_B, one!.id)), undefined);
    assert.is(await run((tx) => repo.findProduct(tx, TEAM_A, 'not-a-uuid')), undefined);
    const listed = await run((tx) => repo.listProducts(tx, TEAM_A, page(1, 1)));
    assert.equal([listed.items, listed.total], [[one], 2]);
  });

  it('one activation per account; found and listed by their team only; updates stick', async (repo) => {
    const p = product(TEAM_A);
    const first = activation(p, 'acc-1', { nextFeeAt: at(720) });
    await run((tx) => repo.insertProduct(tx, p));
    assert.is(await run((tx) => repo.insertActivation(tx, first)), true);
    assert.is(await run((tx) => repo.insertActivation(tx, activation(p, 'acc-1'))), false, 'the account has a product already');
    assert.equal(await run((tx) => repo.findActivation(tx, TEAM_A, first.id)), first);
    assert.is(await run((tx) => repo.findActivation(tx, TEAM_B, first.id)), undefined);
    assert.equal((await run((tx) => repo.listActivations(tx, TEAM_A, ALL))).items, [first]);
    assert.equal(await run((tx) => repo.listActivations(tx, TEAM_B, ALL)), { items: [], total: 0 });
    const changed = { ...first, accruedThrough: at(24), accruedRemainder: 3_649_999n, interestPaid: 12n, feesCharged: 500n, nextFeeAt: at(1440), updatedAt: at(25) };
    await run((tx) => repo.update(tx, changed));
    assert.equal(await run((tx) => repo.findActivation(tx, TEAM_A, first.id)), changed);
  });

  it('claimDue finds activations behind on interest or with a fee due, across teams, least recently updated first', async (repo) => {
    const a = product(TEAM_A);
    const b = product(TEAM_B);
    const day = at(48);
    const behind = activation(a, 'acc-behind', { updatedAt: at(2) });
    const feeDue = activation(b, 'acc-fee', { accruedThrough: day, nextFeeAt: at(40), updatedAt: at(1) });
    const current = activation(a, 'acc-current', { accruedThrough: day, nextFeeAt: at(100) });
    await run(async (tx) => {
      await repo.insertProduct(tx, a);
      await repo.insertProduct(tx, b);
      for (const one of [behind, feeDue, current]) await repo.insertActivation(tx, one);
    });
    assert.equal((await run((tx) => repo.claimDue(tx, day, at(50), 10))).map((row) => row.accountId), ['acc-fee', 'acc-behind']);
    assert.equal((await run((tx) => repo.claimDue(tx, day, at(50), 1))).map((row) => row.accountId), ['acc-fee']);
  });

  it('sweeps running at once claim each due activation once', async (repo) => {
    const p = product(TEAM_A);
    await run((tx) => repo.insertProduct(tx, p));
    const rows = Array.from({ length: 6 }, (_, index) => activation(p, `acc-${index}`));
    await run(async (tx) => {
      for (const row of rows) await repo.insertActivation(tx, row);
    });
    const claimed = await Promise.all(
      [1, 2, 3].map(() =>
        run(async (tx) => {
          const due = await repo.claimDue(tx, at(24), at(24), 2);
          for (const row of due) await repo.update(tx, { ...row, accruedThrough: at(24), updatedAt: at(24) });
          return due.map((row) => row.id);
        }),
      ),
    );
    const ids = claimed.flat();
    assert.is(new Set(ids).size, ids.length, 'an activation was claimed twice');
    const rest = await run((tx) => repo.claimDue(tx, at(24), at(24), 10));
    assert.equal([...ids, ...rest.map((row) => row.id)].sort(), rows.map((row) => row.id).sort());
  });

  it('a rolled-back unit of work leaves nothing behind', async (repo) => {
    const p = product(TEAM_A);
    await run(async (tx) => {
      await repo.insertProduct(tx, p);
      await repo.insertActivation(tx, activation(p, 'acc-lost'));
      throw new Error('roll back');
    }).catch(() => undefined);
    assert.is(await run((tx) => repo.findProduct(tx, TEAM_A, p.id)), undefined);
    assert.equal(await run((tx) => repo.listActivations(tx, TEAM_A, ALL)), { items: [], total: 0 });
  });

  return test;
}

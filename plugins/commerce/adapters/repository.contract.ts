import * as assert from 'uvu/assert';
import { ALL, at, ids, page, repositorySuite, T0, TEAM_A, TEAM_B, type RepositoryHarness } from '../../../kit/testing.js';
import type { InvoiceRecord } from '../domain/invoice.js';
import type { MerchantRecord } from '../domain/merchant.js';
import type { CommerceRepository } from '../ports.js';

/**
 * What every store's CommerceRepository must do, run on each store by
 * repository.test.ts (memory, PGlite, PostgreSQL when DATABASE_URL is set).
 */
export function commerceRepositoryContract(title: string, harness: RepositoryHarness<CommerceRepository>) {
  const { test, it, run } = repositorySuite(title, harness);
  let serial = 0;
  const uuid = () => `00000000-0000-4000-8000-${String((serial += 1)).padStart(12, '0')}`;
  const merchant = (teamId: string): MerchantRecord => ({ id: uuid(), teamId, name: `Shop ${serial}`, settlementAccountId: uuid(), status: 'approved', suspensionReason: null, createdAt: T0, updatedAt: T0 });
  const invoice = (owner: MerchantRecord): InvoiceRecord => ({
    id: uuid(),
    teamId: owner.teamId,
    merchantId: owner.id,
    payCode: `pay_${serial}`,
    amount: 10n ** 30n + BigInt(serial),
    assetCode: 'USD',
    description: serial % 2 ? 'Order' : null,
    dueAt: at(3600),
    status: 'open',
    paidAt: null,
    movementId: null,
    createdAt: T0,
    updatedAt: T0,
  });

  it('a merchant is found by its team only, and by any team only through the operator’s lock', async (repo) => {
    const shop = merchant(TEAM_A);
    await run((tx) => repo.insertMerchant(tx, shop));
    assert.equal(await run((tx) => repo.findMerchant(tx, TEAM_A, shop.id)), shop);
    assert.is(await run((tx) => repo.findMerchant(tx, TEAM_B, shop.id)), undefined);
    assert.is(await run((tx) => repo.findMerchant(tx, TEAM_A, 'not-a-uuid')), undefined);
    assert.equal(await run((tx) => repo.lockMerchantOfAnyTeam(tx, shop.id)), shop);
    assert.is(await run((tx) => repo.lockMerchantOfAnyTeam(tx, 'not-a-uuid')), undefined);
    const off = { ...shop, status: 'suspended' as const, suspensionReason: 'why', updatedAt: at(5) };
    await run((tx) => repo.updateMerchant(tx, off));
    assert.equal(await run((tx) => repo.findMerchant(tx, TEAM_A, shop.id)), off);
  });

  it('merchants list oldest first, invoices newest first, each by team with the total', async (repo) => {
    const [one, two, other] = [merchant(TEAM_A), merchant(TEAM_A), merchant(TEAM_B)];
    for (const shop of [one!, two!, other!]) await run((tx) => repo.insertMerchant(tx, shop));
    const listed = await run((tx) => repo.listMerchants(tx, TEAM_A, page(1, 1)));
    assert.equal([ids(listed.items), listed.total], [[one!.id], 2]);
    const bills = [invoice(one!), invoice(two!), invoice(other!), invoice(one!)];
    for (const bill of bills) await run((tx) => repo.insertInvoice(tx, bill));
    const first = await run((tx) => repo.listInvoices(tx, TEAM_A, page(1, 2)));
    assert.equal([ids(first.items), first.total], [[bills[3]!.id, bills[1]!.id], 3]);
    assert.equal(ids((await run((tx) => repo.listInvoices(tx, TEAM_B, ALL))).items), [bills[2]!.id]);
  });

  it('an invoice is found by its team, by its pay code from any team, big amounts intact; paying it sticks', async (repo) => {
    const shop = merchant(TEAM_A);
    const bill = invoice(shop);
    await run(async (tx) => {
      await repo.insertMerchant(tx, shop);
      await repo.insertInvoice(tx, bill);
    });
    assert.equal(await run((tx) => repo.findInvoice(tx, TEAM_A, bill.id)), bill);
    assert.is(await run((tx) => repo.findInvoice(tx, TEAM_B, bill.id)), undefined);
    assert.is(await run((tx) => repo.lockInvoice(tx, TEAM_B, bill.id)), undefined);
    assert.equal(await run((tx) => repo.invoiceByPayCode(tx, bill.payCode, true)), bill);
    assert.is(await run((tx) => repo.invoiceByPayCode(tx, 'pay_unknown', false)), undefined);
    const done: InvoiceRecord = { ...bill, status: 'paid', paidAt: at(10), movementId: 'mv-1', updatedAt: at(10) };
    await run(async (tx) => {
      assert.equal(await repo.lockInvoice(tx, TEAM_A, bill.id), bill);
      await repo.updateInvoice(tx, done);
    });
    assert.equal(await run((tx) => repo.invoiceByPayCode(tx, bill.payCode, false)), done);
  });

  it('two payers locking one invoice by pay code run one after another', async (repo) => {
    const shop = merchant(TEAM_A);
    const bill = invoice(shop);
    await run(async (tx) => {
      await repo.insertMerchant(tx, shop);
      await repo.insertInvoice(tx, bill);
    });
    const pay = (movementId: string) =>
      run(async (tx) => {
        const seen = await repo.invoiceByPayCode(tx, bill.payCode, true);
        if (seen?.status !== 'open') return false;
        await repo.updateInvoice(tx, { ...seen, status: 'paid', paidAt: at(1), movementId, updatedAt: at(1) });
        return true;
      });
    const outcomes = await Promise.all([pay('a'), pay('b'), pay('c')]);
    assert.is(outcomes.filter(Boolean).length, 1, 'exactly one payer found it open');
  });

  it('a rolled-back unit of work leaves nothing behind', async (repo) => {
    const shop = merchant(TEAM_A);
    await run((tx) => repo.insertMerchant(tx, shop));
    await run(async (tx) => {
      await repo.insertInvoice(tx, invoice(shop));
      await repo.updateMerchant(tx, { ...shop, status: 'suspended', suspensionReason: 'x' });
      throw new Error('roll back');
    }).catch(() => undefined);
    assert.equal(await run((tx) => repo.findMerchant(tx, TEAM_A, shop.id)), shop);
    assert.is((await run((tx) => repo.listInvoices(tx, TEAM_A, ALL))).total, 0);
  });

  return test;
}

import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Ledger, UnitOfWork } from '../../kernel/public.js';
import { bootGraphql, data, gql, type GraphqlKernel } from '../../test/e2e/graphql-kit.js';
import { assertConservation } from '../../test/fixtures/conservation.js';
import type { TestUser } from '../../test/fixtures/boot.js';
import { COMMERCE_CLEARING_ACCOUNT } from './application/pay-invoice.js';
import { invoicePaymentView, invoiceView, merchantView, paymentRequestView } from './operations.js';
import { e2eStores } from '../../test/fixtures/stores.js';

/**
 * Commerce end to end over real HTTP and GraphQL on every store (memory,
 * PGlite, and PostgreSQL when DATABASE_URL is set):
 * a merchant applied for and approved by the operator, invoices paid once
 * by another team, void, expired by the clock, a suspended merchant, bad
 * input and other teams; conservation checked after each scenario, with
 * the clearing account summing to zero over all teams.
 */
for (const store of e2eStores()) {
  const test = suite(`commerce over HTTP and GraphQL: ${store}`);
  let g: GraphqlKernel;
  let shop: TestUser;
  let payer: TestUser;
  let settlement: string;
  let wallet: string;
  let merchant: string;

  const post = (user: TestUser | string, path: string, body?: unknown, headers?: Record<string, string>) =>
    g.request('POST', `/api/v2${path}`, { key: typeof user === 'string' ? user : user.key, body, ...(headers ? { headers } : {}) });
  const get = (user: TestUser, path: string) => g.request('GET', `/api/v2${path}`, { key: user.key });
  const account = async (user: TestUser, deposit?: string) => {
    const id = (await post(user, '/accounts', { name: 'Main', type: 'business' })).body.data.uuid as string;
    if (deposit) assert.is((await post(user, `/accounts/${id}/deposit`, { amount: deposit, asset_code: 'USD' })).status, 201);
    return id;
  };
  const available = async (user: TestUser, id: string) => (await g.k.get(UnitOfWork).run((tx) => g.k.get(Ledger).balance(tx, user.teamId, id, 'USD'))).available;
  const conserved = async () => {
    const report = await assertConservation(g.k);
    const clearing = report.totals.reduce((sum, row) => sum + (row.system[COMMERCE_CLEARING_ACCOUNT] ?? 0n), 0n);
    assert.is(clearing, 0n, 'the clearing account sums to zero over all teams');
  };
  const due = (hours: number) => new Date(g.k.clock.now().getTime() + hours * 3_600_000).toISOString();
  const invoice = async (amount: string, hours = 24) => {
    const answer = await post(shop, '/commerce/invoices', { merchant_id: merchant, amount, asset_code: 'USD', description: 'Order 1042', due_at: due(hours) });
    assert.is(answer.status, 201, JSON.stringify(answer.body));
    return invoiceView.parse(answer.body.data);
  };

  test.before(async () => {
    g = await bootGraphql({ store, modules: ['core-banking', 'commerce'], rateLimits: false, now: '2026-03-10T08:00:00.000Z' });
    shop = await g.createUser('Shop Owner');
    payer = await g.createUser('Paying Customer');
    settlement = await account(shop);
    wallet = await account(payer, '500.00');
  });
  test.after(() => g.close());

  test('a team applies for a merchant, pending until the operator approves it; only the operator decides', async () => {
    const applied = await post(shop, '/commerce/merchants', { name: 'Corner Grocery', settlement_account_id: settlement });
    assert.is(applied.status, 201, JSON.stringify(applied.body));
    const pending = merchantView.parse(applied.body.data);
    merchant = pending.id;
    assert.is(pending.status, 'pending');
    const early = await post(shop, '/commerce/invoices', { merchant_id: merchant, amount: '1.00', asset_code: 'USD', due_at: due(1) });
    assert.equal([early.status, early.body.errors[0].code], [409, 'merchant_pending']);
    assert.is((await post(shop, `/commerce/merchants/${merchant}/approve`)).status, 403, 'a team key approves nothing');
    const approved = await post(g.k.operatorKey, `/commerce/merchants/${merchant}/approve`);
    assert.equal([approved.status, approved.body.data.status], [200, 'approved']);
    assert.is((await post(g.k.operatorKey, `/commerce/merchants/${merchant}/approve`)).body.errors[0].code, 'merchant_approved');
    assert.equal((await get(shop, `/commerce/merchants/${merchant}`)).body.data.status, 'approved');
    const events = (await g.k.store.eventStore.readAfter(0n, 1000)).filter((event) => event.aggregateId === merchant).map((event) => [event.type, event.teamId]);
    assert.equal(events, [['commerce.merchant.applied', shop.teamId], ['commerce.merchant.approved', shop.teamId]]);
  });

  test('another team pays an invoice by its pay code, once; both books balance; a retry with the same key answers the same payment', async () => {
    const bill = await invoice('125.50');
    assert.ok(/^pay_[0-9a-f]{32}$/.test(bill.pay_code));
    const seen = paymentRequestView.parse((await get(payer, `/commerce/pay/${bill.pay_code}`)).body.data);
    assert.equal([seen.merchant_name, seen.amount, seen.status], ['Corner Grocery', '125.50', 'open']);
    const [payerBefore, shopBefore] = [await available(payer, wallet), await available(shop, settlement)];
    const key = { 'Idempotency-Key': 'pay-once-1' };
    const paid = await post(payer, `/commerce/pay/${bill.pay_code}`, { account_id: wallet }, key);
    assert.is(paid.status, 200, JSON.stringify(paid.body));
    const payment = invoicePaymentView.parse(paid.body.data);
    assert.equal([payment.amount, payment.account_id, payment.merchant_name], ['125.50', wallet, 'Corner Grocery']);
    assert.equal((await post(payer, `/commerce/pay/${bill.pay_code}`, { account_id: wallet }, key)).body.data, paid.body.data, 'the same key answers the first payment');
    const twice = await post(payer, `/commerce/pay/${bill.pay_code}`, { account_id: wallet });
    assert.equal([twice.status, twice.body.errors[0].code], [409, 'invoice_paid']);
    assert.is(await available(payer, wallet), payerBefore - 12_550n);
    assert.is(await available(shop, settlement), shopBefore + 12_550n);
    const read = invoiceView.parse((await get(shop, `/commerce/invoices/${bill.id}`)).body.data);
    assert.equal([read.status, read.paid_at], ['paid', g.k.clock.now().toISOString()]);
    assert.ok(read.movement_id);
    const events = (await g.k.store.eventStore.readAfter(0n, 1000)).filter((event) => event.type === 'commerce.invoice.paid' || event.type === 'commerce.invoice.payment_sent');
    assert.equal(events.map((event) => [event.type, event.teamId]), [['commerce.invoice.paid', shop.teamId], ['commerce.invoice.payment_sent', payer.teamId]]);
    await conserved();
  });

  test('concurrent payments of one invoice: exactly one pays', async () => {
    const bill = await invoice('10.00');
    const before = await available(payer, wallet);
    const answers = await Promise.all(Array.from({ length: 5 }, () => post(payer, `/commerce/pay/${bill.pay_code}`, { account_id: wallet })));
    assert.equal(answers.map((one) => one.status).sort(), [200, 409, 409, 409, 409]);
    assert.is(await available(payer, wallet), before - 1_000n);
    await conserved();
  });

  test('void and expired (by the clock) invoices refuse payment; a suspended merchant takes nothing until approved again', async () => {
    const voided = await invoice('5.00');
    assert.equal((await post(shop, `/commerce/invoices/${voided.id}/void`)).body.data.status, 'void');
    assert.is((await post(shop, `/commerce/invoices/${voided.id}/void`)).body.errors[0].code, 'invoice_void');
    assert.is((await post(payer, `/commerce/pay/${voided.pay_code}`, { account_id: wallet })).body.errors[0].code, 'invoice_void');
    const late = await invoice('5.00', 1);
    g.k.clock.advance(3_600_000);
    assert.is((await get(payer, `/commerce/pay/${late.pay_code}`)).body.data.status, 'expired');
    assert.is((await post(payer, `/commerce/pay/${late.pay_code}`, { account_id: wallet })).body.errors[0].code, 'invoice_expired');
    assert.is((await post(shop, `/commerce/invoices/${late.id}/void`)).body.errors[0].code, 'invoice_expired');
    const open = await invoice('5.00');
    const off = await post(g.k.operatorKey, `/commerce/merchants/${merchant}/suspend`, { reason: 'Chargebacks' });
    assert.equal([off.body.data.status, off.body.data.suspension_reason], ['suspended', 'Chargebacks']);
    assert.is((await post(payer, `/commerce/pay/${open.pay_code}`, { account_id: wallet })).body.errors[0].code, 'merchant_suspended');
    assert.is((await post(shop, '/commerce/invoices', { merchant_id: merchant, amount: '1.00', asset_code: 'USD', due_at: due(1) })).body.errors[0].code, 'merchant_suspended');
    assert.is((await post(g.k.operatorKey, `/commerce/merchants/${merchant}/approve`)).body.data.status, 'approved');
    assert.is((await post(payer, `/commerce/pay/${open.pay_code}`, { account_id: wallet })).status, 200);
    const listed = (await get(shop, '/commerce/invoices?per_page=100')).body.data.map((one: { id: string; status: string }) => [one.id, one.status]);
    assert.equal(listed.slice(0, 3), [[open.id, 'paid'], [late.id, 'expired'], [voided.id, 'void']]);
    await conserved();
  });

  test('bad input is a 4xx with a pointer that changes nothing; another team sees and changes nothing', async () => {
    const bill = await invoice('7.00');
    const before = [await available(payer, wallet), await available(shop, settlement)];
    const total = (await get(shop, '/commerce/invoices')).body.meta.total;
    const broke = await account(payer, '1.00');
    const refusals: [TestUser, string, unknown, number, string][] = [
      [shop, '/commerce/merchants', { name: '', settlement_account_id: settlement }, 422, '/name'],
      [shop, '/commerce/merchants', { name: 'X', settlement_account_id: wallet }, 404, '/settlement_account_id'],
      [shop, '/commerce/invoices', { merchant_id: merchant, amount: '1.001', asset_code: 'USD', due_at: due(1) }, 422, '/amount'],
      [shop, '/commerce/invoices', { merchant_id: merchant, amount: '-1', asset_code: 'USD', due_at: due(1) }, 422, '/amount'],
      [shop, '/commerce/invoices', { merchant_id: merchant, amount: '1.00', asset_code: 'XXX', due_at: due(1) }, 422, '/asset_code'],
      [shop, '/commerce/invoices', { merchant_id: merchant, amount: '1.00', asset_code: 'USD', due_at: due(-1) }, 422, '/due_at'],
      [shop, '/commerce/invoices', { merchant_id: merchant, amount: '1.00', asset_code: 'USD', due_at: 'soon' }, 422, '/due_at'],
      [payer, '/commerce/invoices', { merchant_id: merchant, amount: '1.00', asset_code: 'USD', due_at: due(1) }, 404, '/merchant_id'],
      [payer, `/commerce/pay/${bill.pay_code}`, { account_id: settlement }, 404, '/account_id'],
      [payer, `/commerce/pay/${bill.pay_code}`, { account_id: broke }, 422, '/account_id'],
      [payer, `/commerce/pay/${bill.pay_code}`, { account_id: 'nope' }, 422, '/account_id'],
    ];
    for (const [user, path, body, status, pointer] of refusals) {
      const answer = await post(user, path, body);
      assert.is(answer.status, status, `${path} ${JSON.stringify(body)}: ${JSON.stringify(answer.body)}`);
      assert.is(answer.body.errors[0].source.pointer, pointer, JSON.stringify(answer.body));
    }
    const bobs = [
      await get(payer, `/commerce/merchants/${merchant}`),
      await get(payer, `/commerce/invoices/${bill.id}`),
      await post(payer, `/commerce/invoices/${bill.id}/void`),
      await get(payer, '/commerce/pay/pay_00000000000000000000000000000000'),
    ];
    assert.equal(bobs.map((one) => one.status), [404, 404, 404, 404]);
    assert.is((await get(payer, '/commerce/invoices')).body.meta.total, 0);
    assert.is((await get(payer, '/commerce/merchants')).body.meta.total, 0);
    assert.is((await get(shop, '/commerce/invoices')).body.meta.total, total);
    assert.is((await get(shop, `/commerce/invoices/${bill.id}`)).body.data.status, 'open');
    assert.equal([await available(payer, wallet), await available(shop, settlement)], before);
    await conserved();
  });

  test('GraphQL: the same operations; the operator approves; errors carry codes', async () => {
    const APPLY = 'mutation($input: MerchantApplicationInput!) { submitMerchantApplication(input: $input) { id status } }';
    const made = await data(g, APPLY, { input: { name: 'Book Stall', settlement_account_id: settlement } }, shop.key);
    const id = made.submitMerchantApplication.id;
    const refused = await gql(g, 'mutation($id: ID!) { approveMerchant(id: $id) { status } }', { id }, shop.key);
    assert.ok(refused.body.errors?.length, JSON.stringify(refused.body));
    assert.is((await data(g, 'mutation($id: ID!) { approveMerchant(id: $id) { status } }', { id }, g.k.operatorKey)).approveMerchant.status, 'approved');
    const CREATE = 'mutation($input: CreateInvoiceInput!) { createInvoice(input: $input) { id pay_code amount status } }';
    const bill = (await data(g, CREATE, { input: { merchant_id: id, amount: '3.00', asset_code: 'USD', due_at: due(2) } }, shop.key)).createInvoice;
    assert.equal([bill.amount, bill.status], ['3.00', 'open']);
    const request = await data(g, 'query($code: String!) { paymentRequest(code: $code) { merchant_name amount status } }', { code: bill.pay_code }, payer.key);
    assert.equal(request.paymentRequest, { merchant_name: 'Book Stall', amount: '3.00', status: 'open' });
    const PAY = 'mutation($code: String!, $account: ID!) { payInvoice(code: $code, account_id: $account) { amount movement_id } }';
    assert.is((await data(g, PAY, { code: bill.pay_code, account: wallet }, payer.key)).payInvoice.amount, '3.00');
    assert.is((await gql(g, PAY, { code: bill.pay_code, account: wallet }, payer.key)).body.errors[0].extensions.code, 'invoice_paid');
    const lists = await data(g, '{ merchants { paginatorInfo { total } } invoices(first: 1) { data { id status } } }', undefined, shop.key);
    assert.equal([lists.merchants.paginatorInfo.total, lists.invoices.data], [2, [{ id: bill.id, status: 'paid' }]]);
    const hidden = await gql(g, 'query($id: ID!) { invoice(id: $id) { id } }', { id: bill.id }, payer.key);
    assert.is(hidden.body.errors[0].extensions.code, 'not_found');
    const bad = await gql(g, CREATE, { input: { merchant_id: id, amount: 'lots', asset_code: 'USD', due_at: due(2) } }, shop.key);
    assert.ok(['validation_failed', 'invalid_amount'].includes(bad.body.errors[0].extensions.code), JSON.stringify(bad.body));
    await conserved();
  });

  test.run();
}

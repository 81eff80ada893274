import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ConflictError } from '../../../kernel/public.js';
import { paid, statusAt, voided, type InvoiceRecord } from './invoice.js';
import { approved, requireApproved, suspended, type MerchantRecord } from './merchant.js';

const T0 = new Date('2026-03-01T00:00:00Z');
const due = new Date('2026-03-10T00:00:00Z');
const invoice: InvoiceRecord = {
  id: 'i',
  teamId: 't',
  merchantId: 'm',
  payCode: 'c',
  amount: 100n,
  assetCode: 'USD',
  description: null,
  dueAt: due,
  status: 'open',
  paidAt: null,
  movementId: null,
  createdAt: T0,
  updatedAt: T0,
};
const code = (work: () => unknown) => {
  try {
    work();
  } catch (error) {
    assert.instance(error, ConflictError);
    return (error as ConflictError).code;
  }
  return 'no error';
};

test('an open invoice expires at its due instant, by the clock', () => {
  assert.is(statusAt(invoice, new Date(due.getTime() - 1)), 'open');
  assert.is(statusAt(invoice, due), 'expired');
  assert.is(statusAt({ ...invoice, status: 'paid' }, due), 'paid', 'a paid invoice never expires');
});

test('an invoice is paid or voided only while open', () => {
  const done = paid(invoice, 'mv', T0);
  assert.equal([done.status, done.paidAt, done.movementId], ['paid', T0, 'mv']);
  assert.is(code(() => paid(done, 'mv2', T0)), 'invoice_paid');
  assert.is(code(() => voided(done, T0)), 'invoice_paid');
  assert.is(code(() => paid(voided(invoice, T0), 'mv', T0)), 'invoice_void');
  assert.is(code(() => paid(invoice, 'mv', due)), 'invoice_expired');
});

test('a merchant is approved by an operator, suspended only when approved, and paid only when approved', () => {
  const pending: MerchantRecord = { id: 'm', teamId: 't', name: 'Shop', settlementAccountId: 'a', status: 'pending', suspensionReason: null, createdAt: T0, updatedAt: T0 };
  assert.is(code(() => requireApproved(pending)), 'merchant_pending');
  assert.is(code(() => suspended(pending, 'why', T0)), 'merchant_pending');
  const live = approved(pending, T0);
  assert.is(code(() => approved(live, T0)), 'merchant_approved');
  const off = suspended(live, 'chargebacks', T0);
  assert.equal([off.status, off.suspensionReason], ['suspended', 'chargebacks']);
  assert.is(code(() => requireApproved(off)), 'merchant_suspended');
  assert.equal(approved(off, T0).suspensionReason, null);
});

test.run();

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { ActivityHistory, ActivityHistoryEntry, ComplianceFlags, TransactionHistory, TransactionHistoryEntry, Tx } from '../../../kernel/public.js';
import { interpret } from '../interpreter/interpret.js';
import type { AiConfig } from '../config.js';
import { CandidateReader } from './candidates.js';

/**
 * The merge of the sources, on stubs: an activity that names a
 * core-banking transfer replaces that transfer's rows (shown once, as the
 * activity); a transaction monitoring holds for review is pending_review
 * whatever its own status; the merged list is cut at max_scanned_transactions.
 */
const tx = {} as Tx;
const at = (minute: number) => new Date(Date.UTC(2026, 10, 16, 9, minute));
const config = { max_scanned_transactions: 3, default_currency: 'USD' } as AiConfig;
const accounts = [{ id: 'acc-main', name: 'Main' }, { id: 'acc-savings', name: 'Savings' }];

function coreRow(id: string, minute: number, transferId: string | null, direction: 'sent' | 'received' = 'sent'): TransactionHistoryEntry {
  return {
    id, accountId: 'acc-main', accountName: 'Main', type: transferId ? 'transfer' : 'deposit', amount: 1000n, precision: 2, assetCode: 'USD', chain: null,
    status: 'completed', direction, transferId, counterparty: transferId ? { accountId: 'acc-savings', name: 'Savings' } : null, reference: null, createdAt: at(minute), completedAt: at(minute),
  };
}

const history: TransactionHistory = {
  async search() {
    return { entries: [coreRow('deposit-1', 0, null), coreRow('row-out', 1, 'transfer-1'), coreRow('row-in', 1, 'transfer-1', 'received'), coreRow('row-2', 2, 'transfer-2')], truncated: false };
  },
  async accounts() {
    return accounts;
  },
};

const payment: ActivityHistoryEntry = {
  id: 'payment-1', kind: 'payment', accountId: 'acc-main', amount: 1000n, precision: 2, assetCode: 'USD', chain: null, status: 'completed', direction: 'sent',
  counterparty: 'acc-savings', sourceChain: null, destinationChain: null, bridgeProtocol: null, received: null, transferId: 'transfer-1', createdAt: at(1),
};
const payments: ActivityHistory = { kind: 'payment', module: 'stub', search: async () => ({ entries: [payment], truncated: false }) };
const monitor: ComplianceFlags = {
  async flagsFor(_tx, _team, ids) {
    return ids.includes('transfer-2') ? [{ transactionId: 'transfer-2', flags: ['large_amount'], riskScore: 70, reviewStatus: 'pending_review' }] : [];
  },
};
const question = (text: string) => interpret(text, { now: at(30), assetCodes: new Set(['USD']), accountNames: accounts.map((one) => one.name) }).interpreted_query;

test('an activity naming a core-banking transfer is shown once, as the activity, its counterparty named', async () => {
  const reader = new CandidateReader(history, { ...config, max_scanned_transactions: 100 }, undefined, [payments]);
  const read = await reader.read(tx, 'team', undefined, question('all transactions'));
  assert.equal(read.candidates.map((one) => [one.id, one.type, one.direction, one.counterpartyName]), [
    ['deposit-1', 'deposit', 'sent', null],
    ['payment-1', 'payment', 'sent', 'Savings'],
    ['row-2', 'transfer', 'sent', 'Savings'],
  ]);
  assert.is(read.truncated, false);
});

test('under review: pending_review comes from monitoring\'s review status; without monitoring the answer says so', async () => {
  const reader = new CandidateReader(history, { ...config, max_scanned_transactions: 100 }, monitor, []);
  const read = await reader.read(tx, 'team', undefined, question('transfers under review'));
  const statuses = read.candidates.map((one) => [one.id, one.status, one.riskScore]);
  assert.equal(statuses, [['deposit-1', 'completed', null], ['row-in', 'completed', null], ['row-out', 'completed', null], ['row-2', 'pending_review', 70]]);
  assert.equal(read.limitations, []);
  const without = await new CandidateReader(history, config, undefined, []).read(tx, 'team', undefined, question('under review'));
  assert.equal(without.limitations, ['status pending_review: transaction monitoring is not enabled, so no transaction is under review']);
});

test('the merged sources are cut at max_scanned_transactions, oldest first, and say truncated', async () => {
  const reader = new CandidateReader(history, config, undefined, [payments]);
  const read = await reader.read(tx, 'team', undefined, question('all transactions'));
  assert.equal(read.candidates.map((one) => one.id), ['deposit-1', 'payment-1', 'row-2']);
  const capped = await new CandidateReader(history, { ...config, max_scanned_transactions: 2 }, undefined, [payments]).read(tx, 'team', undefined, question('all transactions'));
  assert.equal([capped.candidates.map((one) => one.id), capped.truncated], [['deposit-1', 'payment-1'], true]);
  const noSwaps = await reader.read(tx, 'team', undefined, question('my swaps'));
  assert.equal([noSwaps.candidates, noSwaps.limitations], [[], ['type swap: no enabled module reports swap transactions to the history']]);
});

test.run();

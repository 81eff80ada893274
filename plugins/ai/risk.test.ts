import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { bootTestKernel, type TestKernel, type TestUser } from '../../test/fixtures/boot.js';
import { EventBackbone } from '../../kernel/public.js';

/**
 * With regtech's transaction monitoring enabled, answers carry its risk
 * scores and compliance flags (the ComplianceFlags port): a large transfer
 * the monitor flagged shows them; one it never flagged keeps a null score;
 * one it holds for review answers "under review" as pending_review.
 */
let k: TestKernel;
let ada: TestUser;

test.before(async () => {
  // A review score of 40 holds a large_amount flag (score 40) for review, so one test shows both statuses.
  k = await bootTestKernel({ modules: ['core-banking', 'regtech', 'ai'], now: '2026-11-20T09:00:00.000Z', config: { pluginConfig: { regtech: { monitoring: { review_score: 40 } } } } });
  ada = await k.createUser('Ada Risk');
});
test.after(() => k.close());

test('a flagged transfer answers with its risk score and flags; an unflagged one with a null score', async () => {
  const post = (path: string, body: unknown) => k.request('POST', path, { key: ada.key, body });
  const from = (await post('/api/v2/accounts', { name: 'Main', type: 'business' })).body.data.uuid;
  const to = (await post('/api/v2/accounts', { name: 'Payroll', type: 'business' })).body.data.uuid;
  await post(`/api/v2/accounts/${from}/deposit`, { amount: '30000.00', asset_code: 'USD' });
  assert.is((await post('/api/v2/transfers', { from_account: from, to_account: to, amount: '20000.00', asset_code: 'USD' })).status, 201);
  assert.is((await post('/api/v2/transfers', { from_account: from, to_account: to, amount: '10.00', asset_code: 'USD' })).status, 201);
  await k.get(EventBackbone).drain();
  const answer = await post('/api/v1/ai/transactions', { query: 'transfers sent from Main', account_id: from, options: { include_risk_scores: true, include_analytics: true } });
  assert.is(answer.status, 200, JSON.stringify(answer.body));
  const rows = answer.body.data.transactions as Array<{ uuid: string; risk_score: number | null; compliance_flags: string[]; amount: string; status: string }>;
  const byAmount = new Map(rows.map((row) => [row.amount, row]));
  assert.ok(byAmount.get('20000.00')!.risk_score! > 0, JSON.stringify(rows));
  assert.ok(byAmount.get('20000.00')!.compliance_flags.length > 0, JSON.stringify(rows));
  assert.is(byAmount.get('10.00')!.risk_score, null);
  assert.equal(byAmount.get('10.00')!.compliance_flags, []);

  // "Under review" is monitoring's review status: a score at or above review_score holds the transfer in pending_review.
  assert.equal(rows.map((row) => [row.amount, row.status]).sort(), [['10.00', 'pending'], ['20000.00', 'pending_review']], JSON.stringify(rows));
  const review = await post('/api/v1/ai/transactions', { query: 'transfers under review', account_id: from });
  assert.equal(review.body.data.transactions.map((row: { amount: string; status: string }) => [row.amount, row.status]), [['20000.00', 'pending_review']]);
  assert.equal(review.body.data.limitations, []);
});

test.run();

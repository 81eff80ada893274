import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { runCommand } from '../../adapters/cli/run-command.js';
import { ComplianceFlags, EventBackbone, EventStore, OperatorKeys, UnitOfWork } from '../../kernel/public.js';
import { bootTestKernel, type TestKernel, type TestUser } from '../../test/fixtures/boot.js';
import { MonitoredTransactionsView, MonitoredTransactionView } from './operations.js';

/**
 * Transaction monitoring end to end on every store: core-banking transfers
 * and travel-rule checks reach the durable consumer group through the event
 * backbone; each rule fires in one case and not in its neighbour; flagged
 * transactions wait in pending_review until an operator clears or rejects
 * them; other modules read the flags through the ComplianceFlags port.
 */
const stores = ['memory', 'pglite', ...(process.env.DATABASE_URL ? ['postgres' as const] : [])] as const;

for (const store of stores) {
  const test = suite(`regtech monitoring: ${store}`);
  let k: TestKernel;
  let ada: TestUser;
  let bob: TestUser;

  test.before(async () => {
    k = await bootTestKernel({ store, modules: ['core-banking', 'regtech'], now: '2026-11-25T04:00:00.000Z' });
    ada = await k.createUser('Ada Monitoring');
    bob = await k.createUser('Bob Monitoring');
  });
  test.after(() => k.close());

  const account = async (user: TestUser, funds = '100000.00') => {
    const id = (await k.request('POST', '/api/v2/accounts', { key: user.key, body: { name: 'Main', type: 'personal', metadata: {} } })).body.data.uuid as string;
    assert.is((await k.request('POST', `/api/v2/accounts/${id}/deposit`, { key: user.key, body: { amount: funds, asset_code: 'USD' } })).status, 201);
    return id;
  };
  const transfer = async (user: TestUser, from: string, to: string, amount: string) => {
    const answer = await k.request('POST', '/api/v2/transfers', { key: user.key, body: { from_account: from, to_account: to, amount, asset_code: 'USD' } });
    assert.is(answer.status, 201, JSON.stringify(answer.body));
    return answer.body.data.uuid as string;
  };
  const flagsOf = async (user: TestUser, id: string) => {
    await k.get(EventBackbone).drain();
    const answer = await k.request('GET', `/api/v2/regtech/monitoring/transactions/${id}`, { key: user.key });
    return answer.status === 404 ? undefined : MonitoredTransactionView.parse(answer.body.data);
  };
  const violations = async () => (await k.get(EventStore).readAfter(0n, 100_000)).filter((event) => event.type === 'compliance.violation.detected').length;

  test('large amount: USD 10,000 is flagged (score 40, no review), USD 9,999.99 is not', async () => {
    const [from, to] = [await account(ada), await account(ada)];
    const large = await transfer(ada, from, to, '10000.00');
    const below = await transfer(ada, from, to, '9999.99');
    const flagged = await flagsOf(ada, large);
    assert.equal([flagged?.compliance_flags, flagged?.risk_score, flagged?.status], [['large_amount'], 40, 'clear']);
    assert.is(await flagsOf(ada, below), undefined);
    assert.is((await k.request('GET', `/api/v2/regtech/monitoring/transactions/${large}`, { key: bob.key })).status, 404, "another team's");
  });

  test('structuring: the third transfer just under USD 10,000 within 24 hours waits in pending_review; the second and amounts below the band do not', async () => {
    const [from, to] = [await account(ada), await account(ada)];
    const first = await transfer(ada, from, to, '9500.00');
    k.clock.advance(3_600_000);
    const second = await transfer(ada, from, to, '9100.00');
    assert.is(await flagsOf(ada, second), undefined);
    k.clock.advance(3_600_000);
    const third = await transfer(ada, from, to, '9999.00');
    const flagged = await flagsOf(ada, third);
    assert.equal([flagged?.compliance_flags, flagged?.risk_score, flagged?.status], [['structuring'], 60, 'pending_review']);
    assert.is(await flagsOf(ada, first), undefined);
    const [low, lowTo] = [await account(ada), await account(ada)];
    for (let i = 0; i < 3; i += 1) assert.is(await flagsOf(ada, await transfer(ada, low, lowTo, '8000.00')), undefined);
    k.clock.advance(25 * 3_600_000);
    assert.is(await flagsOf(ada, await transfer(ada, from, to, '9500.00')), undefined, 'the earlier ones left the window');
  });

  test('velocity: the fifth transfer from an account within an hour is flagged, the fourth is not, nor one after the window', async () => {
    const [from, to] = [await account(bob), await account(bob)];
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      ids.push(await transfer(bob, from, to, '10.00'));
      k.clock.advance(60_000);
    }
    assert.is(await flagsOf(bob, ids[3]!), undefined);
    assert.equal((await flagsOf(bob, ids[4]!))?.compliance_flags, ['velocity']);
    k.clock.advance(3_600_000);
    assert.is(await flagsOf(bob, await transfer(bob, from, to, '10.00')), undefined);
  });

  test('sanctioned counterparty and high-risk jurisdiction come from travel-rule checks; clean checks flag nothing', async () => {
    const [from, to] = [await account(ada), await account(ada)];
    const listed = await transfer(ada, from, to, '100.00');
    const clean = await transfer(ada, from, to, '100.00');
    const submit = (id: string, name: string) =>
      k.request('POST', '/api/v2/regtech/travel-rule/transfers', { key: ada.key, body: { transfer_id: id, originator: { name: 'Ada Lovelace', account: from }, beneficiary: { name, vasp_id: 'Other VASP' }, amount: '100.00', currency: 'USD' } });
    assert.is((await submit(listed, 'Ri Song Chol')).status, 201);
    assert.is((await submit(clean, 'Charles Babbage')).status, 201);
    const flagged = await flagsOf(ada, listed);
    assert.equal([flagged?.compliance_flags, flagged?.risk_score, flagged?.status], [['sanctioned_counterparty'], 100, 'pending_review']);
    assert.is(await flagsOf(ada, clean), undefined);

    const party = (country: string) => ({ name: 'Charles Babbage', account_number: 'B-1', institution_name: 'Bank', institution_country: country });
    const check = (id: string, country: string) =>
      k.request('POST', '/api/v1/regtech/travel-rule/check', {
        key: ada.key,
        body: { transfer_id: id, originator: { ...party('DE'), name: 'Ada Lovelace' }, beneficiary: party(country), transfer_details: { amount: '50.00', currency: 'EUR', asset_type: 'fiat' }, jurisdiction: 'EU' },
      });
    assert.is((await check('wire-ir', 'IR')).status, 201);
    assert.is((await check('wire-gb', 'GB')).status, 201);
    assert.equal((await flagsOf(ada, 'wire-ir'))?.compliance_flags, ['high_risk_jurisdiction']);
    assert.is(await flagsOf(ada, 'wire-gb'), undefined);

    const read = await k.get(UnitOfWork).readOnly((tx) => k.get(ComplianceFlags).flagsFor(tx, ada.teamId, [listed, clean, 'wire-ir']));
    assert.equal(read.map((entry) => [entry.transactionId, entry.flags, entry.riskScore, entry.reviewStatus]).sort(), [
      [listed, ['sanctioned_counterparty'], 100, 'pending_review'],
      ['wire-ir', ['high_risk_jurisdiction'], 50, 'pending_review'],
    ].sort());
    assert.equal(await k.get(UnitOfWork).readOnly((tx) => k.get(ComplianceFlags).flagsFor(tx, bob.teamId, [listed])), [], "another team's flags are not read");
  });

  test('operators clear or reject what waits in review; a decided review is a 409; team keys get 403; every flag emitted its event', async () => {
    await k.get(EventBackbone).drain();
    const pending = MonitoredTransactionsView.parse((await k.request('GET', '/api/v2/admin/regtech/reviews', { key: k.operatorKey })).body.data).reviews;
    assert.equal(pending.map((review) => review.compliance_flags[0]).sort(), ['high_risk_jurisdiction', 'sanctioned_counterparty', 'structuring']);
    assert.ok(pending.every((review) => review.team_id === ada.teamId));
    const [first, second] = pending;
    const decide = (id: string, action: string, key = k.operatorKey, body: unknown = { note: 'Reviewed with the customer file.' }) => k.request('POST', `/api/v2/admin/regtech/reviews/${id}/${action}`, { key, body });
    assert.is((await decide(first!.review_id, 'clear', ada.key)).status, 403);
    assert.is((await decide(first!.review_id, 'clear', k.operatorKey, {})).status, 422);
    const cleared = MonitoredTransactionView.parse((await decide(first!.review_id, 'clear')).body.data);
    assert.equal([cleared.status, cleared.review_note], ['cleared', 'Reviewed with the customer file.']);
    assert.is(MonitoredTransactionView.parse((await decide(second!.review_id, 'reject')).body.data).status, 'rejected');
    const again = await decide(first!.review_id, 'reject');
    assert.equal([again.status, again.body.errors[0].code], [409, 'review_not_pending']);
    assert.is((await decide('00000000-0000-4000-8000-000000000000', 'clear')).status, 404);
    assert.is((await flagsOf(ada, first!.transaction_id))?.status, 'cleared');
    assert.is(MonitoredTransactionsView.parse((await k.request('GET', '/api/v2/admin/regtech/reviews', { key: k.operatorKey })).body.data).reviews.length, 1);
    const { teamId: operatorTeam } = await k.get(OperatorKeys).ensureOperator();
    const listed = await runCommand(k.kernel, ['regtech', 'reviews'], operatorTeam);
    assert.is(listed.exitCode, 0, listed.stderr);
    const [last] = JSON.parse(listed.stdout).data.reviews;
    const byCli = await runCommand(k.kernel, ['regtech', 'clear-review', '--id', last.review_id, '--note', 'Cleared at the terminal.'], operatorTeam);
    assert.is(byCli.exitCode, 0, byCli.stderr);
    assert.equal([JSON.parse(byCli.stdout).data.status, JSON.parse(byCli.stdout).data.review_note], ['cleared', 'Cleared at the terminal.']);
    const status = (await k.request('GET', '/api/v2/regtech/status', { key: ada.key })).body.data;
    // Ada's 8 accounts were each funded with a USD 100,000 deposit: large_amount, clear (deposits are monitored too).
    assert.equal(status.monitoring, { flagged: 12, clear: 9, pending_review: 0, cleared: 2, rejected: 1 });
    assert.not.ok(status.open_issues.some((issue: { code: string }) => issue.code === 'review_pending'));
    assert.is(await violations(), 15, 'large, structuring, velocity, sanctioned, high-risk and the 10 funding deposits: one event each, and none for what did not fire');
  });

  test.run();
}

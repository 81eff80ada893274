import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { EventStore } from '../../kernel/public.js';
import { bootTestKernel, type TestKernel, type TestKernelOptions, type TestUser } from '../../test/fixtures/boot.js';
import { MifirReportView } from './operations.js';

/**
 * MiFIR transaction reports end to end over HTTP on every store: built from
 * a core-banking transaction of the team, validated, submitted to the
 * simulated competent authority, decided by the clock (accepted, rejected
 * late, a cancellation), read back; bad input is a 4xx with a pointer that
 * stores nothing; and a report submitted before a restart is decided after it.
 */
const stores = ['memory', 'pglite', ...(process.env.DATABASE_URL ? ['postgres' as const] : [])] as const;
const LEI = '5493001KJTIIGC8Y1R12';
const CLIENT = 'DE19800101JOHN#DOE##';
const pluginConfig = { regtech: { reporting_entity_lei: LEI, instruments: { XAU: { isin: 'XS00000XAU05', cfi: 'TCRXXX' } }, authority_feedback_minutes: 60 } };
const options = (store: TestKernelOptions['store'], extra: Partial<TestKernelOptions> = {}): TestKernelOptions => ({
  store,
  modules: ['core-banking', 'regtech'],
  now: '2026-11-25T04:00:00.000Z',
  config: { pluginConfig } as TestKernelOptions['config'],
  ...extra,
});

async function openAccount(k: TestKernel, user: TestUser): Promise<string> {
  const response = await k.request('POST', '/api/v2/accounts', { key: user.key, body: { name: 'Metals', type: 'personal', metadata: {} } });
  assert.is(response.status, 201, JSON.stringify(response.body));
  return response.body.data.uuid;
}

async function deposit(k: TestKernel, user: TestUser, account: string, amount: string, asset_code = 'XAU'): Promise<string> {
  const response = await k.request('POST', `/api/v2/accounts/${account}/deposit`, { key: user.key, body: { amount, asset_code } });
  assert.is(response.status, 201, JSON.stringify(response.body));
  return response.body.data.uuid;
}

const report = (k: TestKernel, user: TestUser, body: unknown) => k.request('POST', '/api/v2/regtech/mifid/reports', { key: user.key, body });
const read = async (k: TestKernel, user: TestUser, id: string) => MifirReportView.parse((await k.request('GET', `/api/v2/regtech/mifid/reports/${id}`, { key: user.key })).body.data);
const eventsOf = async (k: TestKernel, type: string) => (await k.get(EventStore).readAfter(0n, 100_000)).filter((event) => event.type === type).length;

for (const store of stores) {
  const test = suite(`regtech MiFIR reports: ${store}`);
  let k: TestKernel;
  let ada: TestUser;
  let bob: TestUser;
  let account: string;

  test.before(async () => {
    k = await bootTestKernel(options(store));
    ada = await k.createUser('Ada Reporting');
    bob = await k.createUser('Bob Reporting');
    account = await openAccount(k, ada);
  });
  test.after(() => k.close());

  test('a deposit is reported: RTS 22 fields, submitted, then accepted when the authority answers an hour later', async () => {
    const transaction = await deposit(k, ada, account, '10.000');
    const generated = await eventsOf(k, 'compliance.report.generated');
    const answer = await report(k, ada, { transaction_id: transaction, report_type: 'transaction', jurisdiction: 'de', buyer_id: CLIENT });
    assert.is(answer.status, 201, JSON.stringify(answer.body));
    const view = MifirReportView.parse(answer.body.data);
    assert.equal([view.status, view.jurisdiction, view.report_type, view.decided_at, view.rejection_reasons], ['submitted', 'DE', 'transaction', null, []]);
    assert.match(view.competent_authority, /BaFin/);
    assert.equal(view.fields, {
      report_status: 'NEWT',
      transaction_reference_number: transaction.replace(/-/g, '').toUpperCase(),
      executing_entity_id: LEI,
      investment_firm_covered: true,
      submitting_entity_id: LEI,
      buyer_id: CLIENT,
      seller_id: LEI,
      trading_date_time: '2026-11-25T04:00:00.000000Z',
      trading_capacity: 'DEAL',
      quantity: '10.000',
      quantity_currency: null,
      price: 'NOAP',
      price_currency: null,
      venue: 'XOFF',
      instrument_id: 'XS00000XAU05',
      instrument_full_name: 'Gold (troy ounce)',
      instrument_classification: 'TCRXXX',
    });
    assert.is(await eventsOf(k, 'compliance.report.generated'), generated + 1);
    assert.is((await k.request('GET', `/api/v2/regtech/mifid/reports/${view.report_id}`, { key: bob.key })).status, 404, "another team's report");

    k.clock.advance(59 * 60_000);
    await k.runScheduled();
    assert.is((await read(k, ada, view.report_id)).status, 'submitted', 'not before the feedback is due');
    k.clock.advance(60_000);
    await k.runScheduled();
    const decided = await read(k, ada, view.report_id);
    assert.equal([decided.status, decided.rejection_reasons, decided.decided_at], ['accepted', [], '2026-11-25T05:00:00.000Z']);
    assert.is(await eventsOf(k, 'regtech.report.decided'), 1);

    const again = await report(k, ada, { transaction_id: transaction, report_type: 'transaction', jurisdiction: 'DE', buyer_id: CLIENT });
    assert.equal([again.status, again.body.errors[0].code], [409, 'already_reported']);

    const cancel = MifirReportView.parse((await report(k, ada, { transaction_id: transaction, report_type: 'cancellation', jurisdiction: 'DE' })).body.data);
    assert.equal([cancel.fields.report_status, cancel.cancels_report_id, cancel.fields.transaction_reference_number], ['CANC', view.report_id, view.fields.transaction_reference_number]);
    k.clock.advance(60 * 60_000);
    await k.runScheduled();
    assert.is((await read(k, ada, cancel.report_id)).status, 'accepted');
    const nothing = await report(k, ada, { transaction_id: transaction, report_type: 'cancellation', jurisdiction: 'DE' });
    assert.equal([nothing.status, nothing.body.errors[0].code], [409, 'nothing_to_cancel']);
  });

  test('a report sent after T+1 is rejected when the authority answers; a cancellation of it sent meanwhile is rejected CON-024', async () => {
    const transaction = await deposit(k, ada, account, '1.000');
    k.clock.advance(3 * 86_400_000);
    const late = MifirReportView.parse((await report(k, ada, { transaction_id: transaction, report_type: 'transaction', jurisdiction: 'FR', buyer_id: CLIENT })).body.data);
    const cancel = MifirReportView.parse((await report(k, ada, { transaction_id: transaction, report_type: 'cancellation', jurisdiction: 'FR' })).body.data);
    k.clock.advance(60 * 60_000);
    assert.is(await k.runScheduled() >= 2, true);
    const decided = await read(k, ada, late.report_id);
    assert.equal([decided.status, decided.rejection_reasons.map((reason) => reason.code)], ['rejected', ['SIM-LATE']]);
    const cancelled = await read(k, ada, cancel.report_id);
    assert.equal([cancelled.status, cancelled.rejection_reasons.map((reason) => reason.code)], ['rejected', ['CON-024']]);
    const corrected = await report(k, ada, { transaction_id: transaction, report_type: 'transaction', jurisdiction: 'FR', buyer_id: CLIENT });
    assert.is(corrected.status, 201, 'a rejected report may be sent again');
  });

  test('bad input: 4xx with a pointer, nothing stored, no event; nothing 5xx', async () => {
    const gold = await deposit(k, ada, account, '2.000');
    const dollars = await deposit(k, ada, account, '100.00', 'USD');
    const bitcoin = await deposit(k, ada, account, '0.5', 'BTC');
    const before = await eventsOf(k, 'compliance.report.generated');
    const cases: Array<[TestUser, unknown, number, string, string]> = [
      [ada, { transaction_id: gold, report_type: 'transaction', jurisdiction: 'US', buyer_id: CLIENT }, 422, '/jurisdiction', 'unknown_jurisdiction'],
      [ada, { transaction_id: gold, report_type: 'transaction', jurisdiction: 'GB', buyer_id: CLIENT }, 422, '/jurisdiction', 'unknown_jurisdiction'],
      [ada, { transaction_id: gold, report_type: 'transaction', jurisdiction: 'DE' }, 422, '/buyer_id', 'party_code_required'],
      [ada, { transaction_id: gold, report_type: 'transaction', jurisdiction: 'DE', buyer_id: 'x1#' }, 422, '/buyer_id', 'rts22_invalid'],
      [ada, { transaction_id: gold, report_type: 'transaction', jurisdiction: 'DE', buyer_id: LEI }, 422, '/seller_id', 'rts22_invalid'],
      [ada, { transaction_id: dollars, report_type: 'transaction', jurisdiction: 'DE', buyer_id: CLIENT }, 422, '/transaction_id', 'not_a_financial_instrument'],
      [ada, { transaction_id: bitcoin, report_type: 'transaction', jurisdiction: 'DE', buyer_id: CLIENT }, 422, '/transaction_id', 'not_a_financial_instrument'],
      [ada, { transaction_id: gold, report_type: 'amendment', jurisdiction: 'DE' }, 422, '/report_type', ''],
      [ada, { transaction_id: 'not-a-uuid', report_type: 'transaction', jurisdiction: 'DE' }, 422, '/transaction_id', ''],
      [ada, { transaction_id: '00000000-0000-4000-8000-000000000000', report_type: 'transaction', jurisdiction: 'DE', buyer_id: CLIENT }, 404, '/transaction_id', 'not_found'],
      [bob, { transaction_id: gold, report_type: 'transaction', jurisdiction: 'DE', buyer_id: CLIENT }, 404, '/transaction_id', 'not_found'],
    ];
    for (const [user, body, status, pointer, code] of cases) {
      const refused = await report(k, user, body);
      assert.is(refused.status, status, `${pointer}: ${JSON.stringify(refused.body)}`);
      const error = refused.body.errors.find((one: { source?: { pointer?: string } }) => one.source?.pointer === pointer);
      assert.ok(error, `${pointer}: ${JSON.stringify(refused.body.errors)}`);
      if (code) assert.is(error.code, code);
    }
    assert.match(JSON.stringify((await report(k, ada, { transaction_id: bitcoin, report_type: 'transaction', jurisdiction: 'DE', buyer_id: CLIENT })).body), /MiCA/);
    assert.is(await eventsOf(k, 'compliance.report.generated'), before, 'nothing was submitted');
  });

  test.run();
}

const restart = suite('regtech MiFIR reports: restart on PGlite while a report is submitted');
let dataDir: string;
restart.before(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'bank-regtech-restart-'));
});
restart.after(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

restart('a report submitted before a restart is decided after it, from the store', async () => {
  const boot = (seed: string) => bootTestKernel(options('pglite', { seed, config: { dataDir, pluginConfig } as TestKernelOptions['config'] }));
  const first = await boot('first');
  const ada = await first.createUser('Ada Restart');
  const account = await openAccount(first, ada);
  const transaction = await deposit(first, ada, account, '3.000');
  const submitted = MifirReportView.parse((await report(first, ada, { transaction_id: transaction, report_type: 'transaction', jurisdiction: 'NL', buyer_id: CLIENT })).body.data);
  await first.close();

  const second = await boot('second');
  try {
    assert.is((await read(second, ada, submitted.report_id)).status, 'submitted');
    second.clock.set('2026-11-25T05:00:00.000Z');
    await second.runScheduled();
    const decided = await read(second, ada, submitted.report_id);
    assert.equal([decided.status, decided.decided_at, decided.authority_reference], ['accepted', '2026-11-25T05:00:00.000Z', submitted.authority_reference]);
  } finally {
    await second.close();
  }
});

restart.run();

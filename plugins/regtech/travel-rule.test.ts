import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { EventStore } from '../../kernel/public.js';
import { bootTestKernel, type TestKernel, type TestUser } from '../../test/fixtures/boot.js';
import { TravelRuleCheckView, TravelRuleSubmissionView } from './operations.js';

/**
 * The travel rule end to end on every store over real HTTP: checks per
 * jurisdiction with the amount converted through the price feed, IVMS 101
 * completeness, both parties screened against the shipped test lists,
 * the risk score and validity; IVMS 101 messages stored for core-banking
 * transfers of the caller's team. Bad input is a 4xx with a pointer that
 * records nothing and emits nothing.
 */
const stores = ['memory', 'pglite', ...(process.env.DATABASE_URL ? ['postgres' as const] : [])] as const;

const party = (name: string, overrides: Record<string, unknown> = {}) => ({
  name,
  account_number: `ACC-${name.replace(/\W/g, '')}`,
  institution_name: 'Open Bank',
  institution_country: 'DE',
  ...overrides,
});

const body = (overrides: Record<string, unknown> = {}, details: Record<string, unknown> = {}) => ({
  transfer_id: 'wire-1',
  originator: party('Ada Lovelace', { customer_identification: 'C-1001' }),
  beneficiary: party('Charles Babbage', { institution_name: 'Engine Bank', institution_country: 'GB' }),
  transfer_details: { amount: '500.00', currency: 'EUR', asset_type: 'fiat', purpose: 'invoice 42', ...details },
  jurisdiction: 'EU',
  ...overrides,
});

for (const store of stores) {
  const test = suite(`regtech travel rule: ${store}`);
  let k: TestKernel;
  let ada: TestUser;
  let bob: TestUser;

  test.before(async () => {
    k = await bootTestKernel({ store, modules: ['core-banking', 'regtech'], now: '2026-11-25T04:00:00.000Z' });
    ada = await k.createUser('Ada Travel');
    bob = await k.createUser('Bob Travel');
  });
  test.after(() => k.close());

  const check = (user: TestUser, payload: unknown) => k.request('POST', '/api/v1/regtech/travel-rule/check', { key: user.key, body: payload });
  const completedEvents = async () => (await k.get(EventStore).readAfter(0n, 100_000)).filter((event) => event.type === 'travel_rule.check.completed').length;

  test('a compliant check below the threshold: every field of the result, low risk, valid for 30 minutes, an event', async () => {
    const before = await completedEvents();
    const answer = await check(ada, body());
    assert.is(answer.status, 201, JSON.stringify(answer.body));
    const view = TravelRuleCheckView.parse(answer.body.data);
    assert.equal([view.transfer_id, view.is_compliant, view.risk_level, view.applicable_jurisdiction], ['wire-1', true, 'low', 'EU']);
    assert.equal(view.risk_factors, ['cross_border']);
    assert.ok(view.applicable_regulations.includes('Regulation (EU) 2023/1113 (Transfer of Funds Regulation)'));
    assert.equal([view.originator_verified, view.beneficiary_verified], [true, true]);
    assert.equal(view.threshold_analysis, {
      amount_usd: '540.00',
      exceeds_threshold: false,
      threshold_amount: '1080.00',
      full_identification_required: false,
      threshold_local_amount: '1000.00',
      threshold_currency: 'EUR',
      amount_in_threshold_currency: '500.00',
      legal_source: view.threshold_analysis.legal_source,
    });
    assert.equal([view.sanctions_screening.originator_cleared, view.sanctions_screening.beneficiary_cleared], [true, true]);
    assert.equal(view.sanctions_screening.list_versions.map((list) => list.source), ['eu_fsf', 'ofac_sdn', 'un_sc']);
    assert.match(view.sanctions_screening.screening_provider, /ofac_sdn sha256:/);
    assert.equal(view.compliance_issues, []);
    assert.is(new Date(view.valid_until).getTime() - new Date(view.checked_at).getTime(), 30 * 60_000);
    assert.is(await completedEvents(), before + 1);
    const back = await k.request('GET', `/api/v1/regtech/travel-rule/checks/${view.check_id}`, { key: ada.key });
    assert.equal(back.body.data, view);
    assert.is((await k.request('GET', `/api/v1/regtech/travel-rule/checks/${view.check_id}`, { key: bob.key })).status, 404, "another team's check");
    const screening = await k.request('GET', `/api/v2/regtech/sanctions/screenings/${view.sanctions_screening.originator_screening_id}`, { key: ada.key });
    assert.is(screening.body.data.purpose, `travel_rule_check:${view.check_id}`, 'the screening is recorded for the check');
  });

  test('at and above the threshold the originator must be fully identified: without an address or id the check is not compliant', async () => {
    const incomplete = TravelRuleCheckView.parse((await check(ada, body({ originator: party('Ada Lovelace') }, { amount: '1000.00' }))).body.data);
    assert.equal([incomplete.threshold_analysis.exceeds_threshold, incomplete.threshold_analysis.full_identification_required], [true, true]);
    assert.equal([incomplete.is_compliant, incomplete.originator_verified, incomplete.risk_level], [false, false, 'medium']);
    assert.equal(incomplete.compliance_issues.map((issue) => issue.code), ['originator_data_incomplete']);
    assert.ok(incomplete.recommendations.some((text) => text.startsWith("Obtain the originator's")));
    const below = TravelRuleCheckView.parse((await check(ada, body({ originator: party('Ada Lovelace') }, { amount: '999.99' }))).body.data);
    assert.equal([below.is_compliant, below.originator_verified, below.threshold_analysis.exceeds_threshold], [true, true, false]);
  });

  test('each jurisdiction in its currency: at the threshold exceeds, a cent below does not; other currencies are converted', async () => {
    const cases: Array<[string, string, string, string]> = [
      ['US', 'USD', '3000.00', '2999.99'],
      ['UK', 'GBP', '1000.00', '999.99'],
      ['CH', 'CHF', '1000.00', '999.99'],
      ['GB', 'GBP', '1000.00', '999.99'],
    ];
    for (const [jurisdiction, currency, at, below] of cases) {
      const atView = TravelRuleCheckView.parse((await check(ada, body({ jurisdiction }, { amount: at, currency }))).body.data);
      assert.equal([atView.threshold_analysis.exceeds_threshold, atView.is_compliant], [true, true], jurisdiction);
      const belowView = TravelRuleCheckView.parse((await check(ada, body({ jurisdiction }, { amount: below, currency }))).body.data);
      assert.is(belowView.threshold_analysis.exceeds_threshold, false, jurisdiction);
    }
    // SGD is not an asset: SG's threshold (SGD 1,500 = USD 1,125 at 0.75) is converted, a USD amount compared with it.
    const sg = TravelRuleCheckView.parse((await check(ada, body({ jurisdiction: 'SG' }, { amount: '1125.00', currency: 'USD' }))).body.data);
    assert.equal([sg.threshold_analysis.threshold_amount, sg.threshold_analysis.amount_in_threshold_currency, sg.threshold_analysis.exceeds_threshold], ['1125.00', '1500.00', true]);
    assert.is(TravelRuleCheckView.parse((await check(ada, body({ jurisdiction: 'SG' }, { amount: '1124.99', currency: 'USD' }))).body.data).threshold_analysis.exceeds_threshold, false);
    const btc = TravelRuleCheckView.parse((await check(ada, body({ jurisdiction: 'US' }, { amount: '0.05', currency: 'BTC', asset_type: 'crypto' }))).body.data);
    assert.equal([btc.threshold_analysis.amount_usd, btc.threshold_analysis.exceeds_threshold], ['3250.00', true]);
    assert.ok(btc.risk_factors.includes('crypto') && btc.applicable_regulations.some((r) => r.includes('FIN-2019-G001')));
  });

  test('a listed party fails the check with a compliance issue and critical risk; the screening names the entry', async () => {
    const view = TravelRuleCheckView.parse((await check(ada, body({ beneficiary: party('Ri Song-chol', { date_of_birth: '1974-02-19', place_of_birth: 'Pyongyang' }) }))).body.data);
    assert.equal([view.is_compliant, view.risk_level, view.sanctions_screening.beneficiary_cleared, view.sanctions_screening.originator_cleared], [false, 'critical', false, true]);
    assert.equal(view.compliance_issues.map((issue) => issue.code), ['beneficiary_sanctions_match']);
    assert.match(view.compliance_issues[0]!.description, /un_sc entry 6900002/);
    assert.match(view.recommendations[0]!, /Do not execute/);
  });

  test('bad input: 422 with a pointer, nothing recorded, no event; nothing 5xx', async () => {
    const before = await completedEvents();
    const cases: Array<[unknown, string]> = [
      [body({ jurisdiction: 'XX' }), '/jurisdiction'],
      [body({ jurisdiction: 'DE' }), '/jurisdiction'],
      [body({}, { currency: 'ZZZ' }), '/transfer_details/currency'],
      [body({}, { currency: 'BTC' }), '/transfer_details/asset_type'],
      [body({}, { amount: '12.345' }), '/transfer_details/amount'],
      [body({}, { amount: 100 }), '/transfer_details/amount'],
      [body({}, { amount: '-5' }), '/transfer_details/amount'],
      [body({ originator: { name: 'Ada', account_number: 'A1', institution_name: 'Open Bank' } }), '/originator/institution_country'],
      [body({ beneficiary: party('Charles Babbage', { account_number: '' }) }), '/beneficiary/account_number'],
      [body({ originator: party('Ada', { address: { town_name: 'London', country: 'GB' } }) }), '/originator/address'],
      [body({ originator: party('Ada', { date_of_birth: '1815-12-10' }) }), '/originator/place_of_birth'],
      [body({ originator: party('Ada', { type: 'legal', national_identification: { identifier: '5493001KJTIIGC8Y1R13', type: 'LEIX' } }) }), '/originator/national_identification/identifier'],
      [body({ transfer_id: undefined }), '/transfer_id'],
      [{ ...body(), extra: true }, ''],
    ];
    for (const [payload, pointer] of cases) {
      const refused = await check(ada, payload);
      assert.is(refused.status, 422, `${pointer}: ${JSON.stringify(refused.body)}`);
      assert.ok(
        refused.body.errors.some((error: { source?: { pointer?: string } }) => (error.source?.pointer ?? '').startsWith(pointer)),
        `${pointer}: ${JSON.stringify(refused.body.errors)}`,
      );
    }
    assert.is(await completedEvents(), before, 'no check was recorded');
  });

  test("a core-banking transfer of the team: the IVMS 101 message stored, the bank's jurisdiction checked; another team's is 404", async () => {
    const open = async (user: TestUser, name: string) => (await k.request('POST', '/api/v2/accounts', { key: user.key, body: { name, type: 'personal', metadata: {} } })).body.data.uuid as string;
    const from = await open(ada, 'Ada main');
    const to = await open(ada, 'Ada savings');
    assert.is((await k.request('POST', `/api/v2/accounts/${from}/deposit`, { key: ada.key, body: { amount: '5000.00', asset_code: 'EUR' } })).status, 201);
    const transfer = await k.request('POST', '/api/v2/transfers', { key: ada.key, body: { from_account: from, to_account: to, amount: '1500.00', asset_code: 'EUR', reference: 'rent' } });
    assert.is(transfer.status, 201, JSON.stringify(transfer.body));
    const transferId = transfer.body.data.uuid as string;
    const submission = { transfer_id: transferId, originator: { name: 'Ada Lovelace', account: from }, beneficiary: { name: 'Charles Babbage', vasp_id: 'Engine Bank', vasp_country: 'GB' }, amount: '1500.00', currency: 'EUR' };
    const submit = (user: TestUser, payload: unknown) => k.request('POST', '/api/v2/regtech/travel-rule/transfers', { key: user.key, body: payload });

    const before = await completedEvents();
    const refusals: Array<[TestUser, unknown, number, string]> = [
      [bob, submission, 404, '/transfer_id'],
      [ada, { ...submission, transfer_id: '00000000-0000-4000-8000-000000000000' }, 404, '/transfer_id'],
      [ada, { ...submission, amount: '1499.00' }, 422, '/amount'],
      [ada, { ...submission, currency: 'USD', amount: '1500.00' }, 422, '/currency'],
      [ada, { ...submission, originator: { name: 'Ada Lovelace', account: to } }, 422, '/originator/account'],
      [ada, { ...submission, beneficiary: { name: 'Charles Babbage' } }, 422, '/beneficiary/vasp_id'],
    ];
    for (const [user, payload, status, pointer] of refusals) {
      const refused = await submit(user, payload);
      assert.is(refused.status, status, `${pointer}: ${JSON.stringify(refused.body)}`);
      assert.ok(refused.body.errors.some((error: { source?: { pointer?: string } }) => error.source?.pointer === pointer), `${pointer}: ${JSON.stringify(refused.body.errors)}`);
    }
    assert.is(await completedEvents(), before, 'nothing was checked or stored');

    const stored = await submit(ada, submission);
    assert.is(stored.status, 201, JSON.stringify(stored.body));
    const view = TravelRuleSubmissionView.parse(stored.body.data);
    assert.equal([view.transfer_id, view.jurisdiction, view.result.transfer_id, view.result.is_compliant], [transferId, 'EU', transferId, true]);
    assert.equal([view.result.threshold_analysis.exceeds_threshold, view.result.originator_verified], [true, true], 'the sending account identifies the customer');
    assert.equal((view.ivms101 as any).originator.originatorPerson[0].naturalPerson.customerIdentification, from);
    assert.equal((view.ivms101 as any).beneficiary.beneficiaryPerson[0].accountNumber, [to]);
    assert.equal((view.ivms101 as any).originatingVASP.originatingVASP.legalPerson.countryOfRegistration, 'DE');
    assert.is(await completedEvents(), before + 1);
    assert.equal((await k.request('GET', `/api/v2/regtech/travel-rule/transfers/${view.submission_id}`, { key: ada.key })).body.data, view);
    assert.is((await k.request('GET', `/api/v2/regtech/travel-rule/transfers/${view.submission_id}`, { key: bob.key })).status, 404);
    const again = await submit(ada, submission);
    assert.equal([again.status, again.body.errors[0].code], [409, 'travel_rule_already_submitted']);
    assert.is(await completedEvents(), before + 1);
  });

  test.run();
}

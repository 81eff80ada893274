import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { StablecoinReserves, type StablecoinReserve } from '../../kernel/public.js';
import { bootTestKernel, type TestKernel, type TestUser } from '../../test/fixtures/boot.js';
import { RegtechStatusView } from './operations.js';

/**
 * GET /regtech/status on every store: every figure comes from what the team
 * stored (screenings, travel-rule checks, reports, MiCA checks) and the
 * lists' ages by the clock; another team sees only its own.
 */
const stores = ['memory', 'pglite', ...(process.env.DATABASE_URL ? ['postgres' as const] : [])] as const;
const LEI = '5493001KJTIIGC8Y1R12';

for (const store of stores) {
  const test = suite(`regtech status: ${store}`);
  let k: TestKernel;
  let ada: TestUser;
  let bob: TestUser;
  // Stands in for the stablecoin module's StablecoinReserves (its own e2e suite reads the real one through this status): figures a test sets.
  let reserves: StablecoinReserve[] = [];

  test.before(async () => {
    k = await bootTestKernel({
      store,
      modules: ['core-banking', 'regtech'],
      now: '2026-11-25T04:00:00.000Z',
      overrides: [[StablecoinReserves, { reserves: async () => reserves }]],
      config: { pluginConfig: { regtech: { reporting_entity_lei: LEI, instruments: { XAU: { isin: 'XS00000XAU05' } }, list_max_age_hours: 48 } } } as any,
    });
    ada = await k.createUser('Ada Status');
    bob = await k.createUser('Bob Status');
  });
  test.after(() => k.close());

  const status = async (user: TestUser) => {
    const answer = await k.request('GET', '/api/v2/regtech/status', { key: user.key });
    assert.is(answer.status, 200, JSON.stringify(answer.body));
    return RegtechStatusView.parse(answer.body.data);
  };

  test('a new team is compliant with nothing stored; the test lists are listed with their ages', async () => {
    const view = await status(ada);
    assert.equal([view.status, view.open_issues, view.screenings, view.reports], ['compliant', [], { total: 0, with_matches: 0 }, { submitted: 0, accepted: 0, rejected: 0 }]);
    assert.equal(view.stablecoin_reserves, []);
    assert.equal(view.sanctions_lists.map((list) => [list.source, list.age_seconds, list.stale]), [['eu_fsf', 0, false], ['ofac_sdn', 0, false], ['un_sc', 0, false]]);
  });

  test("the team's screenings, checks, reports and MiCA checks are counted; open issues follow them and the clock", async () => {
    await k.request('POST', '/api/v2/regtech/sanctions/screen', { key: ada.key, body: { name: 'Ri Song Chol', date_of_birth: '1974-02-19' } });
    const party = (name: string) => ({ name, account_number: 'A-1', institution_name: 'Bank', institution_country: 'DE' });
    const check = await k.request('POST', '/api/v1/regtech/travel-rule/check', {
      key: ada.key,
      body: { transfer_id: 'w-1', originator: party('Ada Lovelace'), beneficiary: party('Ri Song Chol'), transfer_details: { amount: '10.00', currency: 'EUR', asset_type: 'fiat' }, jurisdiction: 'EU' },
    });
    assert.is(check.status, 201);
    await k.request('POST', '/api/v2/regtech/mica/check', { key: ada.key, body: { asset_type: 'emt', issuer_id: 'NOBODY', whitepaper_hash: `sha256:${'a'.repeat(64)}` } });
    const account = (await k.request('POST', '/api/v2/accounts', { key: ada.key, body: { name: 'Gold', type: 'personal', metadata: {} } })).body.data.uuid;
    const deposit = (await k.request('POST', `/api/v2/accounts/${account}/deposit`, { key: ada.key, body: { amount: '1.000', asset_code: 'XAU' } })).body.data.uuid;
    k.clock.advance(3 * 86_400_000);
    assert.is((await k.request('POST', '/api/v2/regtech/mifid/reports', { key: ada.key, body: { transaction_id: deposit, report_type: 'transaction', jurisdiction: 'DE', buyer_id: 'DE19800101JOHN#DOE##' } })).status, 201);

    const submitted = await status(ada);
    assert.equal(submitted.screenings, { total: 3, with_matches: 2 }, 'the route screening and both parties of the check');
    assert.equal(submitted.travel_rule_checks, { total: 1, compliant: 0, non_compliant: 1, by_risk_level: { low: 0, medium: 0, high: 0, critical: 1 } });
    assert.equal(submitted.mica_checks, { total: 1, compliant: 0, non_compliant: 1 });
    assert.equal(submitted.reports, { submitted: 1, accepted: 0, rejected: 0 });
    assert.equal(submitted.open_issues.map((issue) => [issue.code, issue.count]), [['sanctions_list_stale', 3]], 'the check expired long ago; the lists are 72 hours old');

    k.clock.advance(60 * 60_000);
    await k.runScheduled();
    const decided = await status(ada);
    assert.equal(decided.reports, { submitted: 0, accepted: 0, rejected: 1 });
    assert.equal(decided.open_issues.map((issue) => [issue.code, issue.count]), [['sanctions_list_stale', 3], ['report_rejected', 1]]);
    assert.is(decided.status, 'attention_required');

    const theirs = await status(bob);
    assert.equal([theirs.screenings.total, theirs.travel_rule_checks.total, theirs.reports, theirs.mica_checks.total], [0, 0, { submitted: 0, accepted: 0, rejected: 0 }, 0]);
  });

  test('a failed travel-rule check is an open issue while it is valid', async () => {
    const party = (name: string) => ({ name, account_number: 'A-1', institution_name: 'Bank', institution_country: 'DE' });
    await k.request('POST', '/api/v1/regtech/travel-rule/check', {
      key: bob.key,
      body: { transfer_id: 'w-2', originator: party('Bob'), beneficiary: party('Ri Song Chol'), transfer_details: { amount: '10.00', currency: 'EUR', asset_type: 'fiat' }, jurisdiction: 'EU' },
    });
    assert.ok((await status(bob)).open_issues.some((issue) => issue.code === 'travel_rule_check_failed' && issue.count === 1));
    k.clock.advance(31 * 60_000);
    assert.not.ok((await status(bob)).open_issues.some((issue) => issue.code === 'travel_rule_check_failed'));
  });

  test('e-money token reserves are shown with their coverage; one below par is an open issue', async () => {
    reserves = [
      { code: 'USDB', referenceAsset: 'USD', precision: 2, outstandingSupply: 150_000n, reserveAssets: 150_000n },
      { code: 'EURB', referenceAsset: 'EUR', precision: 2, outstandingSupply: 3n, reserveAssets: 2n },
    ];
    const view = await status(bob);
    assert.equal(view.stablecoin_reserves, [
      { code: 'USDB', reference_asset: 'USD', outstanding_supply: '1500.00', reserve_assets: '1500.00', coverage_ratio: '1.000000', fully_reserved: true },
      { code: 'EURB', reference_asset: 'EUR', outstanding_supply: '0.03', reserve_assets: '0.02', coverage_ratio: '0.666666', fully_reserved: false },
    ]);
    assert.ok(view.open_issues.some((issue) => issue.code === 'stablecoin_under_reserved' && issue.count === 1));
    assert.is(view.status, 'attention_required');
    reserves = [];
    assert.not.ok((await status(bob)).open_issues.some((issue) => issue.code === 'stablecoin_under_reserved'));
  });

  test.run();
}

import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { bootTestKernel, type TestKernel, type TestUser } from '../../test/fixtures/boot.js';
import { MicaCheckView, MicaIssuersView, MicaIssuerView } from './operations.js';

/**
 * MiCA checks over HTTP on every store: the operator keeps the issuer and
 * white-paper registry, teams check against it; a hash that is not sha256
 * is a 422 that records nothing; team keys cannot touch the registry.
 */
const stores = ['memory', 'pglite', ...(process.env.DATABASE_URL ? ['postgres' as const] : [])] as const;
const HASH = `sha256:${'9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08'}`;
const OTHER_HASH = `sha256:${'1'.repeat(64)}`;

for (const store of stores) {
  const test = suite(`regtech MiCA: ${store}`);
  let k: TestKernel;
  let ada: TestUser;

  test.before(async () => {
    k = await bootTestKernel({ store, modules: ['regtech'], now: '2026-11-25T04:00:00.000Z' });
    ada = await k.createUser('Ada MiCA');
  });
  test.after(() => k.close());

  const put = (id: string, body: unknown, key = k.operatorKey) => k.request('PUT', `/api/v2/admin/regtech/mica/issuers/${id}`, { key, body });
  const file = (body: unknown, key = k.operatorKey) => k.request('POST', '/api/v2/admin/regtech/mica/white-papers', { key, body });
  const check = (body: unknown) => k.request('POST', '/api/v2/regtech/mica/check', { key: ada.key, body });

  test('the operator registers issuers and files white papers; a team checks an EMT, an ART and another crypto-asset', async () => {
    const registered = await put('EURO-EMI-1', { name: 'Euro EMI SA', home_member_state: 'lu', licences: ['e_money_institution'] });
    assert.is(registered.status, 200, JSON.stringify(registered.body));
    assert.equal(MicaIssuerView.parse(registered.body.data).home_member_state, 'LU');
    assert.is((await put('BASKET-CO', { name: 'Basket Co', home_member_state: 'DE', licences: [] })).status, 200);
    assert.is((await file({ issuer_id: 'EURO-EMI-1', asset_type: 'emt', token_name: 'EURX', hash: HASH.toUpperCase().replace('SHA256', 'sha256'), notified_on: '2026-09-01', published_on: '2026-10-01' })).status, 201);
    assert.is((await file({ issuer_id: 'BASKET-CO', asset_type: 'art', token_name: 'BSKT', hash: OTHER_HASH, notified_on: '2026-09-01' })).status, 201);

    const emt = MicaCheckView.parse((await check({ asset_type: 'emt', issuer_id: 'EURO-EMI-1', whitepaper_hash: HASH })).body.data);
    assert.equal([emt.compliant, emt.title, emt.findings.map((f) => f.code)], [true, 'Title IV (e-money tokens), Art. 48-58', ['issuer_registered', 'emt_issuer_authorised', 'white_paper_filed', 'notification_lead_time']]);
    const art = MicaCheckView.parse((await check({ asset_type: 'art', issuer_id: 'BASKET-CO', whitepaper_hash: OTHER_HASH })).body.data);
    assert.equal([art.compliant, art.findings.filter((f) => !f.passed).map((f) => f.code)], [false, ['art_issuer_authorised', 'white_paper_approved']]);
    const wrongPaper = MicaCheckView.parse((await check({ asset_type: 'emt', issuer_id: 'EURO-EMI-1', whitepaper_hash: OTHER_HASH })).body.data);
    assert.equal(wrongPaper.findings.filter((f) => !f.passed).map((f) => f.code), ['white_paper_filed']);
    const unknown = MicaCheckView.parse((await check({ asset_type: 'other', issuer_id: 'NOBODY', whitepaper_hash: HASH })).body.data);
    assert.equal([unknown.compliant, unknown.findings.map((f) => [f.code, f.passed])], [false, [['issuer_registered', false], ['white_paper_filed', false]]]);

    const withdrawn = await put('EURO-EMI-1', { name: 'Euro EMI SA', home_member_state: 'LU', licences: ['e_money_institution'], withdrawn: true });
    assert.is(withdrawn.status, 200);
    assert.is(MicaCheckView.parse((await check({ asset_type: 'emt', issuer_id: 'EURO-EMI-1', whitepaper_hash: HASH })).body.data).compliant, false);
    const listed = MicaIssuersView.parse((await k.request('GET', '/api/v2/admin/regtech/mica/issuers', { key: k.operatorKey })).body.data);
    assert.equal(listed.issuers.map((issuer) => [issuer.issuer_id, issuer.white_papers.length]), [['BASKET-CO', 1], ['EURO-EMI-1', 1]]);
    assert.is((await k.request('GET', '/api/v2/admin/regtech/mica/issuers/NOBODY', { key: k.operatorKey })).status, 404);
  });

  test('bad input: 4xx with a pointer and nothing changed; team keys get 403 on the registry', async () => {
    const before = (await k.request('GET', '/api/v2/admin/regtech/mica/issuers', { key: k.operatorKey })).body.data;
    const cases: Array<[Promise<{ status: number; body: any }>, number, string]> = [
      [check({ asset_type: 'emt', issuer_id: 'EURO-EMI-1', whitepaper_hash: `sha512:${'a'.repeat(128)}` }), 422, '/whitepaper_hash'],
      [check({ asset_type: 'emt', issuer_id: 'EURO-EMI-1', whitepaper_hash: `sha256:${'a'.repeat(63)}` }), 422, '/whitepaper_hash'],
      [check({ asset_type: 'emt', issuer_id: 'EURO-EMI-1', whitepaper_hash: 'a'.repeat(64) }), 422, '/whitepaper_hash'],
      [check({ asset_type: 'stablecoin', issuer_id: 'EURO-EMI-1', whitepaper_hash: HASH }), 422, '/asset_type'],
      [check({ asset_type: 'emt', issuer_id: 'bad id!', whitepaper_hash: HASH }), 422, '/issuer_id'],
      [put('X', { name: 'X', home_member_state: 'US', licences: [] }), 422, '/home_member_state'],
      [put('X', { name: 'X', home_member_state: 'DE', licences: ['bank'] }), 422, '/licences/0'],
      [file({ issuer_id: 'NOBODY', asset_type: 'emt', token_name: 'N', hash: HASH, notified_on: '2026-09-01' }), 422, '/issuer_id'],
      [file({ issuer_id: 'BASKET-CO', asset_type: 'emt', token_name: 'N', hash: `md5:${'a'.repeat(32)}`, notified_on: '2026-09-01' }), 422, '/hash'],
      [file({ issuer_id: 'BASKET-CO', asset_type: 'emt', token_name: 'N', hash: HASH, notified_on: '2026-09-01', published_on: '2026-08-01' }), 422, '/published_on'],
      [file({ issuer_id: 'BASKET-CO', asset_type: 'emt', token_name: 'N', hash: HASH, notified_on: '2026-09-01', approved_on: '2026-09-02' }), 422, '/approved_on'],
      [file({ issuer_id: 'BASKET-CO', asset_type: 'art', token_name: 'N', hash: OTHER_HASH, notified_on: '2026-09-01' }), 409, ''],
      [put('X', { name: 'X', home_member_state: 'DE', licences: [] }, ada.key), 403, ''],
      [file({ issuer_id: 'BASKET-CO', asset_type: 'emt', token_name: 'N', hash: HASH, notified_on: '2026-09-01' }, ada.key), 403, ''],
    ];
    for (const [answer, status, pointer] of cases) {
      const refused = await answer;
      assert.is(refused.status, status, `${pointer}: ${JSON.stringify(refused.body)}`);
      if (pointer) assert.ok(refused.body.errors.some((error: any) => error.source?.pointer === pointer), `${pointer}: ${JSON.stringify(refused.body.errors)}`);
    }
    assert.equal((await k.request('GET', '/api/v2/admin/regtech/mica/issuers', { key: k.operatorKey })).body.data, before, 'the registry is unchanged');
  });

  test.run();
}

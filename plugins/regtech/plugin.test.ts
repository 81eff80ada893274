import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { runCommand } from '../../adapters/cli/run-command.js';
import { OperatorKeys, SanctionsScreening, UnitOfWork } from '../../kernel/public.js';
import { bootTestKernel, type TestKernel, type TestUser } from '../../test/fixtures/boot.js';
import { SanctionsListsView, SanctionsListView, ScreeningView } from './operations.js';
import { testOfacSdn } from './test-lists/ofac-sdn.js';
import { testUnSc } from './test-lists/un-sc.js';

/**
 * Sanctions screening end to end on every store, over real HTTP and the CLI:
 * the test lists loaded at start, an operator replacing a list, teams
 * screening parties, each screening recorded with the list versions it
 * used; bad files and bad input are 422s that change nothing, team keys get
 * 403 on the admin routes, and nothing answers 5xx.
 */
const stores = ['memory', 'pglite', ...(process.env.DATABASE_URL ? ['postgres' as const] : [])] as const;

const NEW_UN_LIST = testUnSc
  .replace('dateGenerated="2026-10-28T09:00:02.118Z"', 'dateGenerated="2026-11-20T09:00:00.000Z"')
  .replace('<ENTITIES>', `<ENTITIES>
    <ENTITY><DATAID>6900102</DATAID><FIRST_NAME>BLUE MERIDIAN ORE EXPORTS</FIRST_NAME><UN_LIST_TYPE>DPRK</UN_LIST_TYPE></ENTITY>`);

for (const store of stores) {
  const test = suite(`regtech sanctions screening: ${store}`);
  let k: TestKernel;
  let ada: TestUser;
  let bob: TestUser;

  test.before(async () => {
    k = await bootTestKernel({ store, modules: ['regtech'], now: '2026-11-25T04:00:00.000Z' });
    ada = await k.createUser('Ada Compliance');
    bob = await k.createUser('Bob Compliance');
  });
  test.after(() => k.close());

  const lists = () => k.request('GET', '/api/v2/admin/regtech/sanctions-lists', { key: k.operatorKey });
  const load = (body: unknown, key = k.operatorKey) => k.request('POST', '/api/v2/admin/regtech/sanctions-lists', { key, body });
  const screen = (user: TestUser, body: unknown) => k.request('POST', '/api/v2/regtech/sanctions/screen', { key: user.key, body });

  test('at start the shipped test lists are loaded for every source, with versions, publication dates and counts', async () => {
    k.clock.advance(90_000);
    const answer = await lists();
    assert.is(answer.status, 200, JSON.stringify(answer.body));
    const view = SanctionsListsView.parse(answer.body.data);
    assert.equal(
      view.lists.map((list) => [list.source, list.published_at, list.entries, list.age_seconds]),
      [
        ['eu_fsf', '2026-11-02T17:50:34.219+01:00', 3, 90],
        ['ofac_sdn', null, 7, 90],
        ['un_sc', '2026-10-28T09:00:02.118Z', 3, 90],
      ],
    );
    assert.ok(view.lists.every((list) => /^sha256:[0-9a-f]{64}$/.test(list.version)));
  });

  test('a team screens a party: matches with scores and reasons, and the list versions used; the screening is recorded for the team', async () => {
    const answer = await screen(ada, { name: 'Mohammed Yusuf Al Zahrani', date_of_birth: '1975-04-02', country: 'ye', type: 'individual', purpose: 'onboarding 17' });
    assert.is(answer.status, 201, JSON.stringify(answer.body));
    const view = ScreeningView.parse(answer.body.data);
    assert.is(view.cleared, false);
    assert.equal(view.matches.map((match) => [match.source, match.entry_id, match.entry_name]), [['ofac_sdn', '9002', 'AL-ZAHRANI, Muhammad Yusuf']]);
    assert.ok(view.matches[0]!.score >= 0.92 && view.matches[0]!.score < 1);
    assert.ok(view.matches[0]!.reasons.includes('country agrees (YE)'), view.matches[0]!.reasons.join('; '));
    assert.equal(view.party, { name: 'Mohammed Yusuf Al Zahrani', date_of_birth: '1975-04-02', country: 'YE', type: 'individual' });
    assert.equal(view.list_versions.map((list) => list.source), ['eu_fsf', 'ofac_sdn', 'un_sc']);
    assert.is(view.threshold, 0.92);
    const mine = await k.request('GET', `/api/v2/regtech/sanctions/screenings/${view.screening_id}`, { key: ada.key });
    assert.equal(mine.body.data, view);
    const theirs = await k.request('GET', `/api/v2/regtech/sanctions/screenings/${view.screening_id}`, { key: bob.key });
    assert.is(theirs.status, 404, "another team's screening is not found");
  });

  test('a party on no list is cleared, and still recorded', async () => {
    const view = ScreeningView.parse((await screen(bob, { name: 'Maria Gonzalez' })).body.data);
    assert.equal([view.cleared, view.matches], [true, []]);
    assert.is((await k.request('GET', `/api/v2/regtech/sanctions/screenings/${view.screening_id}`, { key: bob.key })).status, 200);
  });

  test('other modules screen through the port, in their own unit of work', async () => {
    const result = await k.get(UnitOfWork).run((tx) => k.get(SanctionsScreening).screen(tx, { teamId: ada.teamId, party: { name: 'RI Song Chol', date_of_birth: '1974-02-19' }, purpose: 'travel_rule_check:1' }));
    assert.equal(result.matches.map((match) => [match.source, match.entry_id, match.score]), [['un_sc', '6900002', 1]]);
    const wrongDate = await k.get(UnitOfWork).run((tx) => k.get(SanctionsScreening).screen(tx, { teamId: ada.teamId, party: { name: 'RI Song Chol', date_of_birth: '1980-01-01' } }));
    assert.is(wrongDate.cleared, true, 'a listed date of birth that differs excludes the entry');
  });

  test('the operator replaces a list: new version and count, screenings use it at once', async () => {
    const before = SanctionsListsView.parse((await lists()).body.data).lists.find((list) => list.source === 'un_sc')!;
    const loaded = await load({ source: 'un_sc', format: 'xml', content: NEW_UN_LIST });
    assert.is(loaded.status, 200, JSON.stringify(loaded.body));
    const view = SanctionsListView.parse(loaded.body.data);
    assert.equal([view.source, view.entries, view.published_at, view.age_seconds], ['un_sc', 4, '2026-11-20T09:00:00.000Z', 0]);
    assert.is.not(view.version, before.version);
    const screened = ScreeningView.parse((await screen(ada, { name: 'Blue Meridian Ore Exports', type: 'entity' })).body.data);
    assert.equal(screened.matches.map((match) => match.entry_id), ['6900102']);
    assert.equal(screened.list_versions.find((list) => list.source === 'un_sc')!.version, view.version);
  });

  test('OFAC is loaded as its three CSV files', async () => {
    const loaded = await load({ source: 'ofac_sdn', format: 'csv', content: { ...testOfacSdn, sdn: testOfacSdn.sdn + '9100,"TESTERMAN, Quill",individual,[SDGT],-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- \n' } });
    assert.is(loaded.status, 200, JSON.stringify(loaded.body));
    assert.is(SanctionsListView.parse(loaded.body.data).entries, 8);
    assert.equal(ScreeningView.parse((await screen(bob, { name: 'Quill Testerman' })).body.data).matches.map((match) => match.entry_id), ['9100']);
  });

  test('a bad file is a 422 with a pointer and the line, and the old list stays', async () => {
    const before = (await lists()).body.data;
    const cases: Array<[unknown, string, RegExp]> = [
      [{ source: 'un_sc', format: 'xml', content: '<CONSOLIDATED_LIST><INDIVIDUALS>' }, '/content', /not well-formed XML/],
      [{ source: 'eu_fsf', format: 'xml', content: testUnSc }, '/content', /root element must be <export>/],
      [{ source: 'ofac_sdn', format: 'csv', content: { sdn: '1,"X",individual\n', alt: '', add: '' } }, '/content/sdn', /line 1: 3 fields/],
      [{ source: 'ofac_sdn', format: 'csv', content: 'just text' }, '/content', /\{sdn, alt, add\}/],
      [{ source: 'un_sc', format: 'csv', content: testUnSc }, '/format', /un_sc is published as xml/],
      [{ source: 'ofac_sdn', format: 'csv', content: { sdn: '' } }, '/content', /./],
      [{ source: 'uk_hmt', format: 'xml', content: '' }, '/source', /./],
      [{ source: 'un_sc', format: 'xml' }, '/content', /./],
    ];
    for (const [body, pointer, detail] of cases) {
      const refused = await load(body);
      assert.is(refused.status, 422, `${JSON.stringify(body).slice(0, 80)} → ${refused.status}`);
      const error = refused.body.errors.find((one: { source?: { pointer?: string } }) => one.source?.pointer?.startsWith(pointer));
      assert.ok(error, `${JSON.stringify(body).slice(0, 80)}: ${JSON.stringify(refused.body.errors)}`);
      assert.match(refused.body.errors.map((one: { detail: string }) => one.detail).join(' | '), detail);
    }
    assert.equal((await lists()).body.data, before, 'every list as it was');
  });

  test('team keys get 403 on the admin routes; bad screening input is a 422 with a pointer; nothing 5xx', async () => {
    assert.is((await load({ source: 'un_sc', format: 'xml', content: testUnSc }, ada.key)).status, 403);
    assert.is((await k.request('GET', '/api/v2/admin/regtech/sanctions-lists', { key: ada.key })).status, 403);
    const cases: Array<[unknown, string]> = [
      [{}, '/name'],
      [{ name: '   ' }, '/name'],
      [{ name: 'x'.repeat(301) }, '/name'],
      [{ name: 'Jane Doe', date_of_birth: '1962-02-30' }, '/date_of_birth'],
      [{ name: 'Jane Doe', date_of_birth: 'yesterday' }, '/date_of_birth'],
      [{ name: 'Jane Doe', country: 'FRA' }, '/country'],
      [{ name: 'Jane Doe', type: 'vessel' }, '/type'],
      [{ name: 'Jane Doe', extra: 1 }, ''],
      [{ name: 42 }, '/name'],
    ];
    for (const [body, pointer] of cases) {
      const refused = await screen(ada, body);
      assert.is(refused.status, 422, `${JSON.stringify(body)} → ${refused.status}`);
      assert.ok(
        refused.body.errors.some((one: { source?: { pointer?: string } }) => (one.source?.pointer ?? '').startsWith(pointer)),
        `${JSON.stringify(body)}: ${JSON.stringify(refused.body.errors)}`,
      );
    }
    assert.is((await k.request('GET', '/api/v2/regtech/sanctions/screenings/not-a-uuid', { key: ada.key })).status, 422);
  });

  test('the CLI loads a list from a file, OFAC from the folder of its three files; a bad path changes nothing', async () => {
    const { teamId: operatorTeam } = await k.get(OperatorKeys).ensureOperator();
    const folder = await mkdtemp(join(tmpdir(), 'regtech-lists-'));
    try {
      await writeFile(join(folder, 'SDN.CSV'), testOfacSdn.sdn);
      await writeFile(join(folder, 'ALT.CSV'), testOfacSdn.alt);
      await writeFile(join(folder, 'ADD.CSV'), testOfacSdn.add);
      await writeFile(join(folder, 'consolidated.xml'), testUnSc);
      const ofac = await runCommand(k.kernel, ['regtech', 'load-list', '--source', 'ofac_sdn', '--file', folder], operatorTeam);
      assert.is(ofac.exitCode, 0, ofac.stderr);
      assert.is(JSON.parse(ofac.stdout).data.entries, 7);
      const fromSdn = await runCommand(k.kernel, ['regtech', 'load-list', '--source', 'ofac_sdn', '--file', join(folder, 'SDN.CSV')], operatorTeam);
      assert.is(fromSdn.exitCode, 0, fromSdn.stderr);
      const un = await runCommand(k.kernel, ['regtech', 'load-list', '--source', 'un_sc', '--file', join(folder, 'consolidated.xml')], operatorTeam);
      assert.is(JSON.parse(un.stdout).data.entries, 3);
      const before = (await lists()).body.data;
      const missing = await runCommand(k.kernel, ['regtech', 'load-list', '--source', 'eu_fsf', '--file', join(folder, 'nope.xml')], operatorTeam);
      assert.is(missing.exitCode, 2);
      assert.match(missing.stderr, /cannot read .*nope\.xml: ENOENT/);
      const wrong = await runCommand(k.kernel, ['regtech', 'load-list', '--source', 'eu_fsf', '--file', join(folder, 'consolidated.xml')], operatorTeam);
      assert.match(wrong.stderr, /root element must be <export>/);
      assert.equal((await lists()).body.data, before);
      const listed = await runCommand(k.kernel, ['regtech', 'lists'], operatorTeam);
      assert.equal(JSON.parse(listed.stdout).data.lists.map((list: { source: string }) => list.source), ['eu_fsf', 'ofac_sdn', 'un_sc']);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  test.run();
}

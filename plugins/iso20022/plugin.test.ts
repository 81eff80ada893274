import { XMLParser } from 'fast-xml-parser';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { bootGraphql, data, gql, type GraphqlKernel } from '../../test/e2e/graphql-kit.js';
import type { TestUser } from '../../test/fixtures/boot.js';
import { assertConservation } from '../../test/fixtures/conservation.js';
import { MessageView, ValidationView } from './operations.js';
import { e2eStores } from '../../test/fixtures/stores.js';

/**
 * ISO 20022 over real HTTP and GraphQL on every store: a settled
 * transfer as pacs.008 and a day's statement as camt.053, issued once and
 * answered the same after, both passing the service's own validation; a
 * tampered document fails with pointers; bad input and another team change
 * and see nothing.
 */
for (const store of e2eStores()) {
  const test = suite(`iso20022: pacs.008, camt.053 and validation over HTTP and GraphQL: ${store}`);
  let g: GraphqlKernel;
  let alice: TestUser;
  let bob: TestUser;
  let main: string;
  let savings: string;
  let transferId: string;
  let pendingId: string;

  const request = (method: 'GET' | 'POST', path: string, user: TestUser, body?: unknown) => g.request(method, `/api/v2${path}`, { key: user.key, ...(body === undefined ? {} : { body }) });
  const ok = async (path: string, body: unknown, user: TestUser) => {
    const answer = await request('POST', path, user, body);
    assert.ok(answer.status < 300, `${path}: ${JSON.stringify(answer.body)}`);
    return answer.body.data;
  };
  const parse = (xml: string) => new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@_', parseTagValue: false, isArray: (name) => ['Ntry', 'Bal'].includes(name) }).parse(xml);
  const validate = async (document: string, user = alice) => {
    const answer = await request('POST', '/iso20022/validate', user, { document });
    assert.is(answer.status, 200, JSON.stringify(answer.body));
    return ValidationView.parse(answer.body.data);
  };
  const issuedEvents = async () => (await g.k.store.eventStore.readAfter(0n, 10_000)).filter((event) => event.type === 'iso20022.message.issued').length;

  test.before(async () => {
    g = await bootGraphql({ store, modules: ['core-banking', 'iso20022'], rateLimits: false, now: '2026-03-10T08:00:00.000Z' });
    alice = await g.createUser('Alice Iso');
    bob = await g.createUser('Bob Iso');
    main = (await ok('/accounts', { name: 'Main', type: 'personal' }, alice)).uuid;
    savings = (await ok('/accounts', { name: 'Savings', type: 'savings' }, alice)).uuid;
    await ok(`/accounts/${main}/deposit`, { amount: '100.00', asset_code: 'USD' }, alice);
    transferId = (await ok('/transfers', { from_account: main, to_account: savings, amount: '30.00', asset_code: 'USD', reference: 'rent & <march>' }, alice)).uuid;
    g.k.clock.advance(3_600_000);
    assert.ok((await g.k.runWorkflows()) > 0, 'the transfer settled');
    pendingId = (await ok('/transfers', { from_account: main, to_account: savings, amount: '1.00', asset_code: 'USD' }, alice)).uuid;
  });
  test.after(() => g.close());

  test('a settled transfer is issued once as a pacs.008 that passes validation', async () => {
    const events = await issuedEvents();
    const first = MessageView.parse(await ok('/iso20022/pacs008', { transfer_id: transferId }, alice));
    const again = MessageView.parse(await ok('/iso20022/pacs008', { transfer_id: transferId }, alice));
    assert.equal(again, first, 'the same message, id, time and bytes');
    assert.is(await issuedEvents(), events + 1);
    const tx = parse(first.xml).Document.FIToFICstmrCdtTrf;
    assert.is(parse(first.xml).Document['@_xmlns'], 'urn:iso:std:iso:20022:tech:xsd:pacs.008.001.08');
    assert.equal([tx.GrpHdr.MsgId, tx.GrpHdr.CreDtTm, tx.GrpHdr.NbOfTxs], [first.message_id, first.created_at, '1']);
    const one = tx.CdtTrfTxInf;
    assert.equal([one.IntrBkSttlmAmt['#text'], one.IntrBkSttlmAmt['@_Ccy'], one.PmtId.EndToEndId, one.RmtInf.Ustrd], ['30.00', 'USD', transferId.replace(/-/g, ''), 'rent & <march>']);
    assert.equal([one.DbtrAcct.Id.Othr.Id, one.CdtrAcct.Id.Othr.Id, one.Dbtr.Nm, one.Cdtr.Nm], [main.replace(/-/g, ''), savings.replace(/-/g, ''), 'Main', 'Savings']);
    assert.equal(await validate(first.xml), { valid: true, message_type: 'pacs.008', findings: [] });
    const file = await fetch(`${g.url}/api/v2/iso20022/messages/${first.id}/document`, { headers: { authorization: `Bearer ${alice.key}` } });
    assert.equal([file.status, file.headers.get('content-type')?.startsWith('application/xml'), await file.text()], [200, true, first.xml]);
    const pending = await request('POST', '/iso20022/pacs008', alice, { transfer_id: pendingId });
    assert.equal([pending.status, pending.body.errors[0].code, pending.body.errors[0].source.pointer], [422, 'transfer_not_settled', '/transfer_id']);
  });

  test('a closed day’s statement adds up, is issued once, and a tampered one fails with pointers', async () => {
    const early = await request('POST', '/iso20022/camt053', alice, { account_id: main, currency: 'USD', from: '2026-03-10', to: '2026-03-10' });
    assert.equal([early.status, early.body.errors[0].source.pointer, early.body.errors[0].code], [422, '/to', 'period_not_closed']);
    g.k.clock.advance(24 * 3_600_000);
    const body = { account_id: main, currency: 'USD', from: '2026-03-09', to: '2026-03-10' };
    const statement = MessageView.parse(await ok('/iso20022/camt053', body, alice));
    assert.equal(MessageView.parse(await ok('/iso20022/camt053', body, alice)), statement);
    const stmt = parse(statement.xml).Document.BkToCstmrStmt.Stmt;
    const [opening, closing] = stmt.Bal;
    assert.equal([opening.Tp.CdOrPrtry.Cd, opening.Amt['#text'], closing.Tp.CdOrPrtry.Cd, closing.Dt.Dt], ['OPBD', '0.00', 'CLBD', '2026-03-10']);
    const signed = (amount: { '#text': string }, indicator: string) => BigInt(amount['#text'].replace('.', '')) * (indicator === 'DBIT' ? -1n : 1n);
    const sum = stmt.Ntry.reduce((total: bigint, entry: any) => total + signed(entry.Amt, entry.CdtDbtInd), 0n);
    assert.is(signed(closing.Amt, closing.CdtDbtInd), sum);
    assert.ok(stmt.Ntry.length >= 2 && stmt.Ntry[0].CdtDbtInd === 'CRDT' && stmt.Ntry[0].Amt['#text'] === '100.00', JSON.stringify(stmt.Ntry));
    const balances = (await request('GET', `/accounts/${main}`, alice)).body.data.balances;
    const usd = balances.find((one: { asset_code: string }) => one.asset_code === 'USD');
    assert.is(BigInt(usd.total_balance.replace('.', '')), sum, 'closing = the account’s total balance (a hold posts nothing)');
    assert.equal(await validate(statement.xml), { valid: true, message_type: 'camt.053', findings: [] });

    const tampered = statement.xml.replace(/(<Amt Ccy="USD">)100\.00(<\/Amt>)/, '$1100.001$2').replace('<Cd>BOOK</Cd>', '<Cd>DONE</Cd>');
    const checked = await validate(tampered);
    assert.equal(checked.valid, false);
    assert.equal(
      checked.findings.map((finding) => [finding.pointer, finding.code]),
      [
        ['/Document/BkToCstmrStmt/Stmt[1]/Ntry[1]/Amt', 'too_many_decimals'],
        ['/Document/BkToCstmrStmt/Stmt[1]/Ntry[1]/Sts/Cd', 'unknown_code'],
      ],
    );
    const unbalanced = await validate(statement.xml.replace(/(<Amt Ccy="USD">)100\.00(<\/Amt>)/, '$1101.00$2'));
    assert.equal(unbalanced.findings.map((finding) => [finding.pointer, finding.code]), [['/Document/BkToCstmrStmt/Stmt[1]/Bal[2]', 'balance_mismatch']]);
    const missing = await validate(statement.xml.replace(/<MsgId>[^<]*<\/MsgId>/, ''));
    assert.equal(missing.findings.map((finding) => [finding.pointer, finding.code]), [['/Document/BkToCstmrStmt/GrpHdr/MsgId', 'required']]);
    assert.equal((await validate('<Document><oops></Document>')).findings[0]!.code, 'malformed_xml');
    assert.equal((await validate('<!DOCTYPE x [<!ENTITY a "b">]><Document/>')).findings[0]!.code, 'doctype_not_allowed');
    await assertConservation(g.k.kernel);
  });

  test('concurrent exports of one period issue one message: every caller gets it, one event', async () => {
    const events = await issuedEvents();
    const body = { account_id: savings, currency: 'USD', from: '2026-03-09', to: '2026-03-09' };
    const answers = await Promise.all(Array.from({ length: 6 }, () => request('POST', '/iso20022/camt053', alice, body)));
    assert.equal(answers.map((one) => one.status), [200, 200, 200, 200, 200, 200], JSON.stringify(answers.map((one) => one.body)));
    assert.equal(new Set(answers.map((one) => JSON.stringify(one.body.data))).size, 1);
    assert.is(await issuedEvents(), events + 1);
  });

  test('bad input is a 4xx with a pointer that stores nothing; another team sees and issues nothing', async () => {
    const count = async (user: TestUser) => (await request('GET', '/iso20022/messages', user)).body.meta.total;
    const before = await count(alice);
    for (const [path, body, status, pointer] of [
      ['/iso20022/pacs008', { transfer_id: 'nope' }, 422, '/transfer_id'],
      ['/iso20022/camt053', { account_id: main, currency: 'BTC', from: '2026-03-01', to: '2026-03-02' }, 422, '/currency'],
      ['/iso20022/camt053', { account_id: main, currency: 'USD', from: '2026-03-05', to: '2026-03-01' }, 422, '/to'],
      ['/iso20022/camt053', { account_id: main, currency: 'USD', from: '2026-13-01', to: '2026-03-01' }, 422, '/from'],
      ['/iso20022/validate', { document: '' }, 422, '/document'],
    ] as const) {
      const refused = await request('POST', path, alice, body);
      assert.equal([refused.status, refused.body.errors[0].source.pointer], [status, pointer], JSON.stringify(refused.body));
    }
    assert.is(await count(alice), before);
    const foreign = await request('POST', '/iso20022/pacs008', bob, { transfer_id: transferId });
    assert.equal([foreign.status, foreign.body.errors[0].source.pointer], [404, '/transfer_id']);
    const foreignAccount = await request('POST', '/iso20022/camt053', bob, { account_id: main, currency: 'USD', from: '2026-03-09', to: '2026-03-09' });
    assert.equal([foreignAccount.status, foreignAccount.body.errors[0].source.pointer], [404, '/account_id']);
    const mine = (await request('GET', '/iso20022/messages', alice)).body.data[0];
    assert.is((await request('GET', `/iso20022/messages/${mine.id}`, bob)).status, 404);
    assert.is((await request('GET', `/iso20022/messages/${mine.id}/document`, bob)).status, 404);
    assert.is(await count(bob), 0);
  });

  test('GraphQL: export, read the XML, list and validate through the same operations', async () => {
    const made = await data(g, 'mutation($t: ID!) { exportPacs008(transfer_id: $t) { id message_id xml } }', { t: transferId }, alice.key);
    const read = await data(g, 'query($id: ID!) { iso20022Message(id: $id) { message_id xml } iso20022Messages(type: "camt.053") { data { type from to } paginatorInfo { total } } }', { id: made.exportPacs008.id }, alice.key);
    assert.equal(read.iso20022Message, { message_id: made.exportPacs008.message_id, xml: made.exportPacs008.xml });
    assert.equal(read.iso20022Messages.data, [
      { type: 'camt.053', from: '2026-03-09', to: '2026-03-09' },
      { type: 'camt.053', from: '2026-03-09', to: '2026-03-10' },
    ]);
    const statement = await data(g, 'mutation($a: String!) { exportCamt053(input: { account_id: $a, currency: "USD", from: "2026-03-10", to: "2026-03-10" }) { type xml } }', { a: savings }, alice.key);
    const checked = await data(g, 'mutation($d: String!) { validateIso20022(document: $d) { valid message_type findings { pointer code } } }', { d: statement.exportCamt053.xml }, alice.key);
    assert.equal(checked.validateIso20022, { valid: true, message_type: 'camt.053', findings: [] });
    const hidden = await gql(g, 'query($id: ID!) { iso20022Message(id: $id) { id } }', { id: made.exportPacs008.id }, bob.key);
    assert.is(hidden.body.errors[0].extensions.code, 'not_found');
    for (const query of ['mutation { exportPacs008(transfer_id: "x") { id } }', '{ iso20022Message(id: "x") { id } }', '{ iso20022Messages(type: "pain.001") { data { id } } }']) {
      const refused = await gql(g, query, undefined, alice.key);
      assert.is(refused.body.errors[0].extensions.code, 'validation_failed', query);
    }
    await assertConservation(g.k.kernel);
  });

  test.run();
}

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { TestUser } from '../fixtures/boot.js';
import { SoftwareAuthenticator } from '../../plugins/mobile/testing/software-authenticator.js';
import { testOfacSdn } from '../../plugins/regtech/test-lists/ofac-sdn.js';
import { testUnSc } from '../../plugins/regtech/test-lists/un-sc.js';
import { bootGraphql, data, gql, type GraphqlKernel } from './graphql-kit.js';

/**
 * Issue 19, part G: the GraphQL fields added for card-issuance, x402,
 * regtech, crosschain and partner answer what their REST routes answer, with
 * the same errors (code and pointer), idempotency and operator-only access,
 * because both reach the same operation. One booted service (memory store).
 */
let g: GraphqlKernel;
let ada: TestUser;
let account: string;

test.before(async () => {
  g = await bootGraphql({ store: 'memory', rateLimits: false });
  ada = await g.createUser('Ada Sample');
  account = (await data(g, 'mutation { createAccount(input: {name: "Ada cards"}) { id } }', undefined, ada.key)).createAccount.id;
  await data(g, 'mutation($id: ID!) { deposit(input: {account_id: $id, amount: "500.00", asset_code: "USD"}) { uuid } }', { id: account }, ada.key);
});

test.after(async () => {
  await g?.close();
});

const rest = async (method: string, path: string, key: string, body?: unknown, version = 'v2') => g.request(method, `/api/${version}${path}`, { key, body });
const CARD_FIELDS = 'id cardholder_id account_id currency last4 exp_month exp_year status per_transaction_limit daily_limit allowed_categories';
const AUTH_FIELDS = 'id card_id amount currency merchant_name merchant_category status decline_reason captured_amount released_amount';
const pick = (object: Record<string, unknown>, fields: string) => Object.fromEntries(fields.split(' ').map((key) => [key, object[key]]));

test('x402 status and supported: the GraphQL fields answer what GET /x402/status and /x402/supported answer', async () => {
  const answer = await data(
    g,
    '{ x402Status { enabled networks assets facilitator { url kind reachable } counts { endpoints payments { verified settled failed } } } x402Supported { networks { network chain v1_name assets { asset contract decimals eip712_name eip712_version } } schemes x402_versions } }',
    undefined,
    ada.key,
  );
  assert.equal(answer.x402Status, (await rest('GET', '/x402/status', ada.key)).body.data);
  assert.equal(answer.x402Supported, (await rest('GET', '/x402/supported', ada.key)).body.data);
});

test('cards: controls, authorization, capture and reversal over GraphQL are those of REST; bad input is the same 422; money is conserved', async () => {
  const holder = (await data(g, 'mutation { createCardholder(input: {name: "Ada Sample"}) { id } }', undefined, ada.key)).createCardholder.id;
  const card = (await data(g, 'mutation($input: CreateCardInput!) { createCard(input: $input) { id } }', { input: { cardholder_id: holder, account_id: account, currency: 'USD', per_transaction_limit: '100.00' } }, ada.key)).createCard.id;

  // A control given replaces, one left out stays, null removes: GraphQL keeps the three apart as the PATCH body does.
  const CONTROLS = `mutation($id: ID!, $input: CardControlsInput!) { updateCardControls(id: $id, input: $input) { ${CARD_FIELDS} } }`;
  const set = (await data(g, CONTROLS, { id: card, input: { daily_limit: '150.00', allowed_categories: ['5411'] } }, ada.key)).updateCardControls;
  assert.equal([set.per_transaction_limit, set.daily_limit, set.allowed_categories], ['100.00', '150.00', ['5411']]);
  assert.equal(set, pick((await rest('GET', `/cards/${card}`, ada.key)).body.data, CARD_FIELDS));
  const removed = (await data(g, CONTROLS, { id: card, input: { allowed_categories: null } }, ada.key)).updateCardControls;
  assert.equal([removed.per_transaction_limit, removed.daily_limit, removed.allowed_categories], ['100.00', '150.00', null]);

  const badGraphql = await gql(g, CONTROLS, { id: card, input: { daily_limit: 'ten' } }, ada.key);
  const badRest = await rest('PATCH', `/cards/${card}/controls`, ada.key, { daily_limit: 'ten' });
  assert.is(badRest.status, 422);
  const error = badGraphql.body.errors?.[0]?.extensions;
  assert.equal([error?.code, error?.status, error?.source?.pointer], [badRest.body.errors[0].code, 422, badRest.body.errors[0].source.pointer], JSON.stringify(badGraphql.body));
  assert.is(badGraphql.body.data, null);

  // Authorize the same charge both ways: the same decision and hold.
  const AUTHORIZE = `mutation($id: ID!, $input: CardAuthorizationInput!) { authorizeCard(card_id: $id, input: $input) { ${AUTH_FIELDS} } }`;
  const charge = { amount: '40.00', merchant_name: 'Corner Grocery', merchant_category: '5411' };
  const viaGraphql = (await data(g, AUTHORIZE, { id: card, input: charge }, ada.key)).authorizeCard;
  const viaRest = (await rest('POST', `/cards/${card}/authorizations`, ada.key, charge)).body.data;
  assert.equal({ ...viaGraphql, id: null }, { ...pick(viaRest, AUTH_FIELDS), id: null });
  assert.is(viaGraphql.status, 'approved');
  const declined = (await data(g, AUTHORIZE, { id: card, input: { ...charge, amount: '100.01' } }, ada.key)).authorizeCard;
  assert.equal([declined.status, declined.decline_reason], ['declined', 'over_transaction_limit']);

  const captured = (await data(g, `mutation($id: ID!) { captureCardAuthorization(id: $id, input: {amount: "15.00"}) { ${AUTH_FIELDS} } }`, { id: viaGraphql.id }, ada.key)).captureCardAuthorization;
  assert.equal([captured.status, captured.captured_amount], ['partially_captured', '15.00']);
  const reversed = (await data(g, `mutation($id: ID!) { reverseCardAuthorization(id: $id) { ${AUTH_FIELDS} } }`, { id: viaGraphql.id }, ada.key)).reverseCardAuthorization;
  assert.equal([reversed.status, reversed.captured_amount, reversed.released_amount], ['captured', '15.00', '25.00']);
  const whole = (await data(g, `mutation($id: ID!) { captureCardAuthorization(id: $id) { ${AUTH_FIELDS} } }`, { id: viaRest.id }, ada.key)).captureCardAuthorization;
  assert.equal([whole.status, whole.captured_amount], ['captured', '40.00']);
  const listed = (await rest('GET', `/cards/${card}/authorizations`, ada.key)).body.data.map((one: Record<string, unknown>) => pick(one, AUTH_FIELDS));
  assert.ok(listed.some((one: Record<string, unknown>) => JSON.stringify(one) === JSON.stringify(reversed)), 'REST lists the authorization as GraphQL answered it');

  // 500.00 in, 15.00 + 40.00 paid to the scheme: the account holds the rest, and the ledger balances.
  const balances = (await rest('GET', `/accounts/${account}/balances`, ada.key)).body.data.balances;
  assert.is(balances.find((one: { asset_code: string }) => one.asset_code === 'USD').available_balance, '445.00');
  assert.is((await data(g, '{ ledgerTrialBalance { balanced } }', undefined, g.k.operatorKey)).ledgerTrialBalance.balanced, true);
});

test('a keyed authorizeCard runs once: the retry is the saved answer, replayed', async () => {
  const holder = (await data(g, 'mutation { createCardholder(input: {name: "Ada Keyed"}) { id } }', undefined, ada.key)).createCardholder.id;
  const card = (await data(g, 'mutation($input: CreateCardInput!) { createCard(input: $input) { id } }', { input: { cardholder_id: holder, account_id: account, currency: 'USD' } }, ada.key)).createCard.id;
  const body = { query: `mutation($id: ID!) { authorizeCard(card_id: $id, input: {amount: "1.00", merchant_name: "Keyed", merchant_category: "5411"}) { id } }`, variables: { id: card } };
  const headers = { 'Idempotency-Key': 'sample-g-authorize-1' };
  const first = await g.request('POST', '/api/graphql', { key: ada.key, body, headers });
  const again = await g.request('POST', '/api/graphql', { key: ada.key, body, headers });
  assert.equal(again.body, first.body);
  assert.is(again.headers.get('idempotent-replayed'), 'true');
  assert.is((await rest('GET', `/cards/${card}/authorizations`, ada.key)).body.data.length, 1);
});

test('operator fields refuse a team key with REST’s error and answer the operator as REST does', async () => {
  const FAULT = 'mutation($input: BridgeFaultInput!) { armBridgeFault(input: $input) { faults { protocol fault remaining } } }';
  const input = { protocol: 'wormhole', fault: 'timeout', count: 2 };
  const refused = await gql(g, FAULT, { input }, ada.key);
  const refusedRest = await rest('POST', '/admin/crosschain/faults', ada.key, input);
  assert.ok(refusedRest.status === 401 || refusedRest.status === 403, JSON.stringify(refusedRest.body));
  assert.equal([refused.body.errors?.[0]?.extensions?.code, refused.body.errors?.[0]?.extensions?.status], [refusedRest.body.errors[0].code, refusedRest.status], JSON.stringify(refused.body));
  assert.is(refused.body.data, null);
  const armed = (await data(g, FAULT, { input }, g.k.operatorKey)).armBridgeFault;
  assert.equal(armed, { faults: [{ protocol: 'wormhole', fault: 'timeout', remaining: 2 }] });
  const disarmed = (await rest('POST', '/admin/crosschain/faults', g.k.operatorKey, { ...input, count: 0 })).body.data;
  assert.equal(disarmed, { faults: [] });

  // The MiCA registry: written over GraphQL, read back over REST the same; a team's key cannot read it.
  const put = (await data(g, 'mutation { putMicaIssuer(issuer_id: "SAMPLE-EMI", input: {name: "Sample EMI", home_member_state: "lu", licences: ["e_money_institution"]}) { issuer_id name home_member_state licences withdrawn updated_at white_papers { id } } }', undefined, g.k.operatorKey)).putMicaIssuer;
  assert.equal(put, (await rest('GET', '/admin/regtech/mica/issuers/SAMPLE-EMI', g.k.operatorKey)).body.data);
  assert.is(put.withdrawn, false, 'the zod default applies when GraphQL leaves withdrawn out');
  const hidden = await gql(g, '{ micaIssuers { issuers { issuer_id } } }', undefined, ada.key);
  assert.is(hidden.body.errors?.[0]?.extensions?.code, (await rest('GET', '/admin/regtech/mica/issuers', ada.key)).body.errors[0].code);
});

test('sanctions lists over GraphQL: the file’s text or OFAC’s three files, listed as REST lists them; both at once refused', async () => {
  const LOAD = 'mutation($input: LoadSanctionsListInput!) { loadSanctionsList(input: $input) { source version published_at entries } }';
  const un = (await data(g, LOAD, { input: { source: 'un_sc', format: 'xml', content: testUnSc } }, g.k.operatorKey)).loadSanctionsList;
  const ofac = (await data(g, LOAD, { input: { source: 'ofac_sdn', format: 'csv', ofac_files: testOfacSdn } }, g.k.operatorKey)).loadSanctionsList;
  const listed = (await rest('GET', '/admin/regtech/sanctions-lists', g.k.operatorKey)).body.data.lists.map((list: Record<string, unknown>) => pick(list, 'source version published_at entries'));
  assert.ok(listed.some((list: unknown) => JSON.stringify(list) === JSON.stringify(un)), JSON.stringify(listed));
  assert.ok(listed.some((list: unknown) => JSON.stringify(list) === JSON.stringify(ofac)), JSON.stringify(listed));
  assert.equal((await data(g, '{ sanctionsLists { lists { source version published_at entries } } }', undefined, g.k.operatorKey)).sanctionsLists.lists, listed);
  const both = await gql(g, LOAD, { input: { source: 'ofac_sdn', format: 'csv', content: 'x', ofac_files: testOfacSdn } }, g.k.operatorKey);
  assert.equal([both.body.errors?.[0]?.extensions?.code, both.body.errors?.[0]?.extensions?.source?.pointer], ['one_of', '/ofac_files']);
});

test('a travel-rule check made over GraphQL reads back over REST the same', async () => {
  const input = {
    transfer_id: 'sample-g-1',
    originator: { name: 'Ada Lovelace', account_number: 'DE89370400440532013000', institution_name: 'Open Bank', institution_country: 'de' },
    beneficiary: { name: 'Charles Babbage', account_number: 'GB29NWBK60161331926819', institution_name: 'Engine Bank', institution_country: 'GB' },
    transfer_details: { amount: '25.00', currency: 'USD', asset_type: 'fiat' },
    jurisdiction: 'EU',
  };
  const FIELDS = 'check_id transfer_id is_compliant risk_level risk_score risk_factors applicable_jurisdiction threshold_analysis { amount_usd exceeds_threshold threshold_amount } compliance_issues { code } checked_at valid_until';
  const check = (await data(g, `mutation($input: TravelRuleCheckInput!) { checkTravelRule(input: $input) { ${FIELDS} } }`, { input }, ada.key)).checkTravelRule;
  const read = (await rest('GET', `/regtech/travel-rule/checks/${check.check_id}`, ada.key, undefined, 'v1')).body.data;
  assert.equal(check, {
    ...pick(read, 'check_id transfer_id is_compliant risk_level risk_score risk_factors applicable_jurisdiction checked_at valid_until'),
    threshold_analysis: pick(read.threshold_analysis, 'amount_usd exceeds_threshold threshold_amount'),
    compliance_issues: read.compliance_issues.map((issue: { code: string }) => ({ code: issue.code })),
  });
  const bad = await gql(g, `mutation($input: TravelRuleCheckInput!) { checkTravelRule(input: $input) { check_id } }`, { input: { ...input, jurisdiction: 'XX' } }, ada.key);
  const badRest = await rest('POST', '/regtech/travel-rule/check', ada.key, { ...input, jurisdiction: 'XX' }, 'v1');
  assert.equal([bad.body.errors?.[0]?.extensions?.code, bad.body.errors?.[0]?.extensions?.source?.pointer], [badRest.body.errors[0].code, badRest.body.errors[0].source?.pointer]);
});

test('partner: white-label over GraphQL (features as a list) is REST’s map; SDK generation; the operator suspends and reactivates', async () => {
  const onboarded = await rest('POST', '/partner/onboard', g.k.operatorKey, { organization_name: 'Sample Partner', contact_email: 'ops@sample.example', tier: 'growth', modules: ['core-banking', 'crosschain'] }, 'v1');
  assert.is(onboarded.status, 201, JSON.stringify(onboarded.body));
  const { partner_id: partner, api_credentials: credentials } = onboarded.body.data;
  const asPartner = (query: string, variables?: Record<string, unknown>, headers: Record<string, string> = { 'X-Partner-Key': credentials.api_key }) =>
    g.request('POST', '/api/graphql', { key: credentials.user_api_key, body: { query, variables }, headers });
  const PUT = 'mutation($input: PartnerWhitelabelInput!) { putPartnerWhitelabel(input: $input) { partner_id version logo_url primary_color features { name enabled } widget_url published_at } }';
  const put = await asPartner(PUT, { input: { logo_url: 'https://cdn.sample.example/logo.svg', primary_color: '#1A73E8', features: [{ name: 'crosschain', enabled: false }] } });
  assert.is(put.body.errors, undefined, JSON.stringify(put.body));
  const published = put.body.data.putPartnerWhitelabel;
  const viaRest = (await g.request('GET', '/api/v2/partner/config/whitelabel', { key: credentials.user_api_key, headers: { 'X-Partner-Key': credentials.api_key } })).body.data;
  assert.equal(published, { ...viaRest, features: Object.entries(viaRest.features).map(([name, enabled]) => ({ name, enabled })) });
  assert.equal(published.features, [{ name: 'core-banking', enabled: true }, { name: 'crosschain', enabled: false }]);
  const read = await asPartner('{ partnerWhitelabel { version features { name enabled } } }');
  assert.equal(read.body.data.partnerWhitelabel, { version: 1, features: published.features });
  // A name given twice would lose one setting silently in a map: refused, and nothing is published.
  const twice = await asPartner(PUT, { input: { logo_url: 'https://cdn.sample.example/logo.svg', primary_color: '#1A73E8', features: [{ name: 'crosschain', enabled: false }, { name: 'crosschain', enabled: true }] } });
  assert.equal([twice.body.errors?.[0]?.extensions?.code, twice.body.errors?.[0]?.extensions?.source?.pointer], ['duplicate_feature', '/features/1/name']);
  const bad = await asPartner(PUT, { input: { logo_url: 'http://cdn.sample.example/logo.svg', primary_color: '#1A73E8' } });
  const badRest = await g.request('PUT', '/api/v2/partner/config/whitelabel', { key: credentials.user_api_key, body: { logo_url: 'http://cdn.sample.example/logo.svg', primary_color: '#1A73E8' }, headers: { 'X-Partner-Key': credentials.api_key } });
  assert.equal([bad.body.errors?.[0]?.extensions?.code, bad.body.errors?.[0]?.extensions?.source?.pointer], [badRest.body.errors[0].code, badRest.body.errors[0].source.pointer]);
  const unknown = await asPartner(PUT, { input: { logo_url: 'https://cdn.sample.example/logo.svg', primary_color: '#1A73E8', features: [{ name: 'crosschain', enabled: true }, { name: 'defi', enabled: true }] } });
  assert.equal([unknown.body.errors?.[0]?.extensions?.code, unknown.body.errors?.[0]?.extensions?.source?.pointer], ['unknown_feature', '/features/1/name'], JSON.stringify(unknown.body));
  assert.is((await asPartner('{ partnerWhitelabel { version } }')).body.data.partnerWhitelabel.version, 1);

  const sdk = await asPartner('mutation { generatePartnerSdk(input: {language: "typescript", branding: {name: "Sample Pay", color: null}}) { language package_name file_name download_url } }');
  assert.is(sdk.body.errors, undefined, JSON.stringify(sdk.body));
  assert.equal([sdk.body.data.generatePartnerSdk.language, sdk.body.data.generatePartnerSdk.package_name], ['typescript', 'sample-pay-sdk']);

  const SUSPEND = 'mutation($id: ID!) { suspendPartner(id: $id) { id status } }';
  assert.ok((await gql(g, SUSPEND, { id: partner }, credentials.user_api_key)).body.errors?.length > 0, 'a partner cannot suspend itself: operator only');
  assert.equal((await data(g, SUSPEND, { id: partner }, g.k.operatorKey)).suspendPartner, { id: partner, status: 'suspended' });
  assert.is((await rest('GET', `/admin/partners/${partner}`, g.k.operatorKey)).body.data.status, 'suspended');
  assert.equal((await data(g, 'mutation($id: ID!) { reactivatePartner(id: $id) { status } }', { id: partner }, g.k.operatorKey)).reactivatePartner, { status: 'active' });
});

test('signOutMobileSession ends the passkey session that calls it; an API key has none to end', async () => {
  const post = async (path: string, body: unknown, key?: string) => {
    const answer = await rest('POST', path, key ?? '', body);
    assert.ok(answer.status < 300, `${path}: ${JSON.stringify(answer.body)}`);
    return answer.body.data;
  };
  const authenticator = new SoftwareAuthenticator({ rpId: 'localhost', origin: 'http://localhost:8080' });
  await post('/mobile/auth/passkey/register', authenticator.register(await post('/mobile/auth/passkey/register/options', undefined, ada.key)), ada.key);
  const challenge = (await post('/mobile/auth/passkey/options', { email: 'ada.sample@example.test' })).challenge;
  const issued = await post('/mobile/auth/passkey/verify', authenticator.assert(challenge));
  const signedOut = (await data(g, 'mutation { signOutMobileSession { id revoked_at } }', undefined, issued.token)).signOutMobileSession;
  assert.is(signedOut.id, issued.session.id);
  assert.ok(signedOut.revoked_at);
  assert.is((await gql(g, '{ me { user_id } }', undefined, issued.token)).status, 401, 'the token stops at once');
  const withKey = await gql(g, 'mutation { signOutMobileSession { id } }', undefined, ada.key);
  assert.is(withKey.body.errors?.[0]?.extensions?.code, (await rest('POST', '/mobile/auth/sign-out', ada.key)).body.errors[0].code);
});

test.run();

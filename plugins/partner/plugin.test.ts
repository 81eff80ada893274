import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createClient } from 'graphql-ws';
import { WebSocket } from 'ws';
import { SdkGenerator, type SdkRequest } from '../../kernel/public.js';
import { bootTestKernel, type TestKernel, type TestResponse } from '../../test/fixtures/boot.js';
import { onboardingResultView, partnerView } from './operations.js';
import { createdTenantView, tenantView } from './operations-tenants.js';
import { whitelabelView, widgetView } from './operations-whitelabel.js';

/**
 * The partner module end to end over real HTTP on the store BANK_TEST_STORE
 * names (memory by default): onboarding, partner calls with X-Partner-Key,
 * the sandbox, allow-lists, rate limits, operator administration, tenants
 * and their isolation.
 */
const test = suite('partner over HTTP');
let k: TestKernel;

const codes = (response: TestResponse): string[] => (response.body?.errors ?? []).map((error: { code: string }) => error.code);
const pointers = (response: TestResponse): string[] => (response.body?.errors ?? []).map((error: any) => error.source?.pointer);

interface Onboarded {
  readonly id: string;
  readonly bearer: string;
  readonly live: string;
  readonly sandbox: string;
  readonly body: any;
}

let serial = 0;
async function onboard(overrides: Record<string, unknown> = {}): Promise<Onboarded> {
  serial += 1;
  const response = await k.request('POST', '/api/v1/partner/onboard', {
    key: k.operatorKey,
    body: { organization_name: `Partner ${serial}`, contact_email: `ops${serial}@partner.example`, tier: 'growth', modules: ['core-banking', 'webhooks'], ...overrides },
  });
  assert.is(response.status, 201, JSON.stringify(response.body));
  const data = onboardingResultView.parse(response.body.data);
  return { id: data.partner_id, bearer: data.api_credentials.user_api_key, live: data.api_credentials.api_key, sandbox: data.api_credentials.sandbox_key, body: data };
}

const call = (method: string, path: string, key: string, partnerKey?: string, body?: unknown) =>
  k.request(method, path, { key, ...(body !== undefined ? { body } : {}), ...(partnerKey !== undefined ? { headers: { 'x-partner-key': partnerKey } } : {}) });

const partnerCount = async () => (await k.request('GET', '/api/v2/admin/partners', { key: k.operatorKey })).body.meta.total;

/**
 * A stand-in for the SdkGenerator port (the real one is the SDK module's
 * adapter, tested by its own suites): deterministic bytes naming the request,
 * so these tests check what the partner module does with a package.
 */
const generated: SdkRequest[] = [];
const testGenerator: SdkGenerator = {
  languages: () => ['typescript', 'python', 'php'],
  async generate(request) {
    generated.push(request);
    const extension = { typescript: 'tgz', python: 'tar.gz', php: 'zip' }[request.language];
    const fileName = `${request.packageName}-0.1.0.${extension}`;
    return {
      language: request.language,
      fileName,
      mediaType: request.language === 'php' ? 'application/zip' : 'application/gzip',
      content: new TextEncoder().encode(JSON.stringify(request)),
      installCommand: `install ./${fileName}`,
      version: '0.1.0',
    };
  },
};

test.before(async () => {
  k = await bootTestKernel({ overrides: [[SdkGenerator, testGenerator]], modules: ['core-banking', 'webhooks', 'chains', 'crosschain', 'partner'], config: { pluginConfig: { webhooks: { allow_private: true }, partner: { public_url: 'https://bank.example' } } } });
});
test.after(() => k.close());

test('onboarding answers every field, shows each credential once and emits partner.onboarded', async () => {
  const partner = await onboard({ webhook_url: 'http://127.0.0.1:9/hooks', ip_whitelist: ['127.0.0.1/32', '::1'], rate_limit_override: 1200, metadata: { crm: 'A-1' } });
  const data = partner.body;
  assert.is(data.status, 'active');
  assert.is(data.tier, 'growth');
  assert.equal(data.modules_enabled, ['core-banking', 'webhooks']);
  assert.match(data.api_credentials.api_key, /^fpk_[A-Za-z0-9_-]{43}$/);
  assert.match(data.api_credentials.sandbox_key, /^fpk_/);
  assert.match(data.api_credentials.user_api_key, /^fak_/);
  assert.ok(data.api_credentials.webhook_secret);
  assert.equal(data.rate_limits, { requests_per_minute: 1200, burst_limit: 200 });
  assert.is(data.sandbox_url, 'https://bank.example/api/v2');
  assert.is(data.dashboard_url, 'https://bank.example/dashboard');
  assert.equal(data.sdk_packages, []);
  assert.equal(data.onboarding_checklist, { api_key_generated: true, webhook_configured: true, sdk_generated: false, sandbox_tested: false, compliance_review: 'pending' });
  // The webhook is the partner team's own, signed with the secret shown.
  const hooks = await k.request('GET', '/api/v2/webhooks', { key: partner.bearer });
  assert.equal(hooks.body.data.map((hook: any) => [hook.url, hook.events]), [['http://127.0.0.1:9/hooks', ['*']]]);
  const events = await k.store.eventStore.readAfter(0n, 1000);
  const onboarded = events.filter((event) => event.type === 'partner.onboarded' && (event.payload as any).partner_id === partner.id);
  assert.is(onboarded.length, 1);
  assert.not.match(JSON.stringify(onboarded[0]!.payload), /fpk_|fak_/);
  // Stored hashed: the operator's view has prefixes only.
  const seen = await k.request('GET', `/api/v2/admin/partners/${partner.id}`, { key: k.operatorKey });
  assert.is(seen.status, 200);
  partnerView.parse(seen.body.data);
  assert.not.match(JSON.stringify(seen.body), new RegExp(partner.live));
  assert.is(seen.body.data.key_prefixes.live, partner.live.slice(4, 12));
});

test('bad onboarding input is a 4xx with a pointer and changes nothing', async () => {
  const before = await partnerCount();
  const base = { organization_name: 'Bad Co', contact_email: 'bad@partner.example', tier: 'growth', modules: ['core-banking'] };
  const cases: [Record<string, unknown>, number, string][] = [
    [{ ...base, tier: 'platinum' }, 422, '/tier'],
    [{ ...base, modules: ['core-banking', 'defi'] }, 422, '/modules/1'],
    [{ ...base, modules: ['identity'] }, 422, '/modules/0'],
    [{ ...base, sdk_languages: ['java'] }, 422, '/sdk_languages/0'],
    [{ ...base, sdk_languages: ['cobol'] }, 422, '/sdk_languages/0'],
    [{ ...base, ip_whitelist: ['10.0.0.0/8', '300.1.1.1'] }, 422, '/ip_whitelist/1'],
    [{ ...base, webhook_url: 'ftp://hooks.example/x' }, 422, '/webhook_url'],
    [{ ...base, rate_limit_override: 0 }, 422, '/rate_limit_override'],
    [{ ...base, rate_limit_override: 1.5 }, 422, '/rate_limit_override'],
    [{ ...base, contact_email: 'not-an-email' }, 422, '/contact_email'],
    [{ ...base, metadata: 'x' }, 422, '/metadata'],
    [{ ...base, surprise: true }, 422, ''],
    [{ ...base, contact_email: 'ops1@partner.example' }, 409, '/contact_email'],
  ];
  for (const [body, status, pointer] of cases) {
    const refused = await k.request('POST', '/api/v1/partner/onboard', { key: k.operatorKey, body });
    assert.is(refused.status, status, `${JSON.stringify(body)} → ${refused.status} ${JSON.stringify(refused.body)}`);
    if (pointer !== '') assert.ok(pointers(refused).includes(pointer), `${JSON.stringify(body)}: ${JSON.stringify(refused.body.errors)}`);
  }
  assert.is((await k.request('GET', '/api/v2/webhooks', { key: (await k.createUser('Nobody')).key })).status, 200);
  assert.is(await partnerCount(), before);
  const user = await k.createUser('Not Operator');
  assert.is((await k.request('POST', '/api/v1/partner/onboard', { key: user.key, body: base })).status, 403);
});

test('partner calls need the partner’s own X-Partner-Key: missing 401, another’s 403', async () => {
  const a = await onboard();
  const b = await onboard();
  const missing = await call('GET', '/api/v2/partner/profile', a.bearer);
  assert.is(missing.status, 401);
  assert.equal(codes(missing), ['partner_key_missing']);
  assert.is((await call('GET', '/api/v2/partner/profile', a.bearer, b.live)).status, 403);
  assert.is((await call('GET', '/api/v2/partner/profile', a.bearer, 'fpk_garbage')).status, 403);
  const own = await call('GET', '/api/v2/partner/profile', a.bearer, a.live);
  assert.is(own.status, 200, JSON.stringify(own.body));
  assert.is(own.body.data.id, a.id);
  // A user of no partner is refused on partner routes, and may not send a partner key elsewhere.
  const stranger = await k.createUser('Stranger');
  assert.is((await call('GET', '/api/v2/partner/profile', stranger.key)).status, 401);
  assert.is((await call('GET', '/api/v2/partner/profile', stranger.key, a.live)).status, 403);
  assert.is((await call('GET', '/api/v2/accounts', stranger.key, a.live)).status, 403);
  assert.is((await call('GET', '/api/v2/accounts', stranger.key)).status, 200);
});

test('the sandbox key selects the sandbox team: separate accounts, and the checklist records the sandbox call', async () => {
  const p = await onboard();
  const live = await call('POST', '/api/v2/accounts', p.bearer, p.live, { name: 'Live float', type: 'business' });
  const sandbox = await call('POST', '/api/v2/accounts', p.bearer, p.sandbox, { name: 'Sandbox float', type: 'business' });
  assert.is(live.status, 201);
  assert.is(sandbox.status, 201);
  const listed = async (key?: string) => (await call('GET', '/api/v2/accounts', p.bearer, key)).body.data.map((one: any) => one.name);
  assert.equal(await listed(p.live), ['Live float']);
  assert.equal(await listed(), ['Live float']);
  assert.equal(await listed(p.sandbox), ['Sandbox float']);
  const sandboxId = sandbox.body.data.uuid ?? sandbox.body.data.id;
  assert.is((await call('GET', `/api/v2/accounts/${sandboxId}`, p.bearer, p.live)).status, 404);
  const profile = await call('GET', '/api/v2/partner/profile', p.bearer, p.live);
  assert.is(profile.body.data.onboarding_checklist.sandbox_tested, true);
});

test('a module the partner did not enable is refused', async () => {
  const p = await onboard({ modules: ['core-banking'] });
  const refused = await call('GET', '/api/v2/webhooks', p.bearer, p.live);
  assert.is(refused.status, 403);
  assert.equal(codes(refused), ['module_not_enabled']);
  assert.is((await call('GET', '/api/v2/accounts', p.bearer, p.live)).status, 200);
});

test('the ip_whitelist applies to every call with the partner’s keys', async () => {
  const p = await onboard({ ip_whitelist: ['203.0.113.0/24'] });
  for (const [method, path, key] of [
    ['GET', '/api/v2/partner/profile', p.live],
    ['GET', '/api/v2/accounts', undefined],
    ['GET', '/api/v2/accounts', p.sandbox],
  ] as const) {
    const refused = await call(method, path, p.bearer, key);
    assert.is(refused.status, 403);
    assert.equal(codes(refused), ['ip_not_allowed']);
  }
});

test('the rate limit is a token bucket: 429 with Retry-After once the burst is spent, refilled with time', async () => {
  const p = await onboard({ rate_limit_override: 12 }); // burst 2, one token every 5 s
  assert.is((await call('GET', '/api/v2/partner/profile', p.bearer, p.live)).status, 200);
  assert.is((await call('GET', '/api/v2/accounts', p.bearer)).status, 200);
  const limited = await call('GET', '/api/v2/accounts', p.bearer, p.sandbox);
  assert.is(limited.status, 429);
  assert.is(limited.headers.get('retry-after'), '5');
  k.clock.advance(5_000);
  assert.is((await call('GET', '/api/v2/accounts', p.bearer)).status, 200);
  assert.is((await call('GET', '/api/v2/accounts', p.bearer)).status, 429);
});

test('the operator suspends, reactivates, rotates and revokes: each applies to the next request', async () => {
  const p = await onboard();
  const tenant = createdTenantView.parse((await call('POST', '/api/v2/partner/tenants', p.bearer, p.live, { name: 'Ops Shop', plan: 'growth', domain: 'ops-shop.example' })).body.data);
  const admin = (path: string) => k.request('POST', `/api/v2/admin/partners/${p.id}/${path}`, { key: k.operatorKey });
  assert.is((await admin('suspend')).body.data.status, 'suspended');
  assert.equal(codes(await call('GET', '/api/v2/accounts', tenant.api_key)), ['partner_suspended']);
  const suspended = await call('GET', '/api/v2/partner/profile', p.bearer, p.live);
  assert.is(suspended.status, 403);
  assert.equal(codes(suspended), ['partner_suspended']);
  assert.is((await call('GET', '/api/v2/accounts', p.bearer)).status, 403);
  assert.is((await admin('reactivate')).body.data.status, 'active');
  assert.is((await call('GET', '/api/v2/partner/profile', p.bearer, p.live)).status, 200);
  const rotated = await admin('rotate-keys');
  assert.is(rotated.status, 200);
  assert.is((await call('GET', '/api/v2/partner/profile', p.bearer, p.live)).status, 403);
  assert.is((await call('GET', '/api/v2/partner/profile', p.bearer, rotated.body.data.api_key)).status, 200);
  assert.is((await admin('revoke')).body.data.status, 'revoked');
  const revoked = await call('GET', '/api/v2/partner/profile', p.bearer, rotated.body.data.api_key);
  assert.equal(codes(revoked), ['partner_revoked']);
  assert.equal(codes(await call('GET', '/api/v2/accounts', tenant.api_key)), ['partner_revoked']);
  assert.is((await k.request('GET', `/api/v1/partner/widgets/${p.id}`)).status, 404);
  assert.is((await admin('reactivate')).status, 409);
  assert.is((await admin('rotate-keys')).status, 409);
  assert.is((await k.request('POST', '/api/v2/admin/partners/00000000-0000-4000-8000-000000000000/suspend', { key: k.operatorKey })).status, 404);
  assert.is((await k.request('POST', '/api/v2/admin/partners/nope/suspend', { key: k.operatorKey })).status, 404);
  assert.is((await k.request('POST', `/api/v2/admin/partners/${p.id}/suspend`, { key: p.bearer })).status, 403);
  const types = (await k.store.eventStore.readAfter(0n, 1000)).filter((event) => (event.payload as any).partner_id === p.id).map((event) => event.type);
  assert.equal(types, ['partner.onboarded', 'partner.suspended', 'partner.reactivated', 'partner.keys_rotated', 'partner.revoked']);
  assert.is((await call('GET', '/api/v2/accounts', tenant.api_key)).status, 403);
});

test('tenants: provisioned as isolated teams, listed per partner and environment, bad input refused', async () => {
  const p = await onboard({ tier: 'starter' });
  const other = await onboard();
  const create = (body: unknown, key = p.live) => call('POST', '/api/v2/partner/tenants', p.bearer, key, body);
  const made = await create({ name: 'Corner Shop', plan: 'starter', domain: 'CornerShop.example' });
  assert.is(made.status, 201, JSON.stringify(made.body));
  const tenant = createdTenantView.parse(made.body.data);
  assert.is(tenant.domain, 'cornershop.example');
  assert.is(tenant.environment, 'live');
  assert.match(tenant.api_key, /^fak_/);
  const before = (await call('GET', '/api/v2/partner/tenants', p.bearer, p.live)).body.meta.total;
  for (const [body, pointer, code] of [
    [{ name: 'Again', plan: 'starter', domain: 'cornershop.example' }, '/domain', 'domain_taken'],
    [{ name: 'Bad', plan: 'starter', domain: 'not a domain' }, '/domain', 'invalid_domain'],
    [{ name: 'Bad', plan: 'starter', domain: '10.0.0.1' }, '/domain', 'invalid_domain'],
    [{ name: 'Bad', plan: 'gold', domain: 'gold.example' }, '/plan', undefined],
    [{ name: '', plan: 'starter', domain: 'empty.example' }, '/name', undefined],
  ] as const) {
    const refused = await create(body);
    assert.is(refused.status, 422, JSON.stringify(refused.body));
    assert.ok(pointers(refused).includes(pointer));
    if (code) assert.ok(codes(refused).includes(code));
  }
  assert.is((await call('GET', '/api/v2/partner/tenants', p.bearer, p.live)).body.meta.total, before);
  // The other partner's domain clash is a 422 too; its list holds only its own.
  assert.is((await call('POST', '/api/v2/partner/tenants', other.bearer, other.live, { name: 'X', plan: 'growth', domain: 'cornershop.example' })).status, 422);
  assert.is((await call('GET', '/api/v2/partner/tenants', other.bearer, other.live)).body.meta.total, 0);
  // The starter tier's burst is 10 requests: let the bucket refill.
  k.clock.advance(60_000);
  // The sandbox has its own tenants.
  assert.is((await create({ name: 'Sandbox Shop', plan: 'growth', domain: 'sandbox-shop.example' }, p.sandbox)).status, 201);
  const sandboxList = await call('GET', '/api/v2/partner/tenants', p.bearer, p.sandbox);
  assert.equal(sandboxList.body.data.map((one: any) => tenantView.parse(one).environment), ['sandbox']);
  // The starter tier allows three tenants per environment.
  assert.is((await create({ name: 'Two', plan: 'starter', domain: 'two.example' })).status, 201);
  assert.is((await create({ name: 'Three', plan: 'starter', domain: 'three.example' })).status, 201);
  const full = await create({ name: 'Four', plan: 'starter', domain: 'four.example' });
  assert.is(full.status, 422);
  assert.equal(codes(full), ['tenant_limit_reached']);
  // The starter plan holds five accounts; the sixth is refused and nothing is opened.
  // (The starter plan's rate is 30 a minute with a burst of 5: the clock moves 10 s per call.)
  const tick = () => k.clock.advance(10_000);
  for (let index = 0; index < 5; index += 1) {
    tick();
    assert.is((await call('POST', '/api/v2/accounts', tenant.api_key, undefined, { name: `A${index}`, type: 'business' })).status, 201);
  }
  tick();
  const sixth = await call('POST', '/api/v2/accounts', tenant.api_key, undefined, { name: 'A5', type: 'business' });
  assert.is(sixth.status, 422);
  assert.equal(codes(sixth), ['account_limit_reached']);
  tick();
  assert.is((await call('GET', '/api/v2/accounts', tenant.api_key)).body.meta.total, 5);
});

test('isolation: a tenant’s key sees nothing of the partner’s or another tenant’s data, on every route', async () => {
  const p = await onboard({ tier: 'enterprise' });
  const tenantA = createdTenantView.parse((await call('POST', '/api/v2/partner/tenants', p.bearer, p.live, { name: 'A', plan: 'growth', domain: 'a-iso.example' })).body.data);
  const tenantB = createdTenantView.parse((await call('POST', '/api/v2/partner/tenants', p.bearer, p.live, { name: 'B', plan: 'growth', domain: 'b-iso.example' })).body.data);
  const accountOf = async (key: string, partnerKey?: string) => {
    const made = await call('POST', '/api/v2/accounts', key, partnerKey, { name: 'Float', type: 'business' });
    assert.is(made.status, 201, JSON.stringify(made.body));
    return made.body.data.uuid ?? made.body.data.id;
  };
  const partnerAccount = await accountOf(p.bearer, p.live);
  const sandboxAccount = await accountOf(p.bearer, p.sandbox);
  const bAccount = await accountOf(tenantB.api_key);
  let leaks = 0;
  for (const id of [partnerAccount, sandboxAccount, bAccount]) {
    for (const [method, path, body] of [
      ['GET', `/api/v2/accounts/${id}`, undefined],
      ['GET', `/api/v2/accounts/${id}/balances`, undefined],
      ['GET', `/api/v2/accounts/${id}/transactions`, undefined],
      ['POST', `/api/v2/accounts/${id}/deposit`, { amount: '1.00', asset_code: 'USD' }],
      ['POST', `/api/v2/accounts/${id}/withdraw`, { amount: '1.00', asset_code: 'USD' }],
      ['POST', `/api/v2/accounts/${id}/freeze`, {}],
      ['POST', `/api/v2/accounts/${id}/unfreeze`, {}],
      ['DELETE', `/api/v2/accounts/${id}`, undefined],
    ] as const) {
      const answer = await call(method, path, tenantA.api_key, undefined, body);
      if (answer.status !== 404) {
        leaks += 1;
        console.error(`leak: ${method} ${path} → ${answer.status}`);
      }
    }
  }
  // Transfers touching another's account, and the same ids over GraphQL.
  const aAccount = await accountOf(tenantA.api_key);
  for (const id of [partnerAccount, sandboxAccount, bAccount]) {
    for (const body of [
      { from_account: id, to_account: aAccount, amount: '1.00', asset_code: 'USD' },
      { from_account: aAccount, to_account: id, amount: '1.00', asset_code: 'USD' },
    ]) {
      const answer = await call('POST', '/api/v2/transfers', tenantA.api_key, undefined, body);
      if (answer.status !== 404 && answer.status !== 422) leaks += 1;
      if (JSON.stringify(answer.body).includes(id) && answer.status !== 404) leaks += 1;
    }
    const graph = await k.request('POST', '/api/graphql', { key: tenantA.api_key, body: { query: 'query($id: ID!) { account(id: $id) { id } }', variables: { id } } });
    if (graph.body?.data?.account !== null) leaks += 1;
  }
  const own = await call('GET', '/api/v2/accounts', tenantA.api_key);
  assert.is(own.body.meta.total, 1);
  const graphList = await k.request('POST', '/api/graphql', { key: tenantA.api_key, body: { query: '{ accounts(first: 100) { data { id } } }' } });
  assert.equal(graphList.body.data.accounts.data, [{ id: aAccount }]);
  assert.is(leaks, 0);
  // A tenant's key is not a partner user's: partner calls are refused, and so is a partner key sent with it.
  assert.is((await call('GET', '/api/v2/partner/tenants', tenantA.api_key, p.live)).status, 403);
  assert.is((await call('GET', '/api/v2/accounts', tenantA.api_key, p.sandbox)).status, 403);
});

test('white-label: features enforced for tenants by module, each publish a new widget version with widget.deployed', async () => {
  const p = await onboard({ modules: ['core-banking', 'webhooks', 'crosschain'] });
  const tenant = createdTenantView.parse((await call('POST', '/api/v2/partner/tenants', p.bearer, p.live, { name: 'Shop', plan: 'growth', domain: 'wl-shop.example' })).body.data);
  const put = (body: unknown) => call('PUT', '/api/v2/partner/config/whitelabel', p.bearer, p.live, body);
  assert.is((await call('GET', '/api/v2/partner/config/whitelabel', p.bearer, p.live)).status, 404);
  assert.is((await call('GET', '/api/v2/crosschain/bridge/fees?source_chain=ethereum&destination_chain=polygon&token=USDC&amount=100', tenant.api_key)).status !== 403, true);
  const refused = await put({ logo_url: 'http://cdn.example/logo.svg', primary_color: 'blue', features: { crosschain: false, defi: true } });
  assert.is(refused.status, 422);
  assert.equal(pointers(refused).sort(), ['/features/defi', '/logo_url', '/primary_color']);
  const first = await put({ logo_url: 'https://cdn.example/logo.svg', primary_color: '#1A73E8', features: { crosschain: false } });
  assert.is(first.status, 200, JSON.stringify(first.body));
  assert.equal(whitelabelView.parse(first.body.data).features, { 'core-banking': true, webhooks: true, crosschain: false });
  assert.is(first.body.data.version, 1);
  const disabled = await call('GET', '/api/v2/crosschain/bridge/fees?source_chain=ethereum&destination_chain=polygon&token=USDC&amount=100', tenant.api_key);
  assert.is(disabled.status, 403);
  assert.equal(codes(disabled), ['feature_disabled']);
  assert.is((await call('GET', '/api/v2/accounts', tenant.api_key)).status, 200);
  // The partner's own calls are not switched off by its tenants' features.
  assert.not.equal(codes(await call('GET', '/api/v2/crosschain/bridge/fees', p.bearer, p.live)), ['feature_disabled']);
  const second = await put({ logo_url: 'https://cdn.example/logo-2.svg', primary_color: '#000', features: {} });
  assert.is(second.body.data.version, 2);
  assert.not.equal(codes(await call('GET', '/api/v2/crosschain/bridge/fees', tenant.api_key)), ['feature_disabled']);
  // The widget document: public, newest or pinned.
  const widget = await k.request('GET', `/api/v1/partner/widgets/${p.id}`);
  assert.is(widget.status, 200);
  assert.equal(widgetView.parse(widget.body.data).branding, { logo_url: 'https://cdn.example/logo-2.svg', primary_color: '#000' });
  const pinned = await k.request('GET', `/api/v1/partner/widgets/${p.id}?version=1`);
  assert.equal(pinned.body.data.features.crosschain, false);
  assert.is((await k.request('GET', `/api/v1/partner/widgets/${p.id}?version=3`)).status, 404);
  assert.is((await k.request('GET', '/api/v1/partner/widgets/nope')).status, 404);
  assert.is((await k.request('GET', `/api/v1/partner/widgets/${p.id}?version=x`)).status, 422);
  // The script: self-contained, that version's document inside; run as a page would.
  const script = await fetch(`${k.url}/api/v1/partner/widgets/${p.id}/widget.js?version=1`);
  assert.is(script.status, 200);
  assert.is(script.headers.get('content-type'), 'text/javascript; charset=utf-8');
  const window: any = {};
  new Function('window', 'document', await script.text())(window, undefined);
  assert.equal(window.OpenBankWidget.config.version, 1);
  assert.equal(window.OpenBankWidget.config.features.crosschain, false);
  assert.is((await fetch(`${k.url}/api/v1/partner/widgets/${p.id}/widget.js?version=9`)).status, 404);
  const deployed = (await k.store.eventStore.readAfter(0n, 1000)).filter((event) => event.type === 'widget.deployed' && (event.payload as any).partner_id === p.id);
  assert.equal(deployed.map((event) => (event.payload as any).version), [1, 2]);
});

test('GraphQL calls pass the same gate: the sandbox key selects the sandbox, a suspended partner is refused', async () => {
  const p = await onboard();
  assert.is((await call('POST', '/api/v2/accounts', p.bearer, p.sandbox, { name: 'Sandbox only', type: 'business' })).status, 201);
  const query = (partnerKey?: string) =>
    k.request('POST', '/api/graphql', { key: p.bearer, body: { query: '{ accounts(first: 10) { data { name } } }' }, ...(partnerKey ? { headers: { 'x-partner-key': partnerKey } } : {}) });
  assert.equal((await query(p.sandbox)).body.data.accounts.data, [{ name: 'Sandbox only' }]);
  assert.equal((await query()).body.data.accounts.data, []);
  assert.is((await query('fpk_not-a-key')).status, 403);
  // WebSocket subscriptions: connection_init carries the partner key too.
  const connect = (partnerKey?: string) =>
    new Promise<string>((resolve) => {
      const client = createClient({
        url: k.url.replace(/^http/, 'ws') + '/api/graphql',
        webSocketImpl: WebSocket,
        lazy: false,
        retryAttempts: 0,
        onNonLazyError: () => undefined,
        connectionParams: { Authorization: `Bearer ${p.bearer}`, ...(partnerKey ? { 'X-Partner-Key': partnerKey } : {}) },
        on: {
          connected: () => {
            resolve('connected');
            void client.dispose();
          },
          closed: (event) => resolve(`closed ${(event as { code: number }).code}`),
        },
      });
    });
  assert.is(await connect(p.sandbox), 'connected');
  assert.is(await connect('fpk_not-a-key'), 'closed 4403');
  await k.request('POST', `/api/v2/admin/partners/${p.id}/suspend`, { key: k.operatorKey });
  const refused = await query(p.live);
  assert.is(refused.status, 403, JSON.stringify(refused.body));
  assert.is(await connect(p.live), 'closed 4403');
});

test('GraphQL fields are judged by their REST routes: X-Partner-Key on partner calls, module switches, tenants’ features', async () => {
  const p = await onboard({ modules: ['core-banking', 'crosschain'] });
  const graph = (key: string, query: string, partnerKey?: string) =>
    k.request('POST', '/api/graphql', { key, body: { query }, ...(partnerKey ? { headers: { 'x-partner-key': partnerKey } } : {}) });
  const fieldCodes = (response: TestResponse): string[] => (response.body?.errors ?? []).map((error: any) => error.extensions?.code);
  // A partner call: the partner user's bearer key alone may not change the white-label over GraphQL either.
  const put = 'mutation { putPartnerWhitelabel(input: { logo_url: "https://cdn.example/l.svg", primary_color: "#123456", features: [{ name: "crosschain", enabled: false }] }) { version } }';
  const unkeyed = await graph(p.bearer, put);
  assert.equal(fieldCodes(unkeyed), ['partner_key_missing'], JSON.stringify(unkeyed.body));
  assert.is((await call('GET', '/api/v2/partner/config/whitelabel', p.bearer, p.live)).status, 404);
  assert.equal(fieldCodes(await graph(p.bearer, '{ partnerWhitelabel { version } }')), ['partner_key_missing']);
  const keyed = await graph(p.bearer, put, p.live);
  assert.is(keyed.body.data?.putPartnerWhitelabel?.version, 1, JSON.stringify(keyed.body));
  // A module the partner did not enable, refused field by field.
  const webhooks = await graph(p.bearer, '{ webhooks(first: 1) { data { id } } }', p.live);
  assert.equal(fieldCodes(webhooks), ['module_not_enabled'], JSON.stringify(webhooks.body));
  assert.is((await graph(p.bearer, '{ accounts(first: 1) { data { id } } }', p.live)).body.errors, undefined);
  // A tenant: the feature its partner switched off is refused over GraphQL as over REST.
  const tenant = createdTenantView.parse((await call('POST', '/api/v2/partner/tenants', p.bearer, p.live, { name: 'Shop', plan: 'growth', domain: 'judged-shop.example' })).body.data);
  const fees = '{ bridgeFees(from: "ethereum", to: "polygon", token: "USDC", amount: "100") { token } }';
  assert.equal(fieldCodes(await graph(tenant.api_key, fees)), ['feature_disabled']);
  assert.is((await graph(tenant.api_key, '{ accounts(first: 1) { data { id } } }')).body.errors, undefined);
});

test('SDKs: generated through the port for the partner’s modules, stored, downloaded as generated, with sdk.generated', async () => {
  const p = await onboard({ modules: ['core-banking', 'webhooks'], sdk_languages: ['typescript'] });
  assert.is(p.body.sdk_packages.length, 1);
  assert.is(p.body.sdk_packages[0].package_name, `partner-${serial}-sdk`);
  assert.match(p.body.sdk_packages[0].download_url, /^https:\/\/bank\.example\/api\/v2\/partner\/sdk\/packages\/[0-9a-f-]{36}\/download$/);
  assert.is(p.body.onboarding_checklist.sdk_generated, true);

  const made = await call('POST', '/api/v2/partner/sdk/generate', p.bearer, p.live, { language: 'php', branding: { name: 'Acme Pay', color: '#1A73E8' }, modules: ['core-banking'] });
  assert.is(made.status, 201, JSON.stringify(made.body));
  assert.equal([made.body.data.package_name, made.body.data.file_name, made.body.data.install_command], ['acme-pay-sdk', 'acme-pay-sdk-0.1.0.zip', 'install ./acme-pay-sdk-0.1.0.zip']);
  assert.equal(generated.at(-1), {
    language: 'php',
    modules: ['core-banking'],
    packageName: 'acme-pay-sdk',
    displayName: 'Acme Pay',
    color: '#1a73e8',
    options: { includeTypes: true, includeExamples: true, includeTests: false },
  });
  const path = new URL(made.body.data.download_url).pathname;
  const download = await fetch(k.url + path, { headers: { authorization: `Bearer ${p.bearer}`, 'x-partner-key': p.live } });
  assert.is(download.status, 200);
  assert.is(download.headers.get('content-type'), 'application/zip');
  assert.is(download.headers.get('content-disposition'), 'attachment; filename="acme-pay-sdk-0.1.0.zip"');
  assert.equal(JSON.parse(await download.text()), generated.at(-1));
  assert.is((await call('GET', path, p.bearer)).status, 401);
  const other = await onboard();
  assert.is((await call('GET', path.replace(/packages\/[^/]+/, 'packages/nope'), p.bearer, p.live)).status, 404);
  assert.is((await call('GET', path, other.bearer, other.live)).status, 404);

  const v1 = await call('POST', '/api/v1/partner/sdk/generate', p.bearer, p.sandbox, {
    languages: ['typescript', 'python'],
    api_version: 'v2',
    include_modules: [],
    options: { include_types: true, include_examples: false, include_tests: true },
  });
  assert.is(v1.status, 201, JSON.stringify(v1.body));
  assert.is(v1.body.data.status, 'completed');
  assert.equal(v1.body.data.packages.map((one: any) => [one.language, one.package_name]), [['typescript', `partner-${serial - 1}-sdk`], ['python', `partner-${serial - 1}-sdk`]]);
  assert.equal(generated.at(-1)!.modules, ['core-banking', 'webhooks']);

  const before = generated.length;
  for (const [body, pointer, code] of [
    [{ languages: ['java'], api_version: 'v2' }, '/languages/0', 'language_planned'],
    [{ languages: ['go', 'cobol'], api_version: 'v2' }, '/languages/1', 'unknown_language'],
    [{ languages: ['python'], api_version: 'v5' }, '/api_version', 'unknown_api_version'],
    [{ languages: ['python'], api_version: 'v2', include_modules: ['defi'] }, '/include_modules/0', 'module_not_enabled'],
  ] as const) {
    const refused = await call('POST', '/api/v1/partner/sdk/generate', p.bearer, p.live, body);
    assert.is(refused.status, 422, JSON.stringify(refused.body));
    assert.ok(pointers(refused).includes(pointer) && codes(refused).includes(code), JSON.stringify(refused.body.errors));
  }
  const badColour = await call('POST', '/api/v2/partner/sdk/generate', p.bearer, p.live, { language: 'go', branding: { name: 'X', color: 'red' } });
  assert.equal(pointers(badColour).sort(), ['/branding/color', '/language']);
  assert.is(generated.length, before);
  const events = (await k.store.eventStore.readAfter(0n, 1000)).filter((event) => event.type === 'sdk.generated' && (event.payload as any).partner_id === p.id);
  assert.equal(events.map((event) => (event.payload as any).packages.length), [1, 1, 2]);
});

test('GraphQL financial-institution and plugin domains: partners, the caller’s partner and tenants, the modules a key may use', async () => {
  const p = await onboard({ modules: ['core-banking', 'crosschain'] });
  const tenant = createdTenantView.parse((await call('POST', '/api/v2/partner/tenants', p.bearer, p.live, { name: 'Gql Shop', plan: 'growth', domain: 'gql-shop.example' })).body.data);
  await call('PUT', '/api/v2/partner/config/whitelabel', p.bearer, p.live, { logo_url: 'https://cdn.example/l.svg', primary_color: '#123456', features: { crosschain: false } });
  const gql = (key: string, query: string, partnerKey?: string) =>
    k.request('POST', '/api/graphql', { key, body: { query }, ...(partnerKey ? { headers: { 'x-partner-key': partnerKey } } : {}) });
  const profile = await gql(p.bearer, '{ partnerProfile { id status tier modules_enabled rate_limits { requests_per_minute burst_limit } onboarding_checklist { api_key_generated sandbox_tested } } }', p.live);
  assert.equal(profile.body.data.partnerProfile, {
    id: p.id,
    status: 'active',
    tier: 'growth',
    modules_enabled: ['core-banking', 'crosschain'],
    rate_limits: { requests_per_minute: 600, burst_limit: 100 },
    onboarding_checklist: { api_key_generated: true, sandbox_tested: false },
  });
  const tenants = await gql(p.bearer, '{ partnerTenants(first: 10) { data { id domain environment } paginatorInfo { total } } }', p.live);
  assert.equal(tenants.body.data.partnerTenants.data, [{ id: tenant.id, domain: 'gql-shop.example', environment: 'live' }]);
  assert.equal((await gql(p.bearer, '{ partnerTenants { paginatorInfo { total } } }', p.sandbox)).body.data.partnerTenants.paginatorInfo.total, 0);
  const operator = await gql(k.operatorKey, `{ partner(id: "${p.id}") { organization_name status } partners(first: 100) { paginatorInfo { total } } }`);
  assert.is(operator.body.data.partner.status, 'active');
  assert.ok(operator.body.data.partners.paginatorInfo.total >= 1);
  // Neither the tenant nor the partner may read what is not theirs.
  assert.ok((await gql(tenant.api_key, '{ partnerProfile { id } }')).body.errors?.length > 0);
  assert.ok((await gql(tenant.api_key, '{ partnerTenants { paginatorInfo { total } } }')).body.errors?.length > 0);
  assert.ok((await gql(p.bearer, `{ partner(id: "${p.id}") { id } }`, p.live)).body.errors?.length > 0);
  const modules = async (key: string) =>
    Object.fromEntries((await gql(key, '{ modules { name enabled reason } }')).body.data.modules.map((one: any) => [one.name, one.reason]));
  assert.equal(await modules(tenant.api_key), { identity: 'always_on', 'core-banking': 'enabled', webhooks: 'module_not_enabled', chains: 'module_not_enabled', crosschain: 'feature_disabled', partner: 'always_on' });
  assert.equal((await modules(p.bearer)).crosschain, 'enabled');
  assert.equal((await modules((await k.createUser('Plain Gql')).key)).webhooks, 'enabled');
});

test.run();

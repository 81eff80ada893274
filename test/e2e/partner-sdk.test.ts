import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { bootTestKernel, type TestKernel } from '../fixtures/boot.js';
import { run, unpack } from './sdk-kit.js';
import type { SdkPackage } from '../../kernel/public.js';

/**
 * The partner's whole path with the real SDK generator: onboarding, a
 * tenant, the SDK generated through the partner route and downloaded from
 * its download_url, then python3 importing that package and calling the
 * service with the partner's keys (127.0.0.1 only).
 */
let k: TestKernel;
let dir: string;

test.before(async () => {
  k = await bootTestKernel({ modules: ['core-banking', 'webhooks', 'partner'], config: { pluginConfig: { partner: { public_url: 'https://bank.example' } } } });
  dir = await mkdtemp(join(tmpdir(), 'partner-sdk-'));
});
test.after(async () => {
  await k.close();
  await rm(dir, { recursive: true, force: true });
});

test('onboard, generate the Python SDK through the partner route, download it and call the service with it', async () => {
  const onboarded = await k.request('POST', '/api/v1/partner/onboard', {
    key: k.operatorKey,
    body: { organization_name: 'Acme Pay', contact_email: 'ops@acme-pay.example', tier: 'growth', modules: ['core-banking'] },
  });
  assert.is(onboarded.status, 201, JSON.stringify(onboarded.body));
  const { user_api_key: bearer, api_key: partnerKey } = onboarded.body.data.api_credentials;
  const headers = { 'x-partner-key': partnerKey };
  const made = await k.request('POST', '/api/v2/partner/sdk/generate', { key: bearer, headers, body: { language: 'python', branding: { name: 'Acme Pay', color: '#1A73E8' }, modules: ['core-banking'] } });
  assert.is(made.status, 201, JSON.stringify(made.body));
  const download = await fetch(k.url + new URL(made.body.data.download_url).pathname, { headers: { authorization: `Bearer ${bearer}`, ...headers } });
  assert.is(download.status, 200);
  const fileName = made.body.data.file_name as string;
  const pkg = { fileName, content: new Uint8Array(await download.arrayBuffer()) } as SdkPackage;
  const root = join(await unpack(pkg, dir), fileName.replace(/\.tar\.gz$/, ''));
  const module = fileName.replace(/-[0-9.]+\.tar\.gz$/, '').replace(/-/g, '_');
  const script = `
import json, sys
sys.path.insert(0, ${JSON.stringify(root)})
from ${module} import Client
client = Client(sys.argv[1], api_key=sys.argv[2], partner_key=sys.argv[3])
created = client.create_account({"name": "Settlement", "type": "business"}, idempotency_key="partner-sdk-1")
print(json.dumps({"uuid": created.uuid, "names": [a.name for a in client.list_accounts(per_page=10).data]}))
`;
  const { stdout } = await run('python3', ['-c', script, k.url, bearer, partnerKey]);
  const out = JSON.parse(stdout);
  assert.equal(out.names, ['Settlement']);
  const seen = await k.request('GET', `/api/v2/accounts/${out.uuid}`, { key: bearer, headers });
  assert.is(seen.body.data.name, 'Settlement', 'the account the SDK opened is the partner team\'s');
  const profile = await k.request('POST', '/api/graphql', { key: bearer, headers, body: { query: '{ partnerProfile { onboarding_checklist { sdk_generated } } }' } });
  assert.equal(profile.body.data?.partnerProfile?.onboarding_checklist, { sdk_generated: true }, JSON.stringify(profile.body));
});

test.run();

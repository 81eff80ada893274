import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { bootTestKernel } from '../fixtures/boot.js';

/**
 * The operator's partner commands (`bank partner …`) on a PGlite data
 * directory a served kernel onboarded a partner into: the CLI acts on the
 * same partner, and the server refuses its keys once the CLI suspended it.
 */
const cli = fileURLToPath(new URL('../../adapters/main/cli.js', import.meta.url));
const run = promisify(execFile);
const test = suite('bank partner CLI');
let dataDir: string;

test.before(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'bank-partner-cli-'));
});
test.after(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

async function bank(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const env = { PATH: process.env.PATH, BANK_STORE: 'pglite', BANK_DATA_DIR: dataDir, BANK_MODULES: 'core-banking,partner' };
  try {
    const { stdout, stderr } = await run(process.execPath, ['--enable-source-maps', cli, ...args], { env });
    return { code: 0, stdout, stderr };
  } catch (error: any) {
    return { code: error.code, stdout: error.stdout, stderr: error.stderr };
  }
}

const serve = () => bootTestKernel({ store: 'pglite', modules: ['core-banking', 'partner'], config: { dataDir } });

test('list, suspend, reactivate, rotate and revoke from the CLI act on what the server onboarded', async () => {
  let k = await serve();
  const onboarded = await k.request('POST', '/api/v1/partner/onboard', {
    key: k.operatorKey,
    body: { organization_name: 'CLI Partner', contact_email: 'cli@partner.example', tier: 'starter', modules: ['core-banking'] },
  });
  assert.is(onboarded.status, 201, JSON.stringify(onboarded.body));
  const { partner_id: id, api_credentials: credentials } = onboarded.body.data;
  await k.close();

  const listed = await bank('partner', 'list');
  assert.is(listed.code, 0, listed.stderr);
  assert.equal(JSON.parse(listed.stdout).data.map((one: any) => [one.id, one.status]), [[id, 'active']]);
  const suspended = await bank('partner', 'suspend', '--id', id);
  assert.is(JSON.parse(suspended.stdout).data.status, 'suspended', suspended.stderr);

  k = await serve();
  const refused = await k.request('GET', '/api/v2/partner/profile', { key: credentials.user_api_key, headers: { 'x-partner-key': credentials.api_key } });
  assert.is(refused.status, 403);
  await k.close();

  assert.is(JSON.parse((await bank('partner', 'reactivate', '--id', id)).stdout).data.status, 'active');
  const rotated = JSON.parse((await bank('partner', 'rotate-keys', '--id', id)).stdout).data;
  assert.match(rotated.api_key, /^fpk_/);
  assert.is(JSON.parse((await bank('partner', 'revoke', '--id', id)).stdout).data.status, 'revoked');
  const unknown = await bank('partner', 'suspend', '--id', '00000000-0000-4000-8000-000000000000');
  assert.is.not(unknown.code, 0);
  assert.match(unknown.stderr + unknown.stdout, /not_found|not found/i);
});

test.run();

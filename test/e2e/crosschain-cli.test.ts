import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { WorkflowEngine } from '../../kernel/public.js';
import { bootTestKernel } from '../fixtures/boot.js';

/**
 * `bank crosschain fault` arms a fault in the data directory a server then
 * runs on: the next layerzero transfer there fails at attestation and is
 * refunded.
 */
const cli = fileURLToPath(new URL('../../adapters/main/cli.js', import.meta.url));
const run = promisify(execFile);
const test = suite('bank crosschain fault CLI');
const MODULES = ['core-banking', 'chains', 'crosschain'];
let dataDir: string;

test.before(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'bank-crosschain-cli-'));
});
test.after(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

test('a fault armed from the CLI makes the server\'s next transfer of that protocol fail and refund', async () => {
  const env = { PATH: process.env.PATH, BANK_STORE: 'pglite', BANK_DATA_DIR: dataDir, BANK_MODULES: MODULES.join(',') };
  const { stdout } = await run(process.execPath, ['--enable-source-maps', cli, 'crosschain', 'fault', '--protocol', 'layerzero', '--fault', 'fail', '--count', '1'], { env });
  assert.equal(JSON.parse(stdout).data.faults, [{ protocol: 'layerzero', fault: 'fail', remaining: 1 }]);

  const k = await bootTestKernel({ store: 'pglite', modules: MODULES, config: { dataDir } as any, now: '2026-03-01T00:00:00.000Z' });
  try {
    const user = await k.createUser('Cli Bridger');
    const account = (await k.request('POST', '/api/v2/accounts', { key: user.key, body: { name: 'Main', type: 'personal' } })).body.data.uuid;
    await k.request('POST', `/api/v2/accounts/${account}/deposit`, { key: user.key, body: { amount: '20', asset_code: 'USDC', chain: 'arbitrum' } });
    const started = (await k.request('POST', '/api/v2/crosschain/bridge', { key: user.key, body: { source_chain: 'arbitrum', destination_chain: 'base', token: 'USDC', amount: '20', protocol: 'layerzero' } })).body.data;
    assert.is(started.status, 'pending', JSON.stringify(started));
    const state = (await k.get(WorkflowEngine).get(user.teamId, started.bridge_tx_id))!.state as { attest_at: string };
    k.clock.advance(new Date(state.attest_at).getTime() - k.clock.now().getTime());
    for (let pass = 0; pass < 4; pass += 1) await k.runWorkflows();
    const failed = (await k.request('GET', `/api/v1/crosschain/bridge/${started.bridge_tx_id}`, { key: user.key })).body.data;
    assert.is(failed.status, 'failed', JSON.stringify(failed));
    const balances = (await k.request('GET', `/api/v2/accounts/${account}/balances`, { key: user.key })).body.data.balances;
    assert.equal(balances.map((row: { asset_code: string; chain: string; total_balance: string }) => [row.asset_code, row.chain, row.total_balance]), [['USDC', 'arbitrum', '20.000000']]);
  } finally {
    await k.close();
  }
});

test.run();

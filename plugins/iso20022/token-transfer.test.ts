import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { bootTestKernel, type TestKernel, type TestUser } from '../../test/fixtures/boot.js';

/**
 * A settled transfer of a token held on a chain (USDC on polygon) is not a
 * pacs.008: the transfer names the ledger's holding code (`USDC@polygon`),
 * and the export must refuse it as the asset it is, 422 not_iso_currency as
 * documented, not as an unknown asset (found by the chaos harness's
 * pacs008-export workload, docs/reliability.md).
 */
const test = suite('iso20022: a token transfer on a chain is not_iso_currency');
let k: TestKernel;
let user: TestUser;

const ok = async (path: string, body: unknown) => {
  const answer = await k.request('POST', `/api/v2${path}`, { key: user.key, body });
  assert.ok(answer.status < 300, `${path}: ${JSON.stringify(answer.body)}`);
  return answer.body.data;
};

test.before(async () => {
  k = await bootTestKernel({ store: 'memory', modules: ['core-banking', 'chains', 'iso20022'], now: '2026-03-10T08:00:00.000Z' });
  user = await k.createUser('Token Sender');
});
test.after(() => k.close());

test('exporting a settled USDC transfer on polygon answers 422 not_iso_currency and stores nothing', async () => {
  const main = (await ok('/accounts', { name: 'Main', type: 'personal' })).uuid;
  const savings = (await ok('/accounts', { name: 'Savings', type: 'savings' })).uuid;
  await ok(`/accounts/${main}/deposit`, { amount: '10', asset_code: 'USDC', chain: 'polygon' });
  const transfer = await ok('/transfers', { from_account: main, to_account: savings, amount: '1', asset_code: 'USDC', chain: 'polygon' });
  k.clock.advance(3_600_000);
  await k.runWorkflows();
  const settled = await k.request('GET', `/api/v2/transfers/${transfer.uuid}`, { key: user.key });
  assert.is(settled.body.data.status, 'completed', JSON.stringify(settled.body));
  const refused = await k.request('POST', '/api/v2/iso20022/pacs008', { key: user.key, body: { transfer_id: transfer.uuid } });
  assert.equal([refused.status, refused.body.errors?.[0]?.code, refused.body.errors?.[0]?.source?.pointer], [422, 'not_iso_currency', '/transfer_id'], JSON.stringify(refused.body));
  assert.is((await k.request('GET', '/api/v2/iso20022/messages', { key: user.key })).body.meta.total, 0);
});

test.run();

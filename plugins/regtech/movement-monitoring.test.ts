import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { EventBackbone } from '../../kernel/public.js';
import { bootTestKernel, type TestKernel, type TestUser } from '../../test/fixtures/boot.js';
import { assertConservation } from '../../test/fixtures/conservation.js';
import { MonitoredTransactionView } from './operations.js';

/**
 * Monitoring of deposits and withdrawals (deposit.completed and
 * withdrawal.completed carry the amount and a token's external address):
 * large_amount fires at USD 10,000 and not below; a token withdrawn to an
 * address the shipped OFAC test list names (made up: 0x7e57…c0ffee, in
 * entry 9007's remarks) is sanctioned_address and waits in review, the
 * same withdrawal to an unlisted address is not flagged.
 */
const LISTED = '0x7e57000000000000000000000000000000c0ffee'; // the list spells it in capitals: hex addresses match in any case
const UNLISTED = '0x8ba1f109551bD432803012645Ac136ddd64DBA72';
const stores = ['memory', ...(process.env.DATABASE_URL ? ['postgres' as const] : ['pglite' as const])] as const;

for (const store of stores) {
  const test = suite(`regtech movement monitoring: ${store}`);
  let k: TestKernel;
  let ada: TestUser;
  let account: string;

  test.before(async () => {
    k = await bootTestKernel({ store, modules: ['core-banking', 'chains', 'regtech'], now: '2026-11-25T04:00:00.000Z' });
    ada = await k.createUser('Ada Movements');
    account = (await k.request('POST', '/api/v2/accounts', { key: ada.key, body: { name: 'Main', type: 'personal', metadata: {} } })).body.data.uuid;
  });
  test.after(() => k.close());

  const move = async (kind: 'deposit' | 'withdraw', body: Record<string, unknown>): Promise<string> => {
    const answer = await k.request('POST', `/api/v2/accounts/${account}/${kind}`, { key: ada.key, body });
    assert.is(answer.status, 201, JSON.stringify(answer.body));
    return answer.body.data.uuid;
  };
  const flagsOf = async (id: string) => {
    await k.get(EventBackbone).drain();
    const answer = await k.request('GET', `/api/v2/regtech/monitoring/transactions/${id}`, { key: ada.key });
    return answer.status === 404 ? undefined : MonitoredTransactionView.parse(answer.body.data);
  };

  test('large_amount: a USD 10,000 deposit or withdrawal is flagged (clear, score 40), USD 9,999.99 is not', async () => {
    const large = await move('deposit', { amount: '10000.00', asset_code: 'USD' });
    const below = await move('deposit', { amount: '9999.99', asset_code: 'USD' });
    const out = await move('withdraw', { amount: '10000.00', asset_code: 'USD' });
    const small = await move('withdraw', { amount: '9999.99', asset_code: 'USD' });
    for (const id of [large, out]) {
      const flagged = await flagsOf(id);
      assert.equal([flagged?.compliance_flags, flagged?.risk_score, flagged?.status], [['large_amount'], 40, 'clear']);
    }
    assert.is(await flagsOf(below), undefined);
    assert.is(await flagsOf(small), undefined);
  });

  test('sanctioned_address: USDC withdrawn to an address the OFAC list names waits in review; to another address it is not flagged', async () => {
    await move('deposit', { amount: '100', asset_code: 'USDC', chain: 'ethereum' });
    const listed = await move('withdraw', { amount: '5', asset_code: 'USDC', chain: 'ethereum', address: LISTED });
    const clean = await move('withdraw', { amount: '5', asset_code: 'USDC', chain: 'ethereum', address: UNLISTED });
    const flagged = await flagsOf(listed);
    assert.equal([flagged?.compliance_flags, flagged?.risk_score, flagged?.status], [['sanctioned_address'], 100, 'pending_review']);
    assert.match(flagged!.details.join(' '), /ofac_sdn entry 9007 .* ETH address/);
    assert.is(await flagsOf(clean), undefined);
    await k.get(EventBackbone).drain();
    assert.is(await flagsOf(listed).then((again) => again?.details.length), 1, 'a re-read adds nothing');
    await assertConservation(k);
  });

  test.run();
}

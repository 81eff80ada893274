import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { EventBackbone } from '../../kernel/public.js';
import { assertConservation } from '../../test/fixtures/conservation.js';
import { bootTestKernel, type TestKernel, type TestUser } from '../../test/fixtures/boot.js';

/**
 * The earning consumer is durable: on PGlite with a real data directory, a
 * capture committed before a shutdown but not yet handled earns after the
 * restart, once; the points earned before it are kept, and draining again
 * earns nothing more.
 */
const test = suite('rewards consumer across a restart on PGlite');
let dataDir: string;

test.before(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'bank-rewards-restart-'));
});
test.after(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

/** Each start has its own seed: event ids come from the kernel's Ids, and a repeated sequence would collide. */
const boot = (seed: string): Promise<TestKernel> =>
  bootTestKernel({ seed, store: 'pglite', modules: ['identity', 'core-banking', 'card-issuance', 'rewards'], now: '2026-03-10T08:00:00.000Z', config: { dataDir } as any });

const post = async (k: TestKernel, user: TestUser, path: string, body?: unknown) => {
  const answer = await k.request('POST', `/api/v2${path}`, { key: user.key, body });
  assert.ok(answer.status < 300, `${path}: ${JSON.stringify(answer.body)}`);
  return answer.body.data;
};
const points = async (k: TestKernel, user: TestUser) => (await k.request('GET', '/api/v2/rewards/profile', { key: user.key })).body.data.points;

test('a capture committed before a restart earns after it, exactly once', async () => {
  const first = await boot('first');
  const ada = await first.createUser('Ada');
  let card: string;
  try {
    const account = (await post(first, ada, '/accounts', { name: 'Main', type: 'personal' })).uuid;
    await post(first, ada, `/accounts/${account}/deposit`, { amount: '500.00', asset_code: 'USD' });
    const holder = (await post(first, ada, '/cardholders', { name: 'Ada' })).id;
    card = (await post(first, ada, '/cards', { cardholder_id: holder, account_id: account, currency: 'USD' })).id;
    await post(first, ada, '/rewards/profile');
    const charge = async (amount: string) => post(first, ada, `/card-authorizations/${(await post(first, ada, `/cards/${card}/authorizations`, { amount, merchant_name: 'Shop', merchant_category: '5411' })).id}/capture`);
    await charge('20.00');
    await first.kernel.get(EventBackbone).drain();
    assert.is(await points(first, ada), '20');
    await charge('7.00');
  } finally {
    await first.close();
  }

  const second = await boot('second');
  try {
    assert.is(await points(second, ada), '20', 'the capture before the shutdown is not handled yet');
    await second.kernel.get(EventBackbone).drain();
    await second.kernel.get(EventBackbone).drain();
    assert.is(await points(second, ada), '27');
    assert.is((await second.request('GET', '/api/v2/rewards/earnings', { key: ada.key })).body.meta.total, 2);
    await assertConservation(second);
  } finally {
    await second.close();
  }
});

test.run();

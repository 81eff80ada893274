import { createHash } from 'node:crypto';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { bootGraphql, data, gql, type GraphqlKernel } from '../../test/e2e/graphql-kit.js';
import type { TestUser } from '../../test/fixtures/boot.js';
import { reconstructedView, reconstructionView, recoveryKeyView, splitKeyView } from './operations.js';
import { e2eStores } from '../../test/fixtures/stores.js';

/**
 * Recovery keys end to end over real HTTP and GraphQL on every store: a key
 * split into shares, rebuilt from any threshold of them and not from fewer,
 * every attempt logged, nothing of the key or shares kept or evented, bad
 * input refused with a pointer, other teams kept out.
 */
for (const store of e2eStores()) {
  const test = suite(`key-management over HTTP and GraphQL: ${store}`);
  let g: GraphqlKernel;
  let ada: TestUser;
  let bob: TestUser;

  test.before(async () => {
    g = await bootGraphql({ store, modules: ['key-management'], rateLimits: false });
    ada = await g.createUser('Ada Keys');
    bob = await g.createUser('Bob Keys');
  });
  test.after(() => g.close());

  const split = async (threshold: number, shares: number) => {
    const answer = await g.request('POST', '/api/v2/key-management/recovery-keys', { key: ada.key, body: { label: 'Treasury backup', threshold, shares } });
    assert.is(answer.status, 201, JSON.stringify(answer.body));
    return splitKeyView.parse(answer.body.data);
  };
  const present = (user: TestUser, id: string, action: 'verify' | 'reconstruct', shares: string[]) =>
    g.request('POST', `/api/v2/key-management/recovery-keys/${id}/${action}`, { key: user.key, body: { shares } });

  test('any threshold of the shares rebuilds the key, fewer do not; every attempt is logged; no key or share is kept', async () => {
    const made = await split(3, 5);
    assert.equal([made.threshold, made.shares, made.share_values.length], [3, 5, 5]);
    assert.is(made.fingerprint, `sha256:${createHash('sha256').update(Buffer.from(made.key, 'base64url')).digest('hex')}`);
    const [s1, s2, s3, s4, s5] = made.share_values as [string, string, string, string, string];
    for (const subset of [[s1, s2, s3], [s5, s3, s1], [s2, s4, s5], [s1, s2, s3, s4, s5]]) {
      const rebuilt = reconstructedView.parse((await present(ada, made.id, 'reconstruct', subset)).body.data);
      assert.equal([rebuilt.matches, rebuilt.key, rebuilt.shares_given], [true, made.key, subset.length]);
    }
    const short = reconstructedView.parse((await present(ada, made.id, 'reconstruct', [s1, s4])).body.data);
    assert.equal([short.matches, short.key], [false, null]);
    const verified = reconstructionView.parse((await present(ada, made.id, 'verify', [s2, s3, s4])).body.data);
    assert.equal([verified.matches, verified.purpose], [true, 'verify']);
    const other = await split(2, 2);
    assert.is(reconstructionView.parse((await present(ada, made.id, 'verify', other.share_values)).body.data).matches, false, 'shares of another key');
    const log = (await g.request('GET', `/api/v2/key-management/recovery-keys/${made.id}/reconstructions`, { key: ada.key })).body;
    assert.equal([log.meta.total, log.data.map((one: { matches: boolean }) => one.matches)], [7, [false, true, false, true, true, true, true]]);
    const shown = await g.request('GET', `/api/v2/key-management/recovery-keys/${made.id}`, { key: ada.key });
    assert.equal(recoveryKeyView.parse(shown.body.data).fingerprint, made.fingerprint);
    const events = await g.k.store.eventStore.readAfter(0n, 1000);
    const text = JSON.stringify([events.map((event) => event.payload), shown.body]);
    for (const secret of [made.key, ...made.share_values]) assert.not.ok(text.includes(secret), 'a key or share is kept');
    assert.equal(events.filter((event) => event.type.startsWith('key.')).length, 2 + 7);
  });

  test('bad input is a 422 with a pointer that records nothing; another team reaches nothing', async () => {
    const made = await split(2, 3);
    const logged = async () => (await g.request('GET', `/api/v2/key-management/recovery-keys/${made.id}/reconstructions`, { key: ada.key })).body.meta.total;
    for (const [body, pointer] of [
      [{ label: 'x', threshold: 4, shares: 3 }, '/threshold'],
      [{ label: 'x', threshold: 2, shares: 256 }, '/shares'],
      [{ label: '', threshold: 2, shares: 3 }, '/label'],
    ] as const) {
      const refused = await g.request('POST', '/api/v2/key-management/recovery-keys', { key: ada.key, body });
      assert.equal([refused.status, refused.body.errors[0].source.pointer], [422, pointer], JSON.stringify(refused.body));
    }
    const [s1, s2] = made.share_values as [string, string];
    for (const [shares, pointer] of [
      [[s1, 'bad share!'], '/shares/1'],
      [[s1, s1], '/shares/1'],
      [[s1, Buffer.from('short').toString('base64url')], '/shares/1'],
      [[], '/shares'],
    ] as const) {
      const refused = await present(ada, made.id, 'reconstruct', [...shares]);
      assert.equal([refused.status, refused.body.errors[0].source.pointer], [422, pointer], JSON.stringify(refused.body));
    }
    assert.is(await logged(), 0);
    assert.is((await present(bob, made.id, 'reconstruct', [s1, s2])).status, 404);
    assert.is((await present(bob, made.id, 'verify', [s1, s2])).status, 404);
    assert.is((await g.request('GET', `/api/v2/key-management/recovery-keys/${made.id}`, { key: bob.key })).status, 404);
    assert.is((await g.request('GET', `/api/v2/key-management/recovery-keys/${made.id}/reconstructions`, { key: bob.key })).status, 404);
    assert.is((await g.request('GET', '/api/v2/key-management/recovery-keys', { key: bob.key })).body.meta.total, 0);
    assert.is(await logged(), 0);
  });

  test('GraphQL: keys, the log and verification through the same operations; no secret in the schema', async () => {
    const made = await split(2, 3);
    const verified = await data(g, 'mutation($id: ID!, $s: [String!]!) { verifyKeyShares(recovery_key_id: $id, shares: $s) { matches shares_given } }', { id: made.id, s: made.share_values.slice(1) }, ada.key);
    assert.equal(verified.verifyKeyShares, { matches: true, shares_given: 2 });
    const read = await data(g, 'query($id: ID!) { recoveryKey(id: $id) { fingerprint } recoveryKeys { paginatorInfo { total } } keyReconstructionLogs(recovery_key_id: $id) { data { matches purpose } } }', { id: made.id }, ada.key);
    assert.equal([read.recoveryKey.fingerprint, read.keyReconstructionLogs.data], [made.fingerprint, [{ matches: true, purpose: 'verify' }]]);
    const hidden = await gql(g, 'query($id: ID!) { recoveryKey(id: $id) { id } }', { id: made.id }, bob.key);
    assert.is(hidden.body.errors[0].extensions.code, 'not_found');
    const refused = await gql(g, 'mutation($id: ID!) { verifyKeyShares(recovery_key_id: $id, shares: ["!"]) { matches } }', { id: made.id }, ada.key);
    assert.is(refused.body.errors[0].extensions.code, 'invalid_share');
    const type = await data(g, '{ __type(name: "RecoveryKey") { fields { name } } }', undefined, ada.key);
    assert.equal(type.__type.fields.map((field: { name: string }) => field.name).sort(), Object.keys(recoveryKeyView.shape).sort());
  });

  test.run();
}

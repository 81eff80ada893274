import { createHash } from 'node:crypto';
import sinon from 'sinon';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { EventBackbone } from '../../ports/event-consumers.js';
import { bootGraphql, data, gql, type GraphqlKernel } from '../../test/e2e/graphql-kit.js';
import { WebhookReceiver, type Received } from '../../test/e2e/webhook-receiver.js';
import type { TestUser } from '../../test/fixtures/boot.js';
import { inventoryKeyView, rotatedKeyView, type InventoryKeyView } from './operations-inventory.js';

/**
 * The key inventory end to end over real HTTP and GraphQL on every store,
 * with the manual clock driving grace and overlap windows: every module's
 * keys listed without a secret, API keys and webhook secrets rotated (the
 * old one working exactly as long as asked), partner keys and custody paths
 * refused with the reason, bad input refused with a pointer, other teams
 * kept out.
 */
const stores = ['memory', 'pglite', ...(process.env.DATABASE_URL ? ['postgres' as const] : [])] as const;
const HOUR = 3600;

for (const store of stores) {
  const test = suite(`key inventory over HTTP and GraphQL: ${store}`);
  let g: GraphqlKernel;
  let ada: TestUser;
  let bob: TestUser;
  let hooks: WebhookReceiver;
  let users = 0;

  test.before(async () => {
    g = await bootGraphql({
      store,
      modules: ['core-banking', 'chains', 'webhooks', 'partner', 'key-management'],
      rateLimits: false,
      config: { pluginConfig: { webhooks: { allow_private: true } } },
    });
    hooks = new WebhookReceiver();
    await hooks.up();
  });
  test.before.each(async () => {
    users += 1;
    ada = await g.createUser(`Ada Inventory ${users}`);
    bob = await g.createUser(`Bob Inventory ${users}`);
  });
  test.after(async () => {
    await hooks.down();
    await g.close();
  });

  const get = (user: TestUser, path: string) => g.request('GET', `/api/v2/key-management/${path}`, { key: user.key });
  const rotate = (user: TestUser, kind: string, id: string, body: Record<string, unknown> = {}) =>
    g.request('POST', `/api/v2/key-management/keys/${kind}/${encodeURIComponent(id)}/rotate`, { key: user.key, body });
  const list = async (user: TestUser, query = ''): Promise<InventoryKeyView[]> => {
    const answer = await get(user, `keys?per_page=100${query}`);
    assert.is(answer.status, 200, JSON.stringify(answer.body));
    return answer.body.data.map((one: unknown) => inventoryKeyView.parse(one));
  };
  const works = async (key: string) => (await g.request('GET', '/api/v2/accounts', { key })).status;
  const account = async (user: TestUser) => {
    const made = await g.request('POST', '/api/v2/accounts', { key: user.key, body: { name: 'Main', type: 'personal' } });
    assert.is(made.status, 201, JSON.stringify(made.body));
    return made.body.data.uuid as string;
  };
  const subscribe = async (user: TestUser) => {
    const made = await g.request('POST', '/api/v2/webhooks', { key: user.key, body: { url: hooks.url, events: ['account.created'] } });
    assert.is(made.status, 201, JSON.stringify(made.body));
    return { id: made.body.data.id as string, secret: made.body.data.secret as string };
  };
  /** Opens an account of the user's and answers the webhook delivery of its account.created. */
  const delivery = async (user: TestUser): Promise<Received> => {
    const before = hooks.received.length;
    const id = await account(user);
    await g.k.kernel.get(EventBackbone).drain();
    for (let count = before + 1; ; count++) {
      await hooks.until(count);
      const mine = hooks.received.slice(before).find((one) => one.json.data['account_uuid'] === id);
      if (mine) return mine;
    }
  };
  const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : 1);
  const depositPaths = async (user: TestUser, accountId: string) =>
    (await g.request('GET', `/api/v2/accounts/${accountId}/deposit-addresses`, { key: user.key })).body.data as { chain: string; address: string; derivation_path: string }[];
  /** Whether a receiver holding `secret` verifies the delivery, as the Standard Webhooks library does at the delivery's own time. */
  const verifies = (secret: string, received: Received): boolean => {
    const headers = { 'webhook-id': String(received.headers['webhook-id']), 'webhook-timestamp': String(received.headers['webhook-timestamp']), 'webhook-signature': String(received.headers['webhook-signature']) };
    const clock = sinon.useFakeTimers({ now: Number(headers['webhook-timestamp']) * 1000, toFake: ['Date'] });
    try {
      new Webhook(secret).verify(received.body, headers);
      return true;
    } catch (error) {
      if (error instanceof WebhookVerificationError) return false;
      throw error;
    } finally {
      clock.restore();
    }
  };

  test('every module’s keys are listed by kind with metadata only: no key, secret or hash appears', async () => {
    const hook = await subscribe(ada);
    const accountId = await account(ada);
    const deposit = await depositPaths(ada, accountId);
    const second = await g.request('POST', '/api/v2/api-keys', { key: ada.key, body: { name: 'Reporting', permissions: ['read'] } });
    const all = await list(ada);
    assert.equal([...new Set(all.map((one) => one.kind))], ['api_key', 'webhook_secret', 'custody_path']);
    const apiKeys = all.filter((one) => one.kind === 'api_key').sort((a, b) => a.label.localeCompare(b.label));
    assert.equal(apiKeys.map((one) => [one.label, one.owner, one.status, one.rotatable]), [['default', ada.userId, 'active', true], ['Reporting', ada.userId, 'active', true]]);
    assert.equal(apiKeys.map((one) => one.fingerprint), [ada.key.slice(0, 12), second.body.data.key.slice(0, 12)]);
    const secret = all.find((one) => one.kind === 'webhook_secret')!;
    assert.equal([secret.id, secret.label, secret.fingerprint, secret.last_rotated_at], [hook.id, hooks.url, `sha256:${createHash('sha256').update(hook.secret).digest('hex')}`, null]);
    const paths = all.filter((one) => one.kind === 'custody_path');
    assert.equal(
      paths.map((one) => [one.id, one.owner, one.fingerprint, one.custody, one.rotatable, one.created_at !== null]),
      deposit.map((one) => [`${accountId}:${one.chain}`, accountId, one.address, { chain: one.chain, address: one.address, derivation_path: one.derivation_path }, false, true]).sort(),
    );
    const text = JSON.stringify(all);
    for (const secretText of [ada.key, second.body.data.key, hook.secret]) assert.not.ok(text.includes(secretText), 'a secret is listed');
    const narrowed = await get(ada, 'keys?kind=custody_path&per_page=1&page=2');
    assert.equal([narrowed.body.meta.total, narrowed.body.data.map((one: InventoryKeyView) => one.id)], [paths.length, [paths[1]!.id]]);
    const one = await get(ada, `keys/webhook_secret/${hook.id}`);
    assert.equal(inventoryKeyView.parse(one.body.data), secret);
    const viaGraphql = await data(g, 'query($kind: String) { inventoryKeys(kind: $kind, first: 100) { data { kind id fingerprint custody { derivation_path } } paginatorInfo { total } } }', { kind: 'custody_path' }, ada.key);
    assert.equal(viaGraphql.inventoryKeys.data.map((entry: { id: string }) => entry.id), paths.map((entry) => entry.id));
    assert.is(viaGraphql.inventoryKeys.data[0].custody.derivation_path, paths[0]!.custody!.derivation_path);
  });

  test('an API key rotated without grace is replaced at once: the new key answered once works, the old is revoked; key.rotated holds no secret', async () => {
    const oldId = (await list(ada, '&kind=api_key'))[0]!.id;
    const answer = await rotate(ada, 'api_key', oldId);
    assert.is(answer.status, 200, JSON.stringify(answer.body));
    const rotated = rotatedKeyView.parse(answer.body.data);
    assert.equal([rotated.replaced_id, rotated.label, rotated.owner, rotated.status], [oldId, 'default', ada.userId, 'active']);
    assert.is.not(rotated.id, oldId);
    assert.is(rotated.fingerprint, rotated.secret.slice(0, 12));
    assert.is(await works(ada.key), 401, 'the old key is revoked');
    assert.is(await works(rotated.secret), 200);
    const kept = await list({ ...ada, key: rotated.secret }, '&kind=api_key');
    assert.equal(kept.sort(byId).map((one) => [one.id, one.status]), [[rotated.id, 'active'], [oldId, 'revoked']].sort((a, b) => (a[0]! < b[0]! ? -1 : 1)));
    const events = await g.k.store.eventStore.readAfter(0n, 10_000);
    const mine = events.filter((event) => event.teamId === ada.teamId && (event.type === 'key.rotated' || event.type === 'api_key.revoked'));
    assert.equal(mine.map((event) => event.type), ['api_key.revoked', 'key.rotated'], 'the revocation closes the old key’s sockets, as DELETE does');
    const evented = mine.find((event) => event.type === 'key.rotated')!.payload;
    assert.equal(evented, { kind: 'api_key', id: rotated.id, replaced_id: oldId, fingerprint: rotated.fingerprint, previous_valid_until: rotated.previous_valid_until, rotated_at: rotated.previous_valid_until });
    assert.not.ok(JSON.stringify(events.map((event) => event.payload)).includes(rotated.secret), 'the new key is evented');
  });

  test('an API key rotated with a grace keeps working until it ends, then fails; the grace is bounded', async () => {
    const oldId = (await list(ada, '&kind=api_key'))[0]!.id;
    for (const [overlap, pointer] of [[86_401, '/overlap_seconds'], [-1, '/overlap_seconds'], [1.5, '/overlap_seconds'], ['3600', '/overlap_seconds']] as const) {
      const refused = await rotate(ada, 'api_key', oldId, { overlap_seconds: overlap });
      assert.is(refused.status, 422, JSON.stringify(refused.body));
      assert.equal(refused.body.errors.map((error: { source?: { pointer?: string } }) => error.source?.pointer), [pointer]);
    }
    const badKind = await g.request('POST', `/api/v2/key-management/keys/password/${oldId}/rotate`, { key: ada.key, body: {} });
    assert.is(badKind.status, 422);
    assert.equal((await list(ada, '&kind=api_key')).length, 1, 'nothing was issued');
    const rotated = rotatedKeyView.parse((await rotate(ada, 'api_key', oldId, { overlap_seconds: HOUR })).body.data);
    assert.is(new Date(rotated.previous_valid_until).getTime() - g.k.clock.now().getTime(), HOUR * 1000);
    g.k.clock.advance(HOUR * 1000 - 1);
    assert.equal([await works(ada.key), await works(rotated.secret)], [200, 200], 'both work during the grace');
    g.k.clock.advance(1);
    assert.equal([await works(ada.key), await works(rotated.secret)], [403, 200], 'the old key fails once the grace ends');
    const old = inventoryKeyView.parse((await get({ ...ada, key: rotated.secret }, `keys/api_key/${oldId}`)).body.data);
    assert.equal([old.status, old.expires_at, old.rotatable], ['expired', rotated.previous_valid_until, false]);
    const again = await rotate({ ...ada, key: rotated.secret }, 'api_key', oldId);
    assert.equal([again.status, again.body.errors[0].code], [409, 'key_not_active']);
  });

  test('a key never grants more than the caller holds: a read-write key cannot rotate a full key', async () => {
    const limited = await g.request('POST', '/api/v2/api-keys', { key: ada.key, body: { name: 'limited', permissions: ['read', 'write'] } });
    const full = (await list(ada, '&kind=api_key')).find((one) => one.label === 'default')!;
    const refused = await rotate({ ...ada, key: limited.body.data.key }, 'api_key', full.id);
    assert.is(refused.status, 403, JSON.stringify(refused.body));
    assert.is(await works(ada.key), 200);
  });

  test('a webhook secret rotated with an overlap: deliveries verify with either secret during it, with the new one only after', async () => {
    const hook = await subscribe(ada);
    const answer = await rotate(ada, 'webhook_secret', hook.id, { overlap_seconds: HOUR });
    assert.is(answer.status, 200, JSON.stringify(answer.body));
    const rotated = rotatedKeyView.parse(answer.body.data);
    assert.match(rotated.secret, /^whsec_/);
    assert.equal([rotated.id, rotated.status, rotated.overlap_ends_at, rotated.fingerprint], [hook.id, 'rotating', rotated.previous_valid_until, `sha256:${createHash('sha256').update(rotated.secret).digest('hex')}`]);
    const during = await delivery(ada);
    assert.equal([verifies(hook.secret, during), verifies(rotated.secret, during)], [true, true]);
    assert.is(String(during.headers['webhook-signature']).split(' ').length, 2);
    g.k.clock.advance(HOUR * 1000);
    const after = await delivery(ada);
    assert.equal([verifies(hook.secret, after), verifies(rotated.secret, after)], [false, true]);
    const listed = inventoryKeyView.parse((await get(ada, `keys/webhook_secret/${hook.id}`)).body.data);
    assert.equal([listed.status, listed.overlap_ends_at, listed.last_rotated_at], ['active', null, rotated.last_rotated_at]);
    const immediate = rotatedKeyView.parse((await rotate(ada, 'webhook_secret', hook.id)).body.data);
    const next = await delivery(ada);
    assert.equal([verifies(rotated.secret, next), verifies(immediate.secret, next)], [false, true]);
    await g.request('DELETE', `/api/v2/webhooks/${hook.id}`, { key: ada.key });
  });

  test('partner keys are listed for the partner’s teams and rotated by the operator only; custody paths are never rotated here', async () => {
    const onboarded = await g.request('POST', '/api/v1/partner/onboard', {
      key: g.k.operatorKey,
      body: { organization_name: `Partner ${users}`, contact_email: `ops${users}@partner.example`, tier: 'growth', modules: ['core-banking', 'key-management'] },
    });
    assert.is(onboarded.status, 201, JSON.stringify(onboarded.body));
    const { partner_id: partnerId, api_credentials: credentials } = onboarded.body.data;
    const partner = { ...ada, key: credentials.user_api_key as string };
    let partnerKey = credentials.api_key as string;
    const asPartner = (method: string, path: string, body?: unknown) =>
      g.request(method, `/api/v2/key-management/${path}`, { key: partner.key, headers: { 'x-partner-key': partnerKey }, ...(body === undefined ? {} : { body }) });
    const listed = (await asPartner('GET', 'keys?kind=partner_key')).body.data.map((one: unknown) => inventoryKeyView.parse(one));
    assert.equal(
      listed.map((one: InventoryKeyView) => [one.id, one.fingerprint, one.rotatable]),
      [[`${partnerId}:live`, credentials.api_key.slice(0, 12), false], [`${partnerId}:sandbox`, credentials.sandbox_key.slice(0, 12), false]],
    );
    const refused = await asPartner('POST', `keys/partner_key/${partnerId}:live/rotate`, {});
    assert.equal([refused.status, refused.body.errors[0].code], [409, 'rotation_by_operator']);
    assert.equal((await get(ada, 'keys?kind=partner_key')).body.data, [], 'a team that is no partner has none');
    const byOperator = await g.request('POST', `/api/v2/admin/partners/${partnerId}/rotate-keys`, { key: g.k.operatorKey, body: {} });
    assert.is(byOperator.status, 200, JSON.stringify(byOperator.body));
    partnerKey = byOperator.body.data.api_key;
    const live = inventoryKeyView.parse((await asPartner('GET', `keys/partner_key/${partnerId}:live`)).body.data);
    assert.equal([live.fingerprint, live.last_rotated_at], [byOperator.body.data.api_key.slice(0, 12), g.k.clock.now().toISOString()]);
    await depositPaths(ada, await account(ada));
    const path = (await list(ada, '&kind=custody_path'))[0]!;
    const custody = await rotate(ada, 'custody_path', path.id);
    assert.equal([custody.status, custody.body.errors[0].code], [409, 'rotation_is_a_migration']);
  });

  test('another team’s keys are 404 on every route and field, and never listed', async () => {
    await subscribe(bob);
    await depositPaths(bob, await account(bob));
    const bobs = await list(bob);
    assert.ok(bobs.length > 3);
    const before = JSON.stringify(bobs);
    for (const key of bobs) {
      assert.is((await get(ada, `keys/${key.kind}/${encodeURIComponent(key.id)}`)).status, 404, `${key.kind} ${key.id}`);
      assert.is((await rotate(ada, key.kind, key.id, { overlap_seconds: 0 })).status, 404, `rotate ${key.kind} ${key.id}`);
      const field = await gql(g, 'query($kind: String!, $id: ID!) { inventoryKey(kind: $kind, id: $id) { id } }', { kind: key.kind, id: key.id }, ada.key);
      assert.is(field.body.errors?.[0]?.extensions?.code, 'not_found');
    }
    const adas = JSON.stringify(await list(ada));
    for (const key of bobs) assert.not.ok(adas.includes(key.id), `Ada lists ${key.id}`);
    assert.is(JSON.stringify(await list(bob)), before, 'Bob’s keys are as they were');
    assert.is(await works(bob.key), 200);
  });

  test.run();
}

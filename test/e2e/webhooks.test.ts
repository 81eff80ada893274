import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { EventBackbone } from '../../ports/event-consumers.js';
import { EventStore } from '../../ports/event-store.js';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import { Pruner } from '../../plugins/webhooks/application/delivery-pruner.js';
import { DeliveryRepository } from '../../plugins/webhooks/ports.js';
import { bootTestKernel, type TestKernel, type TestUser } from '../fixtures/boot.js';
import { verifySignatures, WebhookReceiver } from './webhook-receiver.js';

/**
 * Webhooks over real HTTP on both sides: the API of a booted kernel and a
 * local receiver. Time moves only with the manual clock; deliveries happen
 * when the test drains the backbone (fan-out consumer, then dispatcher).
 */
const test = suite('webhooks e2e');
let k: TestKernel;
let ada: TestUser;
let bob: TestUser;
let adaHooks: WebhookReceiver;
let bobHooks: WebhookReceiver;
let users = 0;

const drain = () => k.get(EventBackbone).drain();
const SECOND = 1_000;
const MINUTE = 60 * SECOND;

test.before(async () => {
  k = await bootTestKernel({ modules: ['core-banking', 'webhooks'], config: { pluginConfig: { webhooks: { allow_private: true } } } });
});
test.before.each(async () => {
  users += 1;
  ada = await k.createUser(`Ada ${users}`);
  bob = await k.createUser(`Bob ${users}`);
  adaHooks = new WebhookReceiver();
  bobHooks = new WebhookReceiver();
  await adaHooks.up();
  await bobHooks.up();
});
test.after.each(async () => {
  await adaHooks.down();
  await bobHooks.down();
});
test.after(async () => {
  await k?.close();
});

async function subscribe(user: TestUser, url: string, events: string[] = ['*'], extra: Record<string, unknown> = {}): Promise<any> {
  const response = await k.request('POST', '/api/v2/webhooks', { key: user.key, body: { url, events, description: 'test hook', ...extra } });
  assert.is(response.status, 201, JSON.stringify(response.body));
  return response.body.data;
}

async function depositTwice(user: TestUser): Promise<string> {
  const account = await k.request('POST', '/api/v2/accounts', { key: user.key, body: { name: 'Main', type: 'personal' } });
  assert.is(account.status, 201, JSON.stringify(account.body));
  const id = account.body.data.uuid;
  for (const amount of ['10.00', '2.50']) {
    const deposit = await k.request('POST', `/api/v2/accounts/${id}/deposit`, { key: user.key, body: { amount, asset_code: 'USD' } });
    assert.is(deposit.status, 201, JSON.stringify(deposit.body));
  }
  return id;
}

async function teamEventIds(teamId: string): Promise<string[]> {
  const all = await k.get(EventStore).readAfter(0n, 100_000);
  return all.filter((e) => e.teamId === teamId).map((e) => e.id);
}

test('GET /webhooks/events lists every spec event type, grouped, with test.webhook', async () => {
  const response = await k.request('GET', '/api/v2/webhooks/events', { key: ada.key });
  assert.is(response.status, 200);
  const groups = response.body.data as Array<{ group: string; events: Array<{ name: string; available: boolean }> }>;
  const names = groups.flatMap((g) => g.events.map((e) => e.name));
  for (const name of ['account.created', 'transfer.completed', 'workflow.compensation_executed', 'system.status_change', 'bridge.failed', 'yield.harvested', 'travel_rule.check.completed', 'payment_intent.expired', 'widget.deployed', 'test.webhook']) {
    assert.ok(names.includes(name), name);
  }
  assert.is(names.length, 45, "41 spec types, core banking's deposit.completed, withdrawal.completed and transfer.held, plus test.webhook");
  assert.equal(groups.map((g) => g.group).slice(0, 3), ['Account', 'Transfer', 'Workflow']);
  assert.ok(groups.find((g) => g.group === 'Account')!.events.every((e) => e.available));
});

test('create shows the secret once; list and get never do; another team sees 404; PATCH and DELETE work', async () => {
  const created = await subscribe(ada, adaHooks.url, ['account.created', 'transfer.completed']);
  assert.match(created.secret, /^whsec_[A-Za-z0-9+/]{43}=$/);
  assert.is(created.active, true);
  const listed = await k.request('GET', '/api/v2/webhooks', { key: ada.key });
  assert.equal(listed.body.data.map((w: any) => w.id), [created.id]);
  assert.is(listed.body.data[0].secret, undefined);
  assert.is(listed.body.meta.total, 1);
  const one = await k.request('GET', `/api/v2/webhooks/${created.id}`, { key: ada.key });
  assert.is(one.status, 200);
  assert.is(one.body.data.secret, undefined);
  assert.is((await k.request('GET', `/api/v2/webhooks/${created.id}`, { key: bob.key })).status, 404);
  assert.is((await k.request('PATCH', `/api/v2/webhooks/${created.id}`, { key: bob.key, body: { active: false } })).status, 404);
  assert.is((await k.request('DELETE', `/api/v2/webhooks/${created.id}`, { key: bob.key })).status, 404);
  assert.is((await k.request('GET', `/api/v2/webhooks/${created.id}/deliveries`, { key: bob.key })).status, 404);

  const patched = await k.request('PATCH', `/api/v2/webhooks/${created.id}`, { key: ada.key, body: { events: ['*'], active: false, description: 'all' } });
  assert.is(patched.status, 200, JSON.stringify(patched.body));
  assert.equal([patched.body.data.events, patched.body.data.status, patched.body.data.description], [['*'], 'disabled', 'all']);
  const rotated = await k.request('PATCH', `/api/v2/webhooks/${created.id}`, { key: ada.key, body: { secret: 'my-own-secret-0123456789' } });
  assert.is(rotated.body.data.secret, 'my-own-secret-0123456789');
  const deleted = await k.request('DELETE', `/api/v2/webhooks/${created.id}`, { key: ada.key });
  assert.equal([deleted.status, deleted.body.data], [200, { id: created.id, deleted: true }]);
  assert.is((await k.request('GET', `/api/v2/webhooks/${created.id}`, { key: ada.key })).status, 404);
});

test('bad input is a 422 with a pointer: unknown event, * mixed with names, bad url, short secret', async () => {
  const post = (body: Record<string, unknown>) => k.request('POST', '/api/v2/webhooks', { key: ada.key, body });
  const unknown = await post({ url: adaHooks.url, events: ['account.created', 'no.such_event'] });
  assert.is(unknown.status, 422);
  assert.equal([unknown.body.errors[0].code, unknown.body.errors[0].source.pointer], ['unknown_event_type', '/events/1']);
  assert.is((await post({ url: adaHooks.url, events: ['*', 'account.created'] })).status, 422);
  assert.is((await post({ url: adaHooks.url, events: [] })).status, 422);
  const badUrl = await post({ url: 'not a url', events: ['*'] });
  assert.equal([badUrl.status, badUrl.body.errors[0].source.pointer], [422, '/url']);
  assert.is((await post({ url: 'ftp://example.com/x', events: ['*'] })).status, 422);
  assert.is((await post({ url: 'https://user:pw@example.com/x', events: ['*'] })).status, 422);
  assert.is((await post({ url: adaHooks.url, events: ['*'], secret: 'short' })).status, 422);
  assert.is((await k.request('POST', '/api/v2/webhooks', { key: ada.key, rawBody: '{"url":', headers: { 'content-type': 'application/json' } })).status, 400);
});

test('a receiver that fails with 500, then is down, gets every event once it recovers: signed, nothing missing, duplicates share an id, no other team', async () => {
  const hook = await subscribe(ada, adaHooks.url);
  const bobHook = await subscribe(bob, bobHooks.url);
  adaHooks.respond = (_request, index) => (index < 8 ? { status: 500 } : { status: 200 });
  await depositTwice(ada);
  await depositTwice(bob);
  const adaEvents = await teamEventIds(ada.teamId);
  assert.ok(adaEvents.length >= 3, `ada has ${adaEvents.length} events`);

  await drain(); // attempt 1 of each: 500
  const firstRound = adaHooks.received.length;
  assert.is(firstRound, adaEvents.length);
  k.clock.advance(6 * SECOND);
  await drain(); // attempt 2: 500s for the rest of the first 8, then 200s
  await adaHooks.down();
  k.clock.advance(6 * MINUTE);
  await drain(); // attempt 3 for whatever still fails: connection refused
  await adaHooks.up();
  k.clock.advance(35 * MINUTE);
  await drain(); // attempt 4: delivered
  k.clock.advance(3 * 60 * MINUTE);
  await drain();

  const delivered = new Map<string, number>();
  for (const received of adaHooks.received) {
    assert.ok(verifySignatures(received, hook.secret), 'signature');
    delivered.set(received.json.id, (delivered.get(received.json.id) ?? 0) + 1);
  }
  assert.equal([...delivered.keys()].sort(), [...adaEvents].sort(), 'every event of the team arrived');
  assert.ok(adaHooks.received.length > adaEvents.length, 'some events were sent more than once');
  const ids = new Set(adaHooks.received.map((r) => r.headers['webhook-id']));
  assert.is(ids.size, adaEvents.length, 'retries reuse the webhook-id');
  const bodies = new Map<string, string>();
  for (const r of adaHooks.received) {
    if (bodies.has(r.json.id)) assert.is(r.body, bodies.get(r.json.id), 'retries send the same bytes');
    bodies.set(r.json.id, r.body);
  }
  // Isolation: each receiver saw only its own team's events.
  const bobEvents = new Set(await teamEventIds(bob.teamId));
  assert.ok(bobHooks.received.length > 0);
  assert.ok(bobHooks.received.every((r) => bobEvents.has(r.json.id) && verifySignatures(r, bobHook.secret)));
  assert.ok(adaHooks.received.every((r) => !bobEvents.has(r.json.id)));
  const first = adaHooks.received[0]!.json;
  assert.ok(['account.created', 'account.balance_updated'].includes(first.event_type));
  assert.match(first.created_at, /^\d{4}-\d\d-\d\dT/);

  const history = await k.request('GET', `/api/v2/webhooks/${hook.id}/deliveries?per_page=100`, { key: ada.key });
  assert.is(history.status, 200);
  const attempts = history.body.data as any[];
  // One history row per attempt: every request the receiver saw, plus the refused connections.
  assert.is(attempts.length, adaHooks.received.length + countRefused(attempts));
  assert.ok(attempts.some((a) => a.status_code === 500 && a.state === 'retrying' && a.next_retry_at));
  assert.ok(attempts.some((a) => a.status_code === null && /ECONNREFUSED/.test(a.error)));
  assert.is(attempts.filter((a) => a.state === 'succeeded').length, adaEvents.length);
  assert.ok(attempts.every((a) => typeof a.duration_ms === 'number' && a.attempt >= 1));
});

function countRefused(attempts: any[]): number {
  return attempts.filter((a) => a.status_code === null).length;
}

test('only the subscribed event types are sent; a subscription sees no events from before it existed', async () => {
  await depositTwice(ada);
  await drain();
  await subscribe(ada, adaHooks.url, ['account.created']);
  await depositTwice(ada);
  await drain();
  assert.is(adaHooks.received.length, 1);
  assert.is(adaHooks.received[0]!.json.event_type, 'account.created');
});

test('POST /webhooks/{id}/test sends a signed test.webhook to that endpoint only', async () => {
  const hook = await subscribe(ada, adaHooks.url, ['*']);
  const other = await subscribe(ada, bobHooks.url, ['*']);
  const response = await k.request('POST', `/api/v2/webhooks/${hook.id}/test`, { key: ada.key });
  assert.is(response.status, 202, JSON.stringify(response.body));
  await drain();
  assert.is(adaHooks.received.length, 1);
  assert.is(adaHooks.received[0]!.json.event_type, 'test.webhook');
  assert.is(adaHooks.received[0]!.json.id, response.body.data.event_id);
  const stored = (await k.get(EventStore).readAfter(0n, 100_000)).filter((e) => e.type === 'test.webhook' && e.aggregateId === hook.id);
  assert.equal(stored.map((e) => e.id), [response.body.data.event_id], 'the audit record carries the delivered id');
  assert.ok(verifySignatures(adaHooks.received[0]!, hook.secret));
  assert.is(bobHooks.received.length, 0, `the other endpoint got nothing (${other.id})`);
  assert.is((await k.request('POST', `/api/v2/webhooks/${hook.id}/test`, { key: bob.key })).status, 404);
});

test('429 with Retry-After is honoured; 410 Gone disables the endpoint and a system.status_change goes to the team', async () => {
  const gone = await subscribe(ada, adaHooks.url, ['account.created']);
  const watcher = await subscribe(ada, bobHooks.url, ['system.status_change']);
  adaHooks.respond = (_r, index) => (index === 0 ? { status: 429, headers: { 'retry-after': '3600' } } : { status: 410 });
  await k.request('POST', '/api/v2/accounts', { key: ada.key, body: { name: 'A', type: 'personal' } });
  await drain();
  const first = await k.request('GET', `/api/v2/webhooks/${gone.id}/deliveries`, { key: ada.key });
  const retryAt = Date.parse(first.body.data[0].next_retry_at) - Date.parse(first.body.data[0].attempted_at);
  assert.is(retryAt, 3_600_000, 'Retry-After (1 h) beat the 5 s schedule');
  k.clock.advance(30 * MINUTE);
  await drain();
  assert.is(adaHooks.received.length, 1, 'not before Retry-After');
  k.clock.advance(31 * MINUTE);
  await drain();
  assert.is(adaHooks.received.length, 2);
  const state = await k.request('GET', `/api/v2/webhooks/${gone.id}`, { key: ada.key });
  assert.equal([state.body.data.status, state.body.data.disabled_reason], ['disabled', 'the endpoint answered 410 Gone']);
  await drain();
  assert.is(bobHooks.received.length, 1);
  assert.equal(bobHooks.received[0]!.json.event_type, 'system.status_change');
  assert.equal(bobHooks.received[0]!.json.data, { component: 'webhook', id: gone.id, status: 'disabled', previous_status: 'active', reason: 'the endpoint answered 410 Gone' });
  assert.ok(verifySignatures(bobHooks.received[0]!, watcher.secret));
  // A disabled endpoint receives nothing more.
  await k.request('POST', '/api/v2/accounts', { key: ada.key, body: { name: 'B', type: 'personal' } });
  await drain();
  assert.is(adaHooks.received.length, 2);
});

test('an endpoint failing for 5 days is disabled; redirects are failures, not followed', async () => {
  const hook = await subscribe(ada, adaHooks.url, ['account.created']);
  adaHooks.respond = () => ({ status: 302, headers: { location: bobHooks.url } });
  for (let i = 0; i < 8; i++) {
    await k.request('POST', '/api/v2/accounts', { key: ada.key, body: { name: `A${i}`, type: 'personal' } });
    await drain();
    k.clock.advance(16 * 60 * MINUTE);
    await drain();
  }
  assert.is(bobHooks.received.length, 0, 'the redirect was not followed');
  const state = await k.request('GET', `/api/v2/webhooks/${hook.id}`, { key: ada.key });
  assert.is(state.body.data.status, 'disabled');
  assert.match(state.body.data.disabled_reason, /failed every delivery for 120 hours/);
  const history = (await k.request('GET', `/api/v2/webhooks/${hook.id}/deliveries?per_page=100`, { key: ada.key })).body.data as any[];
  const cancelled = history.filter((a) => a.state === 'cancelled');
  // The disabling answer is the last 302; the deliveries still retrying then were cancelled, each with its history row.
  assert.ok(cancelled.length > 0, 'the backlog was cancelled and recorded');
  assert.ok(cancelled.every((a) => a.status_code === null && a.attempt >= 1 && /failed every delivery/.test(a.error)));
  assert.ok(history.filter((a) => a.state !== 'cancelled').every((a) => a.status_code === 302));
  assert.ok(history.some((a) => a.state === 'failed' && a.status_code === 302));
  const outbox = (await k.request('GET', `/api/v2/webhooks/${hook.id}/outbox?status=cancelled&per_page=100`, { key: ada.key })).body.data as any[];
  assert.equal(outbox.map((d) => d.id).sort(), cancelled.map((a) => a.delivery_id).sort());
});

test('the outbox shows deliveries never attempted; deactivating cancels them with a history row', async () => {
  const hook = await subscribe(ada, adaHooks.url, ['account.created']);
  const queued = await k.request('POST', `/api/v2/webhooks/${hook.id}/test`, { key: ada.key });
  const outbox = await k.request('GET', `/api/v2/webhooks/${hook.id}/outbox`, { key: ada.key });
  assert.is(outbox.status, 200);
  assert.equal(
    outbox.body.data.map((d: any) => [d.id, d.event_type, d.status, d.attempts]),
    [[queued.body.data.delivery_id, 'test.webhook', 'pending', 0]],
  );
  assert.equal((await k.request('GET', `/api/v2/webhooks/${hook.id}/deliveries`, { key: ada.key })).body.data, [], 'no attempt yet');
  assert.is((await k.request('GET', `/api/v2/webhooks/${hook.id}/outbox`, { key: bob.key })).status, 404);
  assert.is((await k.request('GET', `/api/v2/webhooks/${hook.id}/outbox?status=lost`, { key: ada.key })).status, 422);

  await k.request('PATCH', `/api/v2/webhooks/${hook.id}`, { key: ada.key, body: { active: false } });
  await drain();
  assert.is(adaHooks.received.length, 0);
  const [row] = (await k.request('GET', `/api/v2/webhooks/${hook.id}/deliveries`, { key: ada.key })).body.data;
  assert.equal([row.delivery_id, row.state, row.attempt, row.status_code, row.error], [queued.body.data.delivery_id, 'cancelled', 0, null, 'disabled by the owner']);
  assert.is((await k.request('GET', `/api/v2/webhooks/${hook.id}/outbox`, { key: ada.key })).body.data[0].status, 'cancelled');
});

test('an answer arriving after the owner cancelled the delivery does not bring it back or overwrite the cancellation', async () => {
  const hook = await subscribe(ada, adaHooks.url, ['account.created']);
  let answer!: (a: { status: number }) => void;
  adaHooks.respond = () => new Promise((resolve) => (answer = resolve));
  await k.request('POST', '/api/v2/accounts', { key: ada.key, body: { name: 'Late', type: 'personal' } });
  const sending = drain();
  await adaHooks.until(1);
  await k.request('PATCH', `/api/v2/webhooks/${hook.id}`, { key: ada.key, body: { active: false } });
  answer({ status: 200 });
  await sending;
  const [delivery] = (await k.request('GET', `/api/v2/webhooks/${hook.id}/outbox`, { key: ada.key })).body.data;
  assert.equal([delivery.status, delivery.delivered_at], ['cancelled', null]);
  const history = (await k.request('GET', `/api/v2/webhooks/${hook.id}/deliveries`, { key: ada.key })).body.data;
  assert.equal(history.map((a: any) => a.state), ['cancelled'], 'the late 200 was not recorded over the cancellation');
  // Re-enabling does not resurrect it either.
  await k.request('PATCH', `/api/v2/webhooks/${hook.id}`, { key: ada.key, body: { active: true } });
  await drain();
  assert.is(adaHooks.received.length, 1);
});

test('finished deliveries are pruned after the retention, pending ones never; deleting a webhook deletes its deliveries', async () => {
  const kept = await subscribe(ada, adaHooks.url, ['account.created']);
  const down = await subscribe(ada, bobHooks.url, ['account.created']);
  bobHooks.respond = () => ({ status: 500 });
  await k.request('POST', '/api/v2/accounts', { key: ada.key, body: { name: 'Old', type: 'personal' } });
  await drain();
  const outbox = async (hookId: string) => (await k.request('GET', `/api/v2/webhooks/${hookId}/outbox`, { key: ada.key })).body.data.map((d: any) => d.status);
  assert.equal([await outbox(kept.id), await outbox(down.id)], [['succeeded'], ['pending']]);
  const pruner = k.get(Pruner);
  assert.is(await pruner.run(), 0, 'nothing is old enough yet');
  k.clock.advance(31 * 24 * 60 * MINUTE);
  assert.ok((await pruner.run()) >= 1, 'the 31-day-old finished deliveries (of every test so far) went');
  assert.equal(await outbox(kept.id), []);
  assert.equal((await k.request('GET', `/api/v2/webhooks/${kept.id}/deliveries`, { key: ada.key })).body.data, [], 'its attempts went with it');
  assert.equal(await outbox(down.id), ['pending'], 'a pending delivery is never pruned, however old');
  bobHooks.respond = () => ({ status: 200 });
  await k.request('POST', '/api/v2/accounts', { key: ada.key, body: { name: 'New', type: 'personal' } });
  await drain();
  assert.is(await pruner.run(), 0, 'what finished just now stays');
  assert.equal([await outbox(kept.id), await outbox(down.id)], [['succeeded'], ['succeeded', 'succeeded']]);

  await k.request('DELETE', `/api/v2/webhooks/${kept.id}`, { key: ada.key });
  const left = await k.get(UnitOfWork).run((tx) => k.get(DeliveryRepository).list(tx, ada.teamId, kept.id, undefined, { page: 1, perPage: 100 }));
  assert.is(left.total, 0);
});

test('without allow_private: http, loopback, private and metadata targets are refused with 422 (SSRF)', async () => {
  const strict = await bootTestKernel({ modules: ['webhooks'] });
  try {
    const user = await strict.createUser('Strict');
    for (const url of ['http://example.com/hook', 'https://127.0.0.1/hook', 'https://10.0.0.5/hook', 'https://169.254.169.254/latest/meta-data', 'https://[::1]/hook', 'https://localhost/hook', 'https://[fd00:ec2::254]/x']) {
      const response = await strict.request('POST', '/api/v2/webhooks', { key: user.key, body: { url, events: ['*'] } });
      assert.is(response.status, 422, url);
      assert.is(response.body.errors[0].source.pointer, '/url');
      assert.ok(['insecure_url', 'forbidden_address'].includes(response.body.errors[0].code), response.body.errors[0].code);
    }
  } finally {
    await strict.close();
  }
});

test.run();

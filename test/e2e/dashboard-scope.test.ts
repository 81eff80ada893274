import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { StoredEvent } from '../../kernel/contract/event.js';
import { EventBackbone } from '../../ports/event-consumers.js';
import { EventStore } from '../../ports/event-store.js';
import { bootTestKernel, type TestKernel, type TestUser } from '../fixtures/boot.js';
import { WebhookReceiver } from './webhook-receiver.js';

/**
 * The live dashboard's team views over real HTTP: two teams with deposits,
 * transfers and webhooks. Each team's key sees only its own events, lag,
 * parked events and deliveries; the operator key sees the whole service,
 * the sum of the teams. The expected figures are read from the event log
 * itself, so every count is checked against what each team really did.
 */
const test = suite('live dashboard: team views');
let k: TestKernel;
let ada: TestUser;
let bob: TestUser;
const adaHooks = new WebhookReceiver();
const bobHooks = new WebhookReceiver();
/** Baselines taken before the teams' activity, per key. */
const before = new Map<string, any>();

const get = (path: string, key: string) => k.request('GET', `/api/v1/live-dashboard/${path}`, { key });
const data = async (path: string, key: string) => {
  const response = await get(path, key);
  assert.is(response.status, 200, `${path}: ${JSON.stringify(response.body)}`);
  return response.body.data;
};

test.before(async () => {
  k = await bootTestKernel({ modules: ['core-banking', 'webhooks', 'dashboard'], config: { pluginConfig: { webhooks: { allow_private: true } } } });
  await adaHooks.up();
  await bobHooks.up();
  bobHooks.respond = () => ({ status: 500 });
  ada = await k.createUser('Ada Scope');
  bob = await k.createUser('Bob Scope');
  for (const [user, hooks] of [[ada, adaHooks], [bob, bobHooks]] as const) {
    const created = await k.request('POST', '/api/v2/webhooks', { key: user.key, body: { url: hooks.url, events: ['*'] } });
    assert.is(created.status, 201, JSON.stringify(created.body));
  }
  await k.get(EventBackbone).drain();
  for (const key of [ada.key, bob.key, k.operatorKey]) before.set(key, await data('metrics', key));
});
test.after(async () => {
  await adaHooks.down();
  await bobHooks.down();
  await k?.close();
});

async function account(user: TestUser, name: string): Promise<string> {
  const response = await k.request('POST', '/api/v2/accounts', { key: user.key, body: { name, type: 'personal' } });
  assert.is(response.status, 201);
  return response.body.data.uuid;
}

async function deposit(user: TestUser, accountId: string, amount: string): Promise<void> {
  const response = await k.request('POST', `/api/v2/accounts/${accountId}/deposit`, { key: user.key, body: { amount, asset_code: 'USD' } });
  assert.is(response.status, 201);
}

/** The events of one team appended after `after`, per type, from the log. */
async function logged(teamId: string, after: bigint): Promise<{ events: StoredEvent[]; byType: Record<string, number> }> {
  const events = (await k.get(EventStore).readAfter(after, 100_000)).filter((e) => e.teamId === teamId);
  const byType: Record<string, number> = {};
  for (const event of events) byType[event.type] = (byType[event.type] ?? 0) + 1;
  return { events, byType };
}

/** Per type: `now` less `then` (types that did not move left out). */
function grown(now: Record<string, number>, then: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(now).flatMap(([type, n]) => (n - (then[type] ?? 0) > 0 ? [[type, n - (then[type] ?? 0)]] : [])));
}

test('a team key sees only its team: event counts and lag, webhook deliveries; the operator sees the sum', async () => {
  const start = await k.get(EventStore).head();
  // Ada: two accounts, three deposits, a transfer between them. Bob: one account, two deposits.
  const [a1, a2] = [await account(ada, 'A1'), await account(ada, 'A2')];
  for (const amount of ['10.00', '20.00', '30.00']) await deposit(ada, a1, amount);
  const transfer = await k.request('POST', '/api/v2/transfers', { key: ada.key, body: { from_account: a1, to_account: a2, amount: '5.00', asset_code: 'USD' } });
  assert.is(transfer.status, 201, JSON.stringify(transfer.body));
  const b1 = await account(bob, 'B1');
  for (const amount of ['1.00', '2.00']) await deposit(bob, b1, amount);
  const ofAda = await logged(ada.teamId, start);
  const ofBob = await logged(bob.teamId, start);
  assert.ok(ofAda.events.length > ofBob.events.length && ofBob.events.length > 0);
  k.clock.advance(5_000);

  // Counts: each team's all-time and in-window figures grow by its own events only.
  const [adaMetrics, bobMetrics, serviceMetrics] = [await data('metrics', ada.key), await data('metrics', bob.key), await data('metrics', k.operatorKey)];
  assert.equal([adaMetrics.scope, bobMetrics.scope, serviceMetrics.scope], ['team', 'team', 'service']);
  assert.equal(grown(adaMetrics.events.by_type, before.get(ada.key).events.by_type), ofAda.byType);
  assert.equal(grown(bobMetrics.events.by_type, before.get(bob.key).events.by_type), ofBob.byType);
  assert.is(adaMetrics.events.total - before.get(ada.key).events.total, ofAda.events.length);
  assert.is(bobMetrics.events.total - before.get(bob.key).events.total, ofBob.events.length);
  assert.is(serviceMetrics.events.total - before.get(k.operatorKey).events.total, ofAda.events.length + ofBob.events.length, 'the operator: the sum');
  // The setup's events lie in the window too (the clock moved 5 s): the window grows by the team's own.
  assert.is(adaMetrics.events.in_window - before.get(ada.key).events.in_window, ofAda.events.length);
  assert.is(bobMetrics.events.in_window - before.get(bob.key).events.in_window, ofBob.events.length);
  // Not counted per team: null, never the service's figure.
  assert.equal(adaMetrics.processing, { handled_total: null, handled_in_window: null, per_second: null });
  assert.equal([adaMetrics.errors.failures_total, adaMetrics.errors.error_rate, adaMetrics.errors.parked_total], [null, null, 0]);
  assert.type(serviceMetrics.processing.handled_total, 'number');

  const throughput = await data('event-throughput', bob.key);
  assert.equal([throughput.scope, throughput.total.events], ['team', bobMetrics.events.in_window]);
  assert.ok((await data('event-throughput', k.operatorKey)).total.events >= adaMetrics.events.in_window + bobMetrics.events.in_window);

  // Lag: nothing has consumed the new events; each team's pending figures are its own events.
  const groupOf = (view: any, group: string) => view.projectors.find((p: any) => p.group === group);
  const [adaLag, bobLag, serviceLag] = [await data('projector-lag', ada.key), await data('projector-lag', bob.key), await data('projector-lag', k.operatorKey)];
  for (const [view, own] of [[adaLag, ofAda], [bobLag, ofBob]] as const) {
    const fanOut = groupOf(view, 'webhooks.fan-out');
    const newest = own.events[own.events.length - 1]!.position;
    assert.equal(
      [fanOut.pending_events, fanOut.lag_positions, fanOut.lag_seconds, fanOut.handled_total, view.head_position],
      [own.events.length, (newest - BigInt(fanOut.checkpoint_position)).toString(), 5, null, newest.toString()],
    );
  }
  assert.is(groupOf(serviceLag, 'webhooks.fan-out').pending_events, ofAda.events.length + ofBob.events.length);
  assert.is(serviceLag.head_position, (await k.get(EventStore).head()).toString());
  const bobStream = await data('stream-status', bob.key);
  assert.equal(
    bobStream.consumer_groups.map((g: any) => [g.group, g.pending_events]),
    [['dashboard.event-tally', ofBob.events.length], ['webhooks.fan-out', ofBob.events.length]],
  );
  assert.equal([bobStream.pending_total, bobStream.memory, bobStream.parked_recent], [2 * ofBob.events.length, null, []]);
  assert.ok((await data('stream-status', k.operatorKey)).memory.rss_mb > 0, 'memory: the operator\'s');

  // Deliveries: Ada's endpoint answers 200, Bob's 500. After one pass, only Bob's backlog and failures show, in Bob's view.
  await k.get(EventBackbone).drain();
  assert.ok(adaHooks.received.length > 0 && bobHooks.received.length > 0);
  k.clock.advance(7_000);
  const [adaAfter, bobAfter, serviceAfter] = [await data('projector-lag', ada.key), await data('projector-lag', bob.key), await data('projector-lag', k.operatorKey)];
  assert.equal(adaAfter.webhook_deliveries, { pending: 0, oldest_pending_seconds: 0, failed_attempts_in_window: 0, window_seconds: 60, failing_endpoints: 0 });
  const bobDeliveries = bobAfter.webhook_deliveries;
  // Every delivery to Bob failed and waits for its retry; every attempt (the setup's too) lies in the window.
  assert.is(bobDeliveries.pending, new Set(bobHooks.received.map((r) => r.json.id)).size);
  assert.is(bobDeliveries.failed_attempts_in_window, bobHooks.received.length);
  assert.is(bobDeliveries.failing_endpoints, 1);
  assert.ok(bobDeliveries.oldest_pending_seconds >= 7);
  assert.equal(serviceAfter.webhook_deliveries, bobDeliveries, 'the service: the sum (Ada has none)');
  assert.is((await data('stream-status', bob.key)).webhook_deliveries.pending, bobDeliveries.pending);
  assert.equal([groupOf(adaAfter, 'webhooks.fan-out').pending_events, groupOf(adaAfter, 'webhooks.fan-out').lag_positions], [0, '0'], 'caught up');
});

test('a consumer failing on one team\'s event: that team sees why, another sees its events wait without the error; parked events stay with their team', async () => {
  const backbone = k.get(EventBackbone);
  const start = await k.get(EventStore).head();
  backbone.register({
    group: 'test.scope-poison',
    accepts: (event) => event.position > start,
    handle: async (_tx, event) => {
      if (event.teamId === bob.teamId) throw new Error(`cannot project ${event.type}`);
    },
  });
  await account(bob, 'B poison');
  const a = await account(ada, 'A waits');
  await deposit(ada, a, '1.00');
  await backbone.drain();
  const poisonOf = async (key: string) => (await data('projector-lag', key)).projectors.find((p: any) => p.group === 'test.scope-poison');
  const [bobPoison, adaPoison] = [await poisonOf(bob.key), await poisonOf(ada.key)];
  assert.equal([bobPoison.status, bobPoison.last_error, bobPoison.failing_attempts], ['failing', 'cannot project account.created', 1]);
  assert.equal([adaPoison.status, adaPoison.last_error, adaPoison.failing_attempts], ['failing', null, 1], 'Ada\'s events wait behind Bob\'s');
  assert.ok(adaPoison.pending_events > 0);
  const waiting = (await data('domain-health', ada.key)).domains.find((d: any) => d.domain === 'Account');
  assert.is(waiting.projector_status, 'degraded', 'Ada\'s Account events are held back');
  // Retries run out: Bob's event is parked, then Ada's are handled.
  for (let retry = 0; retry < 8; retry++) {
    k.clock.advance(10_000);
    await backbone.drain();
  }
  const [bobStream, adaStream] = [await data('stream-status', bob.key), await data('stream-status', ada.key)];
  const parked = bobStream.parked_recent.filter((p: any) => p.group === 'test.scope-poison');
  assert.ok(parked.length >= 1);
  assert.ok(parked.every((p: any) => p.error.startsWith('cannot project')));
  assert.equal(adaStream.parked_recent, [], 'Bob\'s parked events are not Ada\'s');
  const bobGroup = bobStream.consumer_groups.find((g: any) => g.group === 'test.scope-poison');
  const adaGroup = adaStream.consumer_groups.find((g: any) => g.group === 'test.scope-poison');
  assert.equal([bobGroup.parked_events, adaGroup.parked_events, adaGroup.status], [parked.length, 0, 'caught_up']);
  assert.is((await data('metrics', bob.key)).errors.parked_total, parked.length);
  assert.is((await data('metrics', ada.key)).errors.parked_total, 0);
  const bobAccount = (await data('domain-health', bob.key)).domains.find((d: any) => d.domain === 'Account');
  const adaAccount = (await data('domain-health', ada.key)).domains.find((d: any) => d.domain === 'Account');
  assert.equal([bobAccount.status, bobAccount.parked_events, bobAccount.recent_errors], ['degraded', parked.length, null]);
  assert.equal([adaAccount.status, adaAccount.parked_events], ['healthy', 0]);
});

test('a team key is still refused the re-drive', async () => {
  const path = '/api/v2/admin/consumer-groups/test.scope-poison/redrive';
  assert.is((await k.request('POST', path, { key: bob.key, body: {} })).status, 403);
  assert.is((await k.request('POST', path, { key: ada.key, body: {} })).status, 403);
});

test.run();

const alone = suite('live dashboard without the webhooks module');

alone('boots without webhooks (the delivery port is optional) and shows no delivery figures, to a team or the operator', async () => {
  const bank = await bootTestKernel({ modules: ['identity', 'dashboard'] });
  try {
    const cy = await bank.createUser('Cy Alone');
    for (const key of [cy.key, bank.operatorKey]) {
      for (const path of ['projector-lag', 'stream-status']) {
        const response = await bank.request('GET', `/api/v1/live-dashboard/${path}`, { key });
        assert.is(response.status, 200, `${path}: ${JSON.stringify(response.body)}`);
        assert.is(response.body.data.webhook_deliveries, null, path);
      }
    }
  } finally {
    await bank.close();
  }
});

alone.run();

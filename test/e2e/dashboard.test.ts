import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { TerminalProgress } from '../../adapters/cli/terminal-progress.js';
import { EventBackbone } from '../../ports/event-consumers.js';
import { Progress } from '../../ports/progress.js';
import { bootTestKernel, type TestKernel, type TestUser } from '../fixtures/boot.js';

/**
 * The live dashboard over real HTTP, as the operator sees it (the whole
 * service): figures that come from the running system, so they move when
 * deposits run. Team views: dashboard-scope.test.ts.
 */
const test = suite('live dashboard e2e');
const progressLines = { isTTY: false, written: [] as string[], write(text: string) { this.written.push(text); } };
let k: TestKernel;
let ada: TestUser;
/** The poison projector's bug, fixed before the operator re-drives its parked event. */
let poisonHealed = false;

const PATHS = ['metrics', 'domain-health', 'event-throughput', 'stream-status', 'projector-lag'];
const get = (path: string, key = k.operatorKey) => k.request('GET', `/api/v1/live-dashboard/${path}`, { key });

test.before(async () => {
  k = await bootTestKernel({
    modules: ['core-banking', 'webhooks', 'dashboard'],
    config: { pluginConfig: { webhooks: { allow_private: true } } },
    overrides: [[Progress, new TerminalProgress(progressLines)]],
  });
  ada = await k.createUser('Ada');
});
test.after(async () => {
  await k?.close();
});

test('every path needs a key: the operator key reads the service, a team key its team, no key is 401', async () => {
  for (const path of PATHS) {
    const team = await get(path, ada.key);
    assert.equal([team.status, team.body.data?.scope], [200, 'team'], `${path}: ${JSON.stringify(team.body)}`);
    assert.is((await k.request('GET', `/api/v1/live-dashboard/${path}`)).status, 401, path);
    const response = await get(path);
    assert.is(response.status, 200, `${path}: ${JSON.stringify(response.body)}`);
    assert.is(response.body.data.scope, 'service', path);
  }
  assert.is((await k.request('GET', '/api/v1/live-dashboard/metrics?window_seconds=0', { key: k.operatorKey })).status, 422);
});

async function deposits(n: number): Promise<void> {
  const account = await k.request('POST', '/api/v2/accounts', { key: ada.key, body: { name: 'Load', type: 'personal' } });
  for (let i = 0; i < n; i++) {
    const response = await k.request('POST', `/api/v2/accounts/${account.body.data.uuid}/deposit`, { key: ada.key, body: { amount: '1.00', asset_code: 'USD' } });
    assert.is(response.status, 201);
  }
}

test('event counts, throughput and lag move with deposits, and lag falls back to zero once consumers catch up', async () => {
  await k.get(EventBackbone).drain();
  const before = (await get('metrics')).body.data;
  const throughputBefore = (await get('event-throughput')).body.data;
  await deposits(10);

  const metrics = (await get('metrics')).body.data;
  assert.is(metrics.events.total, before.events.total + 21, 'account.created + 10 balance updates + 10 deposit.completed');
  assert.is(metrics.events.by_type['account.balance_updated'], (before.events.by_type['account.balance_updated'] ?? 0) + 10);
  assert.ok(metrics.events.by_domain.Account >= 21);
  assert.ok(metrics.uptime_seconds > 0);
  const throughput = (await get('event-throughput')).body.data;
  assert.ok(throughput.total.events_per_second > throughputBefore.total.events_per_second);
  assert.ok(throughput.domains.some((d: any) => d.domain === 'Account' && d.events >= 21));

  // Nothing has consumed the new events yet: the fan-out projector lags by exactly them.
  const lagging = (await get('projector-lag')).body.data;
  const fanOut = lagging.projectors.find((p: any) => p.group === 'webhooks.fan-out');
  assert.is(fanOut.pending_events, 21);
  assert.is(fanOut.status, 'stopped');
  assert.is(lagging.max_lag_events, 21);
  const stream = (await get('stream-status')).body.data;
  assert.equal(stream.consumer_groups.map((g: any) => [g.group, g.pending_events]), [['dashboard.event-tally', 21], ['webhooks.fan-out', 21]]);
  assert.is(stream.pending_total, 42);
  const stalled = (await get('domain-health')).body.data.domains;
  assert.is(stalled.find((d: any) => d.domain === 'Account').projector_status, 'stopped', 'Account events wait with no loop running');
  assert.is(stalled.find((d: any) => d.domain === 'Transfer').projector_status, 'ok', 'no Transfer events are pending');
  assert.ok(stream.memory.rss_mb > 0);
  // PostgreSQL listens only while the background loop runs (not started in this test); the others are in-process.
  assert.equal(stream.connectivity.wake_mode, k.store.kind === 'postgres' ? 'disconnected' : 'in-process');

  await k.get(EventBackbone).drain();
  const caughtUp = (await get('projector-lag')).body.data.projectors.find((p: any) => p.group === 'webhooks.fan-out');
  assert.equal([caughtUp.pending_events, caughtUp.status], [0, 'caught_up']);
  assert.is(caughtUp.handled_total, fanOut.handled_total + 21);
  const processed = (await get('metrics')).body.data;
  assert.ok(processed.processing.handled_total >= before.processing.handled_total + 21);
  const health = (await get('domain-health')).body.data;
  assert.is(health.store.connected, true);
  const account = health.domains.find((d: any) => d.domain === 'Account');
  assert.equal([account.status, account.store_connected, account.recent_errors], ['healthy', true, 0]);
  assert.ok(account.events_total >= 21);
});

test('a poison event is parked, shows on stream-status and domain-health, and does not hold back its group', async () => {
  const backbone = k.get(EventBackbone);
  let handled = 0;
  backbone.register({
    group: 'test.poison-projector',
    handle: async (_tx, event) => {
      if (event.type === 'account.created' && !poisonHealed) throw new Error('projector cannot read this account');
      handled += 1;
    },
  });
  await deposits(2);
  await backbone.drain();
  // One failure, then the group waits out its backoff (by the clock): no burst of retries.
  const failing = (await get('projector-lag')).body.data.projectors.find((p: any) => p.group === 'test.poison-projector');
  assert.equal([failing.status, failing.failing_attempts, failing.retry_at], ['failing', 1, new Date(k.clock.now().getTime() + 1_000).toISOString()]);
  const degraded = (await get('domain-health')).body.data.domains.find((d: any) => d.domain === 'Account');
  assert.equal([degraded.projector_status, degraded.recent_errors], ['degraded', 1]);
  // Both account.created events so far are poison: four more tries each (the fifth failure parks it).
  for (let retry = 0; retry < 8; retry++) {
    k.clock.advance(10_000);
    await backbone.drain();
  }
  const stream = (await get('stream-status')).body.data;
  const parked = stream.parked_recent.filter((p: any) => p.group === 'test.poison-projector');
  assert.is(parked.length, 2);
  assert.equal([parked[0].type, parked[0].error, parked[0].attempts], ['account.created', 'projector cannot read this account', 5]);
  const group = stream.consumer_groups.find((g: any) => g.group === 'test.poison-projector');
  assert.equal([group.pending_events, group.status], [0, 'caught_up']);
  assert.ok(handled >= 2, 'the deposits behind the poison event were handled');
  const health = (await k.request('GET', '/api/v1/live-dashboard/domain-health?window_seconds=3600', { key: k.operatorKey })).body.data;
  const account = health.domains.find((d: any) => d.domain === 'Account');
  assert.equal([account.status, account.recent_errors, account.parked_events, account.projector_status], ['degraded', 10, 2, 'ok']);
  const metrics = (await k.request('GET', '/api/v1/live-dashboard/metrics?window_seconds=3600', { key: k.operatorKey })).body.data;
  assert.ok(metrics.errors.failures_in_window >= 10 && metrics.errors.error_rate > 0);
});

test('an operator re-drives parked events: they are handled and leave the parked list; a team key is refused', async () => {
  const parked = (await get('stream-status')).body.data.parked_recent.filter((p: any) => p.group === 'test.poison-projector');
  const path = `/api/v2/admin/consumer-groups/test.poison-projector/redrive`;
  assert.is((await k.request('POST', path, { key: ada.key, body: {} })).status, 403);
  assert.is((await k.request('POST', '/api/v2/admin/consumer-groups/no.such.group/redrive', { key: k.operatorKey, body: {} })).status, 404);
  assert.is((await k.request('POST', path, { key: k.operatorKey, body: { position: '999999' } })).status, 404);
  assert.is((await k.request('POST', path, { key: k.operatorKey, body: { position: 'one' } })).status, 422);
  // Past PostgreSQL's bigint: refused at the edge on every store, not by the database.
  const tooLarge = await k.request('POST', path, { key: k.operatorKey, body: { position: '9223372036854775808' } });
  assert.is(tooLarge.status, 422);
  assert.is(tooLarge.body.errors[0].source.pointer, '/position');
  assert.is((await k.request('POST', path, { key: k.operatorKey, body: { position: '9223372036854775807' } })).status, 404);
  poisonHealed = true;
  const [newest, oldest] = parked;
  progressLines.written.length = 0;
  const one = await k.request('POST', path, { key: k.operatorKey, body: { position: newest.position } });
  assert.is(one.status, 200, JSON.stringify(one.body));
  assert.equal(one.body.data.results, [{ position: newest.position, event_id: newest.event_id, type: 'account.created', outcome: 'handled', error: null }]);
  const rest = await k.request('POST', path, { key: k.operatorKey, body: {} });
  assert.equal([rest.body.data.handled, rest.body.data.failed, rest.body.data.results.map((r: any) => r.position)], [1, 0, [oldest.position]]);
  // Each redriven event is a progress step (plain lines: the stream is no terminal).
  assert.equal(progressLines.written, [
    `redrive test.poison-projector: 1/1 position ${newest.position} handled\n`,
    `redrive test.poison-projector: 1/1 position ${oldest.position} handled\n`,
  ]);
  const after = (await get('stream-status')).body.data.parked_recent.filter((p: any) => p.group === 'test.poison-projector');
  assert.equal(after, []);
});

test('rates follow the clock: once the window has passed, events and processing per second fall to 0', async () => {
  await deposits(3);
  await k.get(EventBackbone).drain();
  const busy = (await get('metrics')).body.data;
  assert.ok(busy.events.per_second > 0 && busy.processing.per_second > 0 && busy.processing.handled_in_window >= 4);
  assert.ok((await get('event-throughput')).body.data.total.events_per_second > 0);
  k.clock.advance(61_000);
  const quiet = (await get('metrics')).body.data;
  assert.equal([quiet.events.in_window, quiet.events.per_second, quiet.processing.handled_in_window, quiet.processing.per_second], [0, 0, 0, 0]);
  assert.is(quiet.events.total, busy.events.total, 'all-time counts stay');
  const throughput = (await get('event-throughput')).body.data;
  assert.equal([throughput.total.events, throughput.total.events_per_second, throughput.total.latency.samples], [0, 0, 0]);
});

test.run();

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ANONYMOUS, ForbiddenError, type Actor, type RequestContext } from '../../../kernel/public.js';
import type { ConsumerCheckpoint, ConsumerStore, EventBackbone, EventCount, WebhookDeliveryStats } from '../../../kernel/public.js';
import { DashboardReader } from './dashboard-reader.js';
import { viewerOf } from './dashboard-scope.js';

const NOW = new Date('2026-01-01T00:10:00Z');
const user = (teamId: string): Actor => ({ kind: 'user', teamId, userId: 'u', apiKeyId: 'k', permissions: ['read'] });
const ctx = (actor: Actor): RequestContext => ({ actor, requestId: 'r' });

test('the operator key reads the service, a team key its team; a caller without a team is refused, never widened', () => {
  assert.equal(viewerOf(ctx({ ...user('bank'), kind: 'operator' })), { scope: 'service', teamId: undefined });
  assert.equal(viewerOf(ctx(user('team-a'))), { scope: 'team', teamId: 'team-a' });
  assert.throws(() => viewerOf(ctx(ANONYMOUS)), (error: unknown) => error instanceof ForbiddenError);
  assert.throws(() => viewerOf(ctx(user(''))), (error: unknown) => error instanceof ForbiddenError);
});

/**
 * A log of four events (positions 1–4: a, b, a, b by team) and one group
 * whose checkpoint is at 1 and which is failing on event 2 (team b's).
 */
const log = [
  { position: 1n, teamId: 'a', type: 'x.one', occurredAt: new Date('2026-01-01T00:00:00Z') },
  { position: 2n, teamId: 'b', type: 'x.two', occurredAt: new Date('2026-01-01T00:01:00Z') },
  { position: 3n, teamId: 'a', type: 'x.three', occurredAt: new Date('2026-01-01T00:02:00Z') },
  { position: 4n, teamId: 'b', type: 'x.two', occurredAt: new Date('2026-01-01T00:03:00Z') },
];
const checkpoint: ConsumerCheckpoint = {
  group: 'g',
  cursor: '1',
  position: 1n,
  handled: 41,
  parked: 7,
  attempts: 2,
  failingCursor: '2',
  lastError: "boom on b's payload",
  retryAt: new Date('2026-01-01T00:10:04Z'),
  updatedAt: NOW,
};
const after = (teamId?: string) => log.filter((e) => e.position > 1n && (teamId === undefined || e.teamId === teamId));
const consumers = {
  checkpoints: async () => [checkpoint],
  parkedCounts: async (teamId?: string) => (teamId === 'a' ? [{ group: 'g', count: 1 }] : []),
  pendingByType: async (_cursor: string, teamId?: string): Promise<EventCount[]> => {
    const counts = new Map<string, number>();
    for (const e of after(teamId)) counts.set(e.type, (counts.get(e.type) ?? 0) + 1);
    return [...counts].map(([type, count]) => ({ type, count }));
  },
  nextPending: async (_cursor: string, teamId?: string) => after(teamId)[0],
  teamHead: async (teamId: string) => log.filter((e) => e.teamId === teamId).at(-1)?.position ?? 0n,
} as unknown as ConsumerStore;
const backbone = { stats: () => ({ running: true }) } as unknown as EventBackbone;
const events = { head: async () => 4n };
const clock = { now: () => NOW };
const reader = (deliveries?: WebhookDeliveryStats) =>
  new DashboardReader(consumers, backbone, events as never, {} as never, {} as never, clock, {} as never, deliveries);

test('a team sees its own events behind the checkpoint, and a failure on another team\'s event without its error', async () => {
  const [{ state: a, nextType }] = (await reader().projectors({ scope: 'team', teamId: 'a' })).projectors;
  assert.is(nextType, 'x.three', 'its own event held back: its domain shows degraded on domain-health');
  assert.equal(a, {
    group: 'g',
    checkpoint_position: '1',
    pending_events: 1,
    lag_positions: '2',
    lag_seconds: 480,
    handled_total: null,
    parked_total: 1,
    failing_attempts: 2,
    last_error: null,
    retry_at: '2026-01-01T00:10:04.000Z',
    status: 'failing',
    updated_at: NOW.toISOString(),
  });
});

test('the team whose event fails sees the error; a team with nothing pending sees the group caught up', async () => {
  const b = (await reader().projectors({ scope: 'team', teamId: 'b' })).projectors[0]!;
  assert.equal([b.state.status, b.state.last_error, b.state.pending_events, b.state.lag_positions, b.nextType], ['failing', "boom on b's payload", 2, '3', 'x.two']);
  const c = (await reader().projectors({ scope: 'team', teamId: 'c' })).projectors[0]!.state;
  assert.equal([c.status, c.pending_events, c.lag_positions, c.lag_seconds, c.failing_attempts, c.last_error, c.retry_at], ['caught_up', 0, '0', 0, 0, null, null]);
});

test('the service sees every event and the group\'s own totals', async () => {
  const { head, projectors } = await reader().projectors({ scope: 'service', teamId: undefined });
  const s = projectors[0]!.state;
  assert.equal([head, s.pending_events, s.lag_positions, s.handled_total, s.parked_total, s.last_error], [4n, 3, '3', 41, 7, "boom on b's payload"]);
});

test('webhook deliveries: the scope\'s figures from the port, null without the webhooks module', async () => {
  const asked: Array<[Date, string | undefined]> = [];
  const stats: WebhookDeliveryStats = {
    lag: async (since, teamId) => {
      asked.push([since, teamId]);
      return { pending: 2, oldestPendingAt: new Date(NOW.getTime() - 90_500), failedAttempts: 3, failingEndpoints: 1 };
    },
  };
  assert.equal(await reader(stats).webhookDeliveries({ scope: 'team', teamId: 'a' }), {
    pending: 2,
    oldest_pending_seconds: 90.5,
    failed_attempts_in_window: 3,
    window_seconds: 60,
    failing_endpoints: 1,
  });
  assert.equal(asked, [[new Date(NOW.getTime() - 60_000), 'a']]);
  assert.is(await reader().webhookDeliveries({ scope: 'service', teamId: undefined }), null);
});

test.run();

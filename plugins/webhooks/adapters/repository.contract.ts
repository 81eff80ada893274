import type { Test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  ALL,
  at,
  ids,
  page,
  rejection,
  repositorySuite,
  T0,
  TEAM_A as A,
  TEAM_B as B,
  type RepositoryHarness,
} from '../../../kit/testing.js';
import { attemptRow } from '../application/attempt-row.js';
import { pendingDelivery } from '../application/pending-delivery.js';
import type { AttemptRecord, DeliveryRecord, DeliveryRepository, EndpointSlots, WebhookRecord, WebhookRepository } from '../ports.js';

/**
 * What every store's webhook repositories must do, run against each store
 * (memory, PGlite, PostgreSQL when DATABASE_URL is set): the SQL adapters
 * and the memory ones must be indistinguishable to the plugin.
 */
export interface WebhookRepositories {
  readonly webhooks: WebhookRepository;
  readonly deliveries: DeliveryRepository;
}

/** No webhook busy and room for every claim: the per-webhook bound plays no part. */
const OPEN: EndpointSlots = { max: 100, busy: new Map() };

function webhook(id: string, teamId: string, overrides: Partial<WebhookRecord> = {}): WebhookRecord {
  return {
    id,
    teamId,
    url: `https://hooks.example.test/${id}`,
    events: ['account.created', 'transfer.*'],
    description: null,
    secret: `whsec_${id}`,
    previousSecret: null,
    previousSecretUntil: null,
    secretRotatedAt: null,
    active: true,
    disabledReason: null,
    failingSince: null,
    createdAt: T0,
    updatedAt: T0,
    ...overrides,
  };
}

function delivery(id: string, owner: WebhookRecord, eventId: string, seconds: number, overrides: Partial<DeliveryRecord> = {}): DeliveryRecord {
  return { ...pendingDelivery(id, owner, { id: eventId, type: 'account.created' }, `{"id":"${eventId}"}`, at(seconds)), ...overrides };
}

function attempt(id: string, of: DeliveryRecord, number: number, seconds: number): AttemptRecord {
  return attemptRow(id, of, { attempt: number, statusCode: 500, durationMs: 12, error: null, nextRetryAt: at(seconds + 60), state: 'retrying', attemptedAt: at(seconds) });
}

export function webhookRepositoryContract(label: string, harness: RepositoryHarness<WebhookRepositories>): Test {
  const { test, it, run, waitsFor } = repositorySuite(`webhook repositories: ${label}`, harness);
  const w1 = webhook('w1', A);
  const w2 = webhook('w2', A);
  const wb = webhook('wb', B);

  it('webhooks: found, locked, updated and removed only within their team', async (r) => {
    await run(async (tx) => {
      await r.webhooks.insert(tx, w1);
      await r.webhooks.insert(tx, wb);
    });
    await run(async (tx) => {
      assert.equal(await r.webhooks.find(tx, A, 'w1'), w1);
      assert.equal(await r.webhooks.findForUpdate(tx, A, 'w1'), w1);
      assert.is(await r.webhooks.find(tx, B, 'w1'), undefined, "another team's webhook is not there");
      assert.is(await r.webhooks.findForUpdate(tx, B, 'w1'), undefined);
      assert.is(await r.webhooks.find(tx, A, 'missing'), undefined);
      await r.webhooks.update(tx, { ...w1, teamId: B, url: 'https://evil.example.test/' });
      await r.webhooks.remove(tx, B, 'w1');
    });
    assert.equal(await run((tx) => r.webhooks.find(tx, A, 'w1')), w1, "another team's update and delete touch nothing");
    const changed = {
      ...w1,
      events: ['*'],
      description: 'all',
      secret: 'whsec_new',
      previousSecret: w1.secret,
      previousSecretUntil: at(60),
      secretRotatedAt: at(9),
      active: false,
      disabledReason: 'failing',
      failingSince: at(5),
      updatedAt: at(9),
    };
    await run((tx) => r.webhooks.update(tx, changed));
    assert.equal(await run((tx) => r.webhooks.find(tx, A, 'w1')), changed);
    await run((tx) => r.webhooks.remove(tx, A, 'w1'));
    assert.is(await run((tx) => r.webhooks.find(tx, A, 'w1')), undefined);
    assert.equal(await run((tx) => r.webhooks.find(tx, B, 'wb')), wb);
  });

  it('webhooks: findForUpdate holds the row until its unit of work ends', async (r) => {
    await run((tx) => r.webhooks.insert(tx, w1));
    await waitsFor((tx) => r.webhooks.findForUpdate(tx, A, 'w1'), (tx) => r.webhooks.findForUpdate(tx, A, 'w1'));
  });

  it('webhooks: findMany reads several at once, each only within its team, and with lock holds them until its unit of work ends', async (r) => {
    await run(async (tx) => {
      await r.webhooks.insert(tx, w1);
      await r.webhooks.insert(tx, w2);
      await r.webhooks.insert(tx, wb);
    });
    const keys = [{ teamId: A, id: 'w2' }, { teamId: A, id: 'w1' }, { teamId: A, id: 'wb' }, { teamId: A, id: 'missing' }];
    const found = await run((tx) => r.webhooks.findMany(tx, keys));
    assert.equal([...found.entries()].sort(([a], [b]) => a.localeCompare(b)), [['w1', w1], ['w2', w2]], "another team's webhook and a missing one are absent");
    assert.equal(await run((tx) => r.webhooks.findMany(tx, [])), new Map());
    assert.equal(await run((tx) => r.webhooks.findMany(tx, [{ teamId: B, id: 'wb' }], 'lock')), new Map([['wb', wb]]));
    await waitsFor((tx) => r.webhooks.findMany(tx, keys, 'lock'), (tx) => r.webhooks.findForUpdate(tx, A, 'w1'));
  });

  it("webhooks: a team's list is in creation order, paged, with its count; active lists only the active ones", async (r) => {
    await run(async (tx) => {
      await r.webhooks.insert(tx, webhook('w3', A));
      await r.webhooks.insert(tx, webhook('w1', A, { active: false }));
      await r.webhooks.insert(tx, webhook('w2', A));
      await r.webhooks.insert(tx, wb);
    });
    await run(async (tx) => {
      const first = await r.webhooks.list(tx, A, page(1, 2));
      assert.equal([ids(first.items), first.total], [['w3', 'w1'], 3]);
      assert.equal(ids((await r.webhooks.list(tx, A, page(2, 2))).items), ['w2']);
      assert.is(await r.webhooks.count(tx, A), 3);
      assert.is(await r.webhooks.count(tx, 'team-c'), 0);
      assert.equal((await r.webhooks.active(tx, A)).map((row) => row.id), ['w3', 'w2']);
      assert.equal(await r.webhooks.active(tx, B), [wb]);
    });
  });

  it("deliveries: one per webhook and event (a second insert is ignored); a webhook's list is newest first, by status, paged", async (r) => {
    const d1 = delivery('d1', w1, 'e1', 1);
    const d2 = delivery('d2', w1, 'e2', 2, { status: 'succeeded', attempts: 1, nextAttemptAt: null, lastStatusCode: 200, deliveredAt: at(3), updatedAt: at(3) });
    const d3 = delivery('d3', w1, 'e3', 3);
    await run(async (tx) => {
      await r.deliveries.insert(tx, [d1, d2, d3, delivery('d4', w2, 'e1', 4), delivery('d5', wb, 'e9', 5)]);
      await r.deliveries.insert(tx, [delivery('d9', w1, 'e1', 9)]);
    });
    await run(async (tx) => {
      const all = await r.deliveries.list(tx, A, 'w1', undefined, ALL);
      assert.equal([all.items, all.total], [[d3, d2, d1], 3], 'the repeated (w1, e1) is not there; every field as written');
      assert.equal(ids((await r.deliveries.list(tx, A, 'w1', 'pending', ALL)).items), ['d3', 'd1']);
      const second = await r.deliveries.list(tx, A, 'w1', undefined, page(2, 2));
      assert.equal([ids(second.items), second.total], [['d1'], 3]);
      assert.equal(await r.deliveries.list(tx, B, 'w1', undefined, ALL), { items: [], total: 0 }, "another team's webhook id shows nothing");
    });
  });

  it('deliveries: claimDue leases the due pending ones, earliest due first, up to the limit; a leased one is not due again until its lease lapses', async (r) => {
    await run((tx) =>
      r.deliveries.insert(tx, [
        delivery('d1', w1, 'e1', 3),
        delivery('d2', w1, 'e2', 1),
        delivery('d3', wb, 'e3', 2),
        delivery('d4', w1, 'e4', 50),
        delivery('d5', w1, 'e5', 0, { status: 'failed', nextAttemptAt: null }),
      ]),
    );
    const claimed = await run((tx) => r.deliveries.claimDue(tx, at(10), 2, at(40), OPEN));
    assert.equal(claimed, [{ ...delivery('d2', w1, 'e2', 1), nextAttemptAt: at(40) }, { ...delivery('d3', wb, 'e3', 2), nextAttemptAt: at(40) }]);
    assert.equal(ids(await run((tx) => r.deliveries.claimDue(tx, at(10), 10, at(40), OPEN))), ['d1'], 'the leased ones are not due; d4 is not due yet');
    const again = await run((tx) => r.deliveries.claimDue(tx, at(45), 10, at(90), OPEN));
    assert.equal(ids(again).sort(), ['d1', 'd2', 'd3'], 'lapsed leases are due again');
  });

  it('deliveries: claimDue leases per webhook no more than its free slots, and takes the next webhook\'s rows instead', async (r) => {
    await run((tx) =>
      r.deliveries.insert(tx, [
        delivery('d1', w1, 'e1', 1),
        delivery('d2', w1, 'e2', 2),
        delivery('d3', w1, 'e3', 3),
        delivery('d4', wb, 'e4', 4),
        delivery('d5', wb, 'e5', 5),
      ]),
    );
    const first = await run((tx) => r.deliveries.claimDue(tx, at(10), 3, at(40), { max: 2, busy: new Map([[wb.id, 1]]) }));
    assert.equal(ids(first), ['d1', 'd2', 'd4'], 'two of w1 (none busy), one of wb (one of its two slots busy)');
    const none = await run((tx) => r.deliveries.claimDue(tx, at(10), 10, at(40), { max: 2, busy: new Map([[w1.id, 2], [wb.id, 2]]) }));
    assert.equal(none, [], 'every webhook at its bound: nothing is leased');
    assert.equal(ids(await run((tx) => r.deliveries.claimDue(tx, at(10), 10, at(40), OPEN))), ['d3', 'd5'], 'the rows left out were not leased');
  });

  it('deliveries: recordOutcomes writes only under the lease taken and within the team, and says which it wrote', async (r) => {
    await run((tx) => r.deliveries.insert(tx, [delivery('d1', w1, 'e1', 1), delivery('d2', w1, 'e2', 2), delivery('d3', w1, 'e3', 3)]));
    const [d1, d2, d3] = await run((tx) => r.deliveries.claimDue(tx, at(5), 10, at(40), OPEN));
    const done = (claimed: DeliveryRecord): DeliveryRecord => ({ ...claimed, status: 'succeeded', attempts: 1, nextAttemptAt: null, lastStatusCode: 204, deliveredAt: at(6), updatedAt: at(6) });
    const written = await run((tx) =>
      r.deliveries.recordOutcomes(tx, [
        { delivery: done(d1!), leasedUntil: at(40) },
        { delivery: done(d2!), leasedUntil: at(39) },
        { delivery: { ...done(d3!), teamId: B }, leasedUntil: at(40) },
      ]),
    );
    assert.equal([...written], ['d1'], 'a stale lease and the wrong team are not written');
    const stored = new Map((await run((tx) => r.deliveries.list(tx, A, 'w1', undefined, ALL))).items.map((row) => [row.id, row]));
    assert.equal(stored.get('d1'), done(d1!));
    assert.equal(stored.get('d2'), d2);
    assert.equal(stored.get('d3'), d3);
    assert.equal([...(await run((tx) => r.deliveries.recordOutcomes(tx, [{ delivery: done(d1!), leasedUntil: at(40) }])))], [], 'a final delivery is not written again');
  });

  it("deliveries: cancelPending cancels only that webhook's pending ones in that team and returns them as they were", async (r) => {
    const d1 = delivery('d1', w1, 'e1', 1);
    const d2 = delivery('d2', w1, 'e2', 2, { status: 'succeeded', nextAttemptAt: null });
    await run((tx) => r.deliveries.insert(tx, [d1, d2, delivery('d3', w2, 'e3', 3)]));
    assert.equal(await run((tx) => r.deliveries.cancelPending(tx, B, 'w1', at(9), 'nope')), [], 'another team cancels nothing');
    assert.equal(await run((tx) => r.deliveries.cancelPending(tx, A, 'w1', at(9), 'webhook deleted')), [d1]);
    await run(async (tx) => {
      assert.equal((await r.deliveries.list(tx, A, 'w1', undefined, ALL)).items, [d2, { ...d1, status: 'cancelled', nextAttemptAt: null, lastError: 'webhook deleted', updatedAt: at(9) }]);
      assert.equal(ids((await r.deliveries.list(tx, A, 'w2', 'pending', ALL)).items), ['d3']);
    });
  });

  it("attempts: a webhook's history is newest first within the team, paged; removeForWebhook deletes that webhook's deliveries and attempts only", async (r) => {
    const d1 = delivery('d1', w1, 'e1', 1);
    const d2 = delivery('d2', w2, 'e2', 1);
    await run(async (tx) => {
      await r.deliveries.insert(tx, [d1, d2]);
      await r.deliveries.insertAttempts(tx, [attempt('a1', d1, 1, 1), attempt('a2', d1, 2, 2)]);
      await r.deliveries.insertAttempts(tx, [attempt('a3', d1, 3, 3), attempt('a4', d2, 1, 3)]);
    });
    await run(async (tx) => {
      const first = await r.deliveries.attempts(tx, A, 'w1', page(1, 2));
      assert.equal([first.items, first.total], [[attempt('a3', d1, 3, 3), attempt('a2', d1, 2, 2)], 3]);
      assert.equal(ids((await r.deliveries.attempts(tx, A, 'w1', page(2, 2))).items), ['a1']);
      assert.equal(await r.deliveries.attempts(tx, B, 'w1', ALL), { items: [], total: 0 });
      await r.deliveries.removeForWebhook(tx, B, 'w1');
    });
    assert.is((await run((tx) => r.deliveries.attempts(tx, A, 'w1', ALL))).total, 3, "another team's removal touches nothing");
    await run((tx) => r.deliveries.removeForWebhook(tx, A, 'w1'));
    await run(async (tx) => {
      assert.equal(await r.deliveries.list(tx, A, 'w1', undefined, ALL), { items: [], total: 0 });
      assert.equal(await r.deliveries.attempts(tx, A, 'w1', ALL), { items: [], total: 0 });
      assert.equal(ids((await r.deliveries.list(tx, A, 'w2', undefined, ALL)).items), ['d2']);
      assert.equal(ids((await r.deliveries.attempts(tx, A, 'w2', ALL)).items), ['a4']);
    });
    await run((tx) => r.deliveries.insert(tx, [delivery('d9', w1, 'e1', 9)]));
    assert.equal(ids((await run((tx) => r.deliveries.list(tx, A, 'w1', undefined, ALL))).items), ['d9'], 'the (webhook, event) pair is free again');
  });

  it('prune: deletes up to the limit of finished deliveries last changed before the cutoff, oldest first, with their attempts; never a pending one', async (r) => {
    const finished = (id: string, eventId: string, seconds: number) => delivery(id, w1, eventId, 0, { status: 'failed', nextAttemptAt: null, updatedAt: at(seconds) });
    const old1 = finished('d1', 'e1', 1);
    await run(async (tx) => {
      await r.deliveries.insert(tx, [old1, finished('d2', 'e2', 2), finished('d3', 'e3', 3), finished('d4', 'e4', 20), delivery('d5', w1, 'e5', 0)]);
      await r.deliveries.insertAttempts(tx, [attempt('a1', old1, 1, 1)]);
    });
    assert.is(await run((tx) => r.deliveries.prune(tx, at(10), 2)), 2);
    assert.equal(ids((await run((tx) => r.deliveries.list(tx, A, 'w1', undefined, ALL))).items), ['d5', 'd4', 'd3']);
    assert.equal(await run((tx) => r.deliveries.attempts(tx, A, 'w1', ALL)), { items: [], total: 0 }, "a pruned delivery's attempts go with it");
    assert.is(await run((tx) => r.deliveries.prune(tx, at(10), 10)), 1);
    assert.is(await run((tx) => r.deliveries.prune(tx, at(10), 10)), 0);
  });

  it('backlog and failing endpoints: per team only its own, without a team every team\'s', async (r) => {
    const failingB = webhook('wf', B, { failingSince: at(3) });
    const pendingA1 = delivery('d1', w1, 'e1', 10);
    const pendingA2 = delivery('d2', w1, 'e2', 5);
    const doneA = delivery('d3', w1, 'e3', 1, { status: 'succeeded', nextAttemptAt: null, deliveredAt: at(2) });
    const pendingB = delivery('d4', failingB, 'e4', 20);
    await run(async (tx) => {
      for (const w of [w1, wb, failingB]) await r.webhooks.insert(tx, w);
      await r.deliveries.insert(tx, [pendingA1, pendingA2, doneA, pendingB]);
      await r.deliveries.insertAttempts(tx, [
        attempt('a1', pendingA1, 1, 30),
        attempt('a2', pendingB, 1, 31),
        attempt('a3', pendingB, 2, 90),
        { ...attempt('a4', doneA, 1, 95), state: 'succeeded', statusCode: 200, nextRetryAt: null },
        { ...attempt('a5', pendingB, 3, 12), state: 'failed' },
      ]);
    });
    const since = at(30);
    assert.equal(await run((tx) => r.deliveries.backlog(tx, since, A)), { pending: 2, oldestPendingAt: at(5), failedAttempts: 1 });
    assert.equal(await run((tx) => r.deliveries.backlog(tx, since, B)), { pending: 1, oldestPendingAt: at(20), failedAttempts: 2 });
    assert.equal(await run((tx) => r.deliveries.backlog(tx, since)), { pending: 3, oldestPendingAt: at(5), failedAttempts: 3 });
    assert.equal(await run((tx) => r.deliveries.backlog(tx, since, 'team-nobody')), { pending: 0, oldestPendingAt: null, failedAttempts: 0 });
    assert.is(await run((tx) => r.webhooks.countFailing(tx, A)), 0);
    assert.is(await run((tx) => r.webhooks.countFailing(tx, B)), 1);
    assert.is(await run((tx) => r.webhooks.countFailing(tx)), 1);
  });

  it('rollback: a unit of work that fails leaves no webhook, delivery or attempt, and removes none', async (r) => {
    const d1 = delivery('d1', w1, 'e1', 1);
    const failed = await rejection(
      run(async (tx) => {
        await r.webhooks.insert(tx, w1);
        await r.deliveries.insert(tx, [d1]);
        await r.deliveries.insertAttempts(tx, [attempt('a1', d1, 1, 1)]);
        assert.is(await r.webhooks.count(tx, A), 1, 'visible inside its own unit of work');
        throw new Error('boom');
      }),
    );
    assert.is((failed as Error).message, 'boom');
    await run(async (tx) => {
      assert.is(await r.webhooks.find(tx, A, 'w1'), undefined);
      assert.equal(await r.deliveries.list(tx, A, 'w1', undefined, ALL), { items: [], total: 0 });
      assert.equal(await r.deliveries.attempts(tx, A, 'w1', ALL), { items: [], total: 0 });
    });
    await run(async (tx) => {
      await r.deliveries.insert(tx, [d1]);
      await r.deliveries.insertAttempts(tx, [attempt('a1', d1, 1, 1)]);
    });
    assert.equal(ids((await run((tx) => r.deliveries.list(tx, A, 'w1', undefined, ALL))).items), ['d1'], 'the unique pair was rolled back too');
    await rejection(
      run(async (tx) => {
        await r.deliveries.removeForWebhook(tx, A, 'w1');
        throw new Error('boom');
      }),
    );
    assert.equal(ids((await run((tx) => r.deliveries.attempts(tx, A, 'w1', ALL))).items), ['a1'], 'a rolled-back removal leaves the attempts');
    assert.equal(ids((await run((tx) => r.deliveries.list(tx, A, 'w1', undefined, ALL))).items), ['d1']);
  });

  return test;
}

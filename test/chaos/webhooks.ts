import pg from 'pg';
import type { CarefulClient } from './careful-client.js';
import { signedBy, type ChaosWebhookReceiver, type Delivery } from './faults/webhook-receiver.js';
import type { Violation, Worker } from './workload.js';

/**
 * Webhooks under chaos: every team subscribes to every event ("*") at the
 * harness's receiver before its workload starts. The checker, after the
 * faults stop: every event of a team that the fan-out delivers (a webhook
 * type, committed after the subscription) was acknowledged by the
 * receiver at least once within the bound (`webhooks-delivered`), and
 * every request the receiver got, in any mode, carries a valid Standard
 * Webhooks signature under its team's secret (`webhooks-signed`). The
 * expected events come from the events table itself, not from what the
 * service reports of its deliveries.
 */
export interface Subscription {
  readonly team: number;
  readonly teamId: string;
  readonly secret: string;
  readonly createdAt: string;
}

export async function subscribe(workers: readonly Worker[], receiver: ChaosWebhookReceiver, key: () => string): Promise<Subscription[]> {
  const subscriptions: Subscription[] = [];
  for (const worker of workers) {
    const answer = await worker.client.send('POST', '/api/v2/webhooks', { url: receiver.url(worker.index), events: ['*'], description: 'chaos' }, key());
    if (answer.status !== 201) throw new Error(`subscribing: ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`);
    subscriptions.push({ team: worker.index, teamId: worker.teamId, secret: answer.body.data.secret, createdAt: answer.body.data.created_at });
  }
  return subscriptions;
}

/** The event types the fan-out delivers (GET /webhooks/events, `available`). */
async function deliverable(client: CarefulClient): Promise<string[]> {
  const answer = await client.send('GET', '/api/v2/webhooks/events');
  if (answer.status !== 200) throw new Error(`webhook events: ${answer.status}`);
  return (answer.body.data as { events: { name: string; available: boolean }[] }[]).flatMap((group) => group.events.filter((event) => event.available).map((event) => event.name));
}

export async function webhooksDelivered(
  databaseUrl: string,
  client: CarefulClient,
  subscriptions: readonly Subscription[],
  delivered: () => readonly Delivery[],
  received: () => readonly Delivery[],
  boundMs: number,
): Promise<{ violations: Violation[]; expected: number; received: number }> {
  const types = await deliverable(client);
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const expected = new Map<string, number>();
  try {
    for (const subscription of subscriptions) {
      const rows = await db.query('select id from events where team_id = $1 and type = any($2) and occurred_at >= $3', [subscription.teamId, types, subscription.createdAt]);
      for (const row of rows.rows) expected.set(String(row.id), subscription.team);
    }
  } finally {
    await db.end();
  }
  const violations: Violation[] = [];
  const deadline = Date.now() + boundMs;
  let missing: string[] = [];
  for (;;) {
    const seen = new Set(delivered().map((delivery) => `${delivery.team}|${String(delivery.headers['webhook-id'])}`));
    missing = [...expected].filter(([id, team]) => !seen.has(`${team}|${id}`)).map(([id]) => id);
    if (missing.length === 0 || Date.now() >= deadline) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  if (missing.length) violations.push({ checker: 'webhooks-delivered', detail: `${missing.length} of ${expected.size} events never acknowledged by the receiver ${boundMs} ms after the faults stopped, e.g. ${missing.slice(0, 3).join(', ')}` });
  const secrets = new Map(subscriptions.map((subscription) => [subscription.team, subscription.secret]));
  const unsigned = received().filter((delivery) => !signedBy(delivery, secrets.get(delivery.team) ?? ''));
  if (unsigned.length) violations.push({ checker: 'webhooks-signed', detail: `${unsigned.length} of ${received().length} requests without a valid signature of their team's secret` });
  return { violations, expected: expected.size, received: received().length };
}

/**
 * The webhook checkers shown failing: a receiver that lost one acknowledged
 * event (its record dropped) must be flagged as missing an event, and
 * verifying with a secret the service never had must flag every request.
 */
export async function webhookControls(
  databaseUrl: string,
  client: CarefulClient,
  subscriptions: readonly Subscription[],
  receiver: ChaosWebhookReceiver,
): Promise<{ control: string; checker: string; caught: boolean }[]> {
  const caught = (violations: Violation[], checker: string) => violations.some((violation) => violation.checker === checker);
  const dropped = receiver.acknowledged.find((delivery) => subscriptions.some((subscription) => subscription.team === delivery.team));
  const droppedId = dropped ? String(dropped.headers['webhook-id']) : '';
  const lost = await webhooksDelivered(databaseUrl, client, subscriptions, () => receiver.acknowledged.filter((delivery) => String(delivery.headers['webhook-id']) !== droppedId), () => [], 0);
  const wrongSecrets = subscriptions.map((subscription) => ({ ...subscription, secret: `whsec_${Buffer.from('not the secret the service signs with').toString('base64')}` }));
  const forged = await webhooksDelivered(databaseUrl, client, wrongSecrets, () => receiver.acknowledged, () => receiver.all, 0);
  return [
    { control: 'an acknowledged event lost by the receiver', checker: 'webhooks-delivered', caught: droppedId !== '' && caught(lost.violations, 'webhooks-delivered') },
    { control: 'signatures checked with a wrong secret', checker: 'webhooks-signed', caught: caught(forged.violations, 'webhooks-signed') },
  ];
}

import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { ConsumerBackbone } from '../../kernel/events/consumer-backbone.js';
import type { KernelScheduler } from '../../kernel/scheduling/scheduler.js';
import { HttpWebhookTransport } from '../../plugins/webhooks/adapters/http/http-webhook-transport.js';
import type { WebhooksConfig } from '../../plugins/webhooks/config.js';
import { WebhookTransport, type DeliveryAnswer, type DeliveryRequest } from '../../plugins/webhooks/ports.js';
import { EventBackbone } from '../../ports/event-consumers.js';
import { EventStore } from '../../ports/event-store.js';
import { Scheduler } from '../../ports/scheduler.js';
import { deferred, withTimeout } from '../contracts/harness.js';
import { bootTestKernel } from '../fixtures/boot.js';
import { WebhookReceiver } from './webhook-receiver.js';

/**
 * Two kernels (two "server processes") on one PostgreSQL database, both
 * running their backbone loops: the fan-out group and the deliveries are
 * claimed with SKIP LOCKED, so each event reaches each subscription once,
 * and both processes take part in sending. Needs DATABASE_URL; skipped without it.
 */
const test = suite('webhooks: two kernels on one PostgreSQL database');
const databaseUrl = process.env.DATABASE_URL;
const WAIT_MS = 30_000;

/**
 * The real transport, counting this process's sends. Each process's first
 * send waits until the other process has started one too: with one send in
 * flight per process (batch_size 1), the work must be shared, so the test
 * proves both dispatchers deliver instead of hoping the timing spreads it.
 */
class SharedWorkTransport implements WebhookTransport {
  sent = 0;
  readonly #inner = new HttpWebhookTransport({ allow_private: true } as WebhooksConfig);

  constructor(
    private readonly started: () => void,
    private readonly bothStarted: Promise<void>,
  ) {}

  check(url: URL) {
    return this.#inner.check(url);
  }

  async send(request: DeliveryRequest): Promise<DeliveryAnswer> {
    this.sent += 1;
    if (this.sent === 1) {
      this.started();
      await this.bothStarted;
    }
    return this.#inner.send(request);
  }
}

test('each event is delivered once per subscription while both kernels work, and both deliver', async () => {
  const both = deferred();
  let starters = 0;
  const started = () => {
    starters += 1;
    if (starters === 2) both.resolve();
  };
  const transports = [new SharedWorkTransport(started, both.promise), new SharedWorkTransport(started, both.promise)] as const;
  const boot = (seed: string, transport: SharedWorkTransport) =>
    bootTestKernel({
      store: 'postgres',
      seed,
      modules: ['core-banking', 'webhooks'],
      config: { pluginConfig: { webhooks: { allow_private: true, batch_size: 1 } } },
      overrides: [[WebhookTransport, transport]],
    });
  // Both boot (each truncates the database) before either starts its loops: nothing runs while tables are emptied.
  const a = await boot('kernel-a', transports[0]);
  const b = await boot('kernel-b', transports[1]);
  const one = new WebhookReceiver();
  const two = new WebhookReceiver();
  await one.up();
  await two.up();
  try {
    const user = await a.createUser('Twin');
    for (const receiver of [one, two]) {
      const hook = await a.request('POST', '/api/v2/webhooks', { key: user.key, body: { url: receiver.url, events: ['*'] } });
      assert.is(hook.status, 201);
    }
    const account = await a.request('POST', '/api/v2/accounts', { key: user.key, body: { name: 'Main', type: 'personal' } });
    const id = account.body.data.uuid as string;
    // What kernel.start({ background: true }) does after the plugins' start hooks: listen, then run the loops.
    await Promise.all([a, b].map((k) => (k.get(EventBackbone) as ConsumerBackbone).startBackground()));
    for (const k of [a, b]) (k.get(Scheduler) as KernelScheduler).start();
    // Both loops run, so both processes LISTEN for the NOTIFY sent after commits.
    assert.is(a.store.consumers.wakeMode(), 'listen');
    assert.is(b.store.consumers.wakeMode(), 'listen');
    // Half the writes through each kernel, concurrently.
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 === 0 ? a : b).request('POST', `/api/v2/accounts/${id}/deposit`, { key: user.key, body: { amount: `${i + 1}.00`, asset_code: 'USD' } }),
      ),
    );
    const events = (await a.get(EventStore).readAfter(0n, 10_000)).filter((e) => e.teamId === user.teamId);
    assert.is(events.length, 41, 'account.created, and a balance update and a deposit.completed per deposit');
    // The loops deliver on their own (NOTIFY wake-ups); wait for the count, then make sure nothing more comes.
    await withTimeout(WAIT_MS, 'every event at both receivers', () => Promise.all([one.until(events.length), two.until(events.length)]));
    await Promise.all([a.get(EventBackbone).drain(), b.get(EventBackbone).drain()]);
    for (const receiver of [one, two]) {
      const ids = receiver.received.map((r) => r.json.id);
      assert.is(ids.length, events.length, 'no event sent twice');
      assert.equal([...new Set(ids)].sort(), events.map((e) => e.id).sort());
    }
    assert.ok(transports.every((t) => t.sent > 0), `both processes delivered (${transports.map((t) => t.sent).join(' + ')})`);
    assert.is(transports[0].sent + transports[1].sent, 2 * events.length);
  } finally {
    both.resolve();
    await one.down();
    await two.down();
    await b.close();
    await a.close();
  }
});

if (databaseUrl) test.run();
else console.log('webhooks two-kernel test: skipped (set DATABASE_URL to run it)');

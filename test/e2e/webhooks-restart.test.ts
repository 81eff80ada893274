import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { kernelConfigSchema } from '../../config/schema.js';
import { createHttpApi } from '../../adapters/http/http-api.js';
import { httpDeps } from '../../adapters/main/http-deps.js';
import { openService, type Service } from '../../adapters/main/service.js';
import { openStore } from '../../adapters/open-store.js';
import type { StoreBundle } from '../../adapters/store.js';
import { JsonLogger } from '../../adapters/system/json-logger.js';
import { EventBackbone } from '../../ports/event-consumers.js';
import { EventStore } from '../../ports/event-store.js';
import { Ids } from '../../ports/ids.js';
import { OperatorKeys } from '../../ports/operator-keys.js';
import { Random } from '../../ports/random.js';
import { withTimeout } from '../contracts/harness.js';
import { TEST_OPERATOR_KEY } from '../fixtures/boot.js';
import { ManualClock } from '../fixtures/manual-clock.js';
import { SeededIds, SeededRandom } from '../fixtures/seeded.js';
import { verifySignatures, WebhookReceiver } from './webhook-receiver.js';

/**
 * A dispatcher killed mid-delivery (the process gone without a drain) and a
 * new one started on the same database: what was acknowledged stays
 * delivered, what was in flight or not yet sent goes out, under the same
 * webhook-id. Runs on PGlite (or PostgreSQL with BANK_TEST_STORE=postgres).
 */
const test = suite('webhooks: crash and restart');
/** A delivery that never comes fails the test instead of hanging it. */
const RECEIVER_TIMEOUT_MS = 15_000;

interface Booted {
  readonly service: Service;
  readonly clock: ManualClock;
  request(method: string, path: string, key: string, body?: unknown): Promise<{ status: number; body: any }>;
  close(): Promise<void>;
}

/** The store and both kernels share one clock and one id source, as a server's do. */
async function boot(store: StoreBundle, seed: string, clock: ManualClock, ids: Ids): Promise<Booted> {
  const config = kernelConfigSchema.parse({
    environment: 'test',
    store: store.kind,
    dataDir: 'memory://',
    modules: ['core-banking', 'webhooks'],
    http: { rateLimitPerMinute: 0 },
    pluginConfig: { webhooks: { allow_private: true, lease_ms: 30_000 } },
  });
  const service = await openService({
    config,
    store,
    logger: new JsonLogger(process.env.BANK_TEST_LOG ? 'info' : 'silent'),
    clock,
    ids,
    overrides: [[Random, new SeededRandom(seed + ':random')]],
  });
  await service.kernel.start();
  await service.kernel.get(OperatorKeys).ensureOperator(TEST_OPERATOR_KEY);
  const http = createHttpApi(httpDeps(service.kernel, service.store));
  const url = `http://127.0.0.1:${(await http.listen(0, '127.0.0.1')).port}`;
  return {
    service,
    clock,
    async request(method, path, key, body) {
      const response = await fetch(url + path, {
        method,
        headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      return { status: response.status, body: await response.json().catch(() => undefined) };
    },
    async close() {
      await http.close();
      await service.close();
    },
  };
}

test('kill mid-delivery, restart: acknowledged deliveries stay done, the in-flight and the unsent ones go out', async () => {
  const kind = process.env.BANK_TEST_STORE === 'postgres' ? 'postgres' : 'pglite';
  const clock = new ManualClock();
  const ids = new SeededIds('restart:ids');
  const store = await openStore({ kind, dataDir: 'memory://', databaseUrl: process.env.DATABASE_URL, logger: new JsonLogger('silent'), clock, ids });
  await store.init();
  if (kind === 'postgres') await store.truncateAll();
  const receiver = new WebhookReceiver();
  await receiver.up();
  let second: Booted | undefined;
  try {
    const first = await boot(store, 'first', clock, ids);
    const user = await first.request('POST', '/api/v2/admin/users', TEST_OPERATOR_KEY, { name: 'Crash', email: 'crash@example.test' });
    const key = user.body.data.api_key.key as string;
    const hook = await first.request('POST', '/api/v2/webhooks', key, { url: receiver.url, events: ['*'] });
    assert.is(hook.status, 201);
    const account = await first.request('POST', '/api/v2/accounts', key, { name: 'Main', type: 'personal' });
    for (const amount of ['1.00', '2.00', '3.00']) {
      await first.request('POST', `/api/v2/accounts/${account.body.data.uuid}/deposit`, key, { amount, asset_code: 'USD' });
    }
    // The receiver acknowledges every request but the second, which it never answers: the kill lands mid-delivery.
    receiver.respond = (_r, index) => (index === 1 ? 'hang' : { status: 200 });
    const inFlight = first.service.kernel.get(EventBackbone).drain();
    await withTimeout(RECEIVER_TIMEOUT_MS, 'four deliveries before the kill', () => receiver.until(4));
    const acknowledged = receiver.received.filter((_r, index) => index !== 1).map((r) => r.json.id);
    const hung = receiver.received[1]!.json.id;
    // Kill: stop without draining (the in-flight send is abandoned) and keep the database.
    await first.close();
    void inFlight.catch(() => undefined);

    second = await boot(store, 'second', clock, ids);
    await second.request('POST', `/api/v2/accounts/${account.body.data.uuid}/deposit`, key, { amount: '4.00', asset_code: 'USD' });
    receiver.respond = () => ({ status: 200 });
    await second.service.kernel.get(EventBackbone).drain();
    const afterRestart = receiver.received.slice(4).map((r) => r.json.id);
    assert.not.ok(afterRestart.includes(hung), 'the in-flight delivery waits for its lease to lapse');
    clock.advance(31_000);
    await second.service.kernel.get(EventBackbone).drain();

    const events = (await second.service.kernel.get(EventStore).readAfter(0n, 1_000)).filter((e) => e.teamId === user.body.data.user.team_id);
    const counts = new Map<string, number>();
    for (const r of receiver.received) counts.set(r.json.id, (counts.get(r.json.id) ?? 0) + 1);
    assert.equal([...counts.keys()].sort(), events.map((e) => e.id).sort(), 'every event arrived');
    for (const id of acknowledged) assert.is(counts.get(id), 1, 'an acknowledged delivery is not sent again');
    assert.is(counts.get(hung), 2, 'the in-flight one went out again, with the same id');
    assert.ok(receiver.received.every((r) => verifySignatures(r, hook.body.data.secret)));
  } finally {
    await second?.close();
    await receiver.down();
    await store.close();
  }
});

test.run();

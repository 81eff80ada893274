import sinon from 'sinon';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { StoredEvent } from '../../kernel/contract/event.js';
import { EventBackbone } from '../../ports/event-consumers.js';
import { EventStream } from '../../ports/event-stream.js';
import { bootTestKernel, type TestKernel, type TestUser } from '../fixtures/boot.js';
import { WebhookReceiver } from './webhook-receiver.js';

/**
 * GET /metrics over real HTTP on the memory store: counters move with
 * traffic and committed events, only the operator key or the scrape token
 * reads them, labels carry route templates and type names (never ids), and
 * two kernels in one process keep separate series.
 */
const SCRAPE_TOKEN = 'scrape_token_0123456789abcdefghijklmnop';

async function boot(metrics: { enabled: boolean; scrapeToken?: string } = { enabled: true, scrapeToken: SCRAPE_TOKEN }): Promise<TestKernel> {
  return bootTestKernel({ modules: ['core-banking', 'webhooks'], config: { metrics } });
}

async function scrape(k: TestKernel, key = k.operatorKey): Promise<string> {
  const response = await fetch(`${k.url}/metrics`, { headers: { authorization: `Bearer ${key}` } });
  assert.is(response.status, 200);
  assert.match(response.headers.get('content-type') ?? '', /^text\/plain; version=0\.0\.4/);
  return response.text();
}

/** The value of the one series of `name` carrying every given label (undefined when there is none). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels).map(([label, value]) => `${label}="${value}"`);
  const lines = text.split('\n').filter((line) => {
    const series = line.split(' ')[0] ?? '';
    return (series === name || series.startsWith(`${name}{`)) && wanted.every((pair) => series.includes(pair));
  });
  assert.ok(lines.length <= 1, `several series match ${name} ${JSON.stringify(labels)}: ${lines.join(' | ')}`);
  return lines[0] === undefined ? undefined : Number(lines[0].split(' ').at(-1));
}

/** Resolves once `type` is delivered: listeners run in subscription order, so the metrics' listener has counted it by then. */
function delivered(k: TestKernel, type: string): Promise<void> {
  return new Promise((resolve) => {
    const unsubscribe = k.get(EventStream).subscribe((event: StoredEvent) => {
      if (event.type !== type) return;
      unsubscribe();
      resolve();
    });
  });
}

async function openFunded(k: TestKernel, owner: TestUser, amount: string): Promise<string> {
  const account = await k.request('POST', '/api/v2/accounts', { key: owner.key, body: { name: 'Main', type: 'personal' } });
  assert.is(account.status, 201, JSON.stringify(account.body));
  const deposit = await k.request('POST', `/api/v2/accounts/${account.body.data.uuid}/deposit`, { key: owner.key, body: { amount, asset_code: 'USD' } });
  assert.is(deposit.status, 201, JSON.stringify(deposit.body));
  return account.body.data.uuid;
}

const traffic = suite('metrics: what a scrape shows');
let k: TestKernel;
traffic.before(async () => {
  k = await boot();
});
traffic.after(async () => {
  await k?.close();
});

traffic('a deposit and a settled transfer move the HTTP, event, transfer and workflow counters; ids never appear', async () => {
  const before = await scrape(k);
  assert.is(sample(before, 'bank_transfers_total', { status: 'created' }), undefined);
  await k.store.consumers.ensureGroup('metrics-test', k.clock.now());
  const ada = await k.createUser('Ada');
  const completed = delivered(k, 'workflow.completed');
  const from = await openFunded(k, ada, '100.00');
  const to = await openFunded(k, ada, '1.00');
  const transfer = await k.request('POST', '/api/v2/transfers', {
    key: ada.key,
    body: { from_account: from, to_account: to, amount: '10.00', asset_code: 'USD', workflow_enabled: true },
  });
  assert.is(transfer.status, 201, JSON.stringify(transfer.body));
  k.clock.advance(60_000);
  await k.runWorkflows();
  await completed;

  const text = await scrape(k);
  assert.is(sample(text, 'bank_http_requests_total', { method: 'POST', route: '/api/v2/accounts/:id/deposit', status: '201' }), 2);
  assert.is(sample(text, 'bank_http_request_duration_seconds_count', { method: 'POST', route: '/api/v2/accounts/:id/deposit', status: '201' }), 2);
  assert.is(sample(text, 'bank_http_requests_total', { method: 'POST', route: '/api/v2/transfers', status: '201' }), 1);
  assert.is(sample(text, 'bank_http_requests_total', { method: 'GET', route: '/metrics', status: '200' }), 1);
  assert.is(sample(text, 'bank_transfers_total', { status: 'created' }), 1);
  assert.is(sample(text, 'bank_transfers_total', { status: 'completed' }), 1);
  assert.is(sample(text, 'bank_workflow_runs_total', { workflow: 'core-banking.transfer', outcome: 'started' }), 1);
  assert.is(sample(text, 'bank_workflow_runs_total', { workflow: 'core-banking.transfer', outcome: 'completed' }), 1);
  assert.is(sample(text, 'bank_events_total', { type: 'transfer.created' }), 1);
  assert.ok((sample(text, 'bank_events_total', { type: 'account.balance_updated' }) ?? 0) >= 3);
  assert.ok(sample(text, 'process_cpu_user_seconds_total') !== undefined, 'default process metrics');
  assert.ok((sample(text, 'bank_consumer_lag_events', { group: 'metrics-test' }) ?? 0) >= 8, 'every event is still ahead of the new group');
  assert.is(sample(text, 'bank_consumer_parked_events', { group: 'metrics-test' }), 0);
  assert.is(sample(text, 'bank_consumer_failing', { group: 'metrics-test' }), 0);
  for (const id of [from, to, transfer.body.data.uuid, ada.teamId, ada.userId]) assert.not.ok(text.includes(id), `${id} leaked into a label`);
});

traffic('a request no route matches is counted as unmatched, not by its path', async () => {
  const lost = await k.request('GET', '/api/v2/no-such-thing/1234567890');
  assert.is(lost.status, 404);
  const text = await scrape(k);
  assert.ok((sample(text, 'bank_http_requests_total', { method: 'GET', route: 'unmatched', status: '404' }) ?? 0) >= 1);
  assert.not.ok(text.includes('1234567890'));
});

traffic('only the operator key or the scrape token reads the metrics; anything else is refused in the envelope', async () => {
  const ada = await k.createUser('Eve');
  await scrape(k, SCRAPE_TOKEN);
  const refusals: Array<[Record<string, string>, number, string]> = [
    [{}, 401, 'unauthenticated'],
    [{ authorization: 'Basic abc' }, 401, 'invalid_authorization_header'],
    [{ authorization: `Bearer ${SCRAPE_TOKEN}x` }, 401, 'invalid_api_key'],
    [{ authorization: `Bearer ${ada.key}` }, 403, 'insufficient_permission'],
  ];
  for (const [headers, status, code] of refusals) {
    const response = await k.request('GET', '/metrics', { headers });
    assert.is(response.status, status, JSON.stringify(headers));
    assert.is(response.body.errors[0].code, code, JSON.stringify(response.body));
  }
});

traffic('a store failure while collecting is a 503 in the envelope, and the next scrape works again', async () => {
  const checkpoints = sinon.stub(k.store.consumers, 'checkpoints').rejects(new Error('connection lost'));
  try {
    const response = await k.request('GET', '/metrics', { key: k.operatorKey });
    assert.is(response.status, 503);
    assert.is(response.body.errors[0].code, 'service_unavailable');
  } finally {
    checkpoints.restore();
  }
  await scrape(k);
});

const separate = suite('metrics: kernels in one process');

separate('two kernels keep their own series, and a disabled kernel has no /metrics', async () => {
  const first = await boot();
  const second = await boot();
  const off = await boot({ enabled: false });
  try {
    await first.request('GET', '/api/v2/no-such-thing');
    await first.request('GET', '/api/v2/no-such-thing');
    await second.request('GET', '/api/v2/no-such-thing');
    assert.is(sample(await scrape(first), 'bank_http_requests_total', { route: 'unmatched' }), 2);
    assert.is(sample(await scrape(second), 'bank_http_requests_total', { route: 'unmatched' }), 1);
    const missing = await off.request('GET', '/metrics', { key: off.operatorKey });
    assert.is(missing.status, 404);
  } finally {
    await Promise.all([first.close(), second.close(), off.close()]);
  }
});

separate('the database pool shows on PostgreSQL only (memory and PGlite have none)', async () => {
  const memory = await boot();
  try {
    assert.is(sample(await scrape(memory), 'bank_db_pool_connections', { state: 'idle' }), undefined);
  } finally {
    await memory.close();
  }
  if (!process.env.DATABASE_URL) return;
  const postgres = await bootTestKernel({ store: 'postgres', modules: ['core-banking'], config: { metrics: { enabled: true } } });
  try {
    const text = await scrape(postgres);
    assert.ok((sample(text, 'bank_db_pool_connections', { state: 'idle' }) ?? 0) >= 1, 'the boot left idle connections');
    assert.ok(sample(text, 'bank_db_pool_connections', { state: 'in_use' }) !== undefined);
    // Scraping itself queries the store (consumer lag), so the waiting count is whatever it is at that instant.
    assert.ok(Number.isInteger(sample(text, 'bank_db_pool_waiting_requests')));
  } finally {
    await postgres.close();
  }
});

const webhooks = suite('metrics: webhook deliveries');

webhooks('delivery attempts are counted by state once recorded: a 500 retries, the rest succeed', async () => {
  const bank = await bootTestKernel({ modules: ['core-banking', 'webhooks'], config: { metrics: { enabled: true }, pluginConfig: { webhooks: { allow_private: true } } } });
  const receiver = new WebhookReceiver();
  await receiver.up();
  try {
    const ada = await bank.createUser('Ada');
    receiver.respond = (_request, index) => (index === 0 ? { status: 500 } : { status: 200 });
    const hook = await bank.request('POST', '/api/v2/webhooks', { key: ada.key, body: { url: receiver.url, events: ['*'] } });
    assert.is(hook.status, 201, JSON.stringify(hook.body));
    await openFunded(bank, ada, '5.00');
    const drain = () => bank.get(EventBackbone).drain();
    await drain();
    bank.clock.advance(60_000);
    await drain();
    const text = await scrape(bank);
    assert.ok(receiver.received.length >= 3, `${receiver.received.length} requests`);
    assert.is(sample(text, 'bank_webhook_delivery_attempts_total', { state: 'retrying' }), 1);
    assert.is(sample(text, 'bank_webhook_delivery_attempts_total', { state: 'succeeded' }), receiver.received.length - 1);
    assert.not.ok(text.includes(hook.body.data.id), 'no webhook id in a label');
  } finally {
    await receiver.down();
    await bank.close();
  }
});

traffic.run();
separate.run();
webhooks.run();

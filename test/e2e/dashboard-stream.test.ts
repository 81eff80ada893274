import { readFileSync } from 'node:fs';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { FeedOptions } from '../../adapters/dashboard-page/change-feed.js';
import { CHANGES_PATH, createDashboardPage } from '../../adapters/dashboard-page/dashboard-page.js';
import type { HttpExtension } from '../../adapters/edge/http-extension.js';
import { createHttpApi, type HttpApi } from '../../adapters/http/http-api.js';
import { dashboardPage, httpDeps } from '../../adapters/main/http-deps.js';
import { kernelEdge } from '../../adapters/edge/kernel-edge.js';
import { EventStream } from '../../ports/event-stream.js';
import { withTimeout } from '../contracts/harness.js';
import { bootTestKernel, type TestKernel, type TestUser } from '../fixtures/boot.js';
import { jsonRequester } from '../fixtures/json-request.js';
import { ManualTimers } from '../fixtures/manual-timers.js';

/**
 * The dashboard page's change stream over real HTTP on 127.0.0.1: it asks of
 * a key what the JSON routes ask, pushes after a commit (throttled, on timers
 * run by hand), beats, keeps teams apart, and ends at shutdown without
 * holding the server open.
 */
const test = suite('dashboard change stream');
let k: TestKernel;
let ada: TestUser;
let bob: TestUser;

test.before(async () => {
  // Metrics off: each test builds a server of its own over this kernel, and the metrics register once per kernel.
  k = await bootTestKernel({ modules: ['core-banking', 'dashboard'], config: { metrics: { enabled: false } as never } });
  ada = await k.createUser('Ada');
  bob = await k.createUser('Bob');
});
test.after(async () => {
  await k?.close();
});

/** A server of its own over the same kernel, with the stream on hand-run timers (and, if given, another access rule). */
async function server(timers: ManualTimers, access?: 'read', feed: FeedOptions = {}): Promise<{ url: string; http: HttpApi }> {
  const page: HttpExtension = access
    ? createDashboardPage({ authenticator: kernelEdge(k.kernel).authenticator, events: k.get(EventStream), access, timers, feed })
    : dashboardPage(k.kernel, undefined, { timers, feed });
  const deps = httpDeps(k.kernel, k.store);
  const others = (deps.extensions ?? []).filter((extension) => !extension.routes.some((route) => route.owner === 'dashboard-page'));
  const http = createHttpApi({ ...deps, extensions: [...others, page] });
  const { port } = await http.listen(0, '127.0.0.1');
  return { url: `http://127.0.0.1:${port}`, http };
}

interface Message {
  readonly event: string;
  readonly data: any;
}

/** Reads server-sent events from an open stream into a queue as they arrive; next() takes one within a bounded wait. */
function messages(response: Response): { next(): Promise<Message | undefined>; arrived(): Message[]; cancel(): Promise<void> } {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  const queue: Message[] = [];
  let ended = false;
  let wake: (() => void) | undefined;
  void (async () => {
    let buffered = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffered += value;
        let end: number;
        while ((end = buffered.indexOf('\n\n')) >= 0) {
          const block = buffered.slice(0, end);
          buffered = buffered.slice(end + 2);
          const event = /^event: (.+)$/m.exec(block)?.[1];
          if (event) queue.push({ event, data: JSON.parse(/^data: (.+)$/m.exec(block)?.[1] ?? '{}') });
        }
        wake?.();
      }
    } catch {
      // Cancelled by the test.
    }
    ended = true;
    wake?.();
  })();
  return {
    next: () =>
      withTimeout(5_000, 'the next server-sent event', async () => {
        while (queue.length === 0 && !ended) await new Promise<void>((resolve) => (wake = resolve));
        return queue.shift();
      }),
    arrived: () => queue.splice(0),
    cancel: () => reader.cancel(),
  };
}

const open = (url: string, key?: string) => fetch(url + CHANGES_PATH, { headers: key ? { authorization: `Bearer ${key}` } : {} });

async function deposit(user: TestUser): Promise<void> {
  const account = await k.request('POST', '/api/v2/accounts', { key: user.key, body: { name: 'Stream', type: 'personal' } });
  const response = await k.request('POST', `/api/v2/accounts/${account.body.data.uuid}/deposit`, { key: user.key, body: { amount: '5.00', asset_code: 'USD' } });
  assert.is(response.status, 201);
}

const head = async (): Promise<bigint> => BigInt((await k.request('GET', '/api/v1/live-dashboard/projector-lag', { key: k.operatorKey })).body.data.head_position);

test('the stream asks of a key exactly what the JSON routes ask: no key 401, a bad key 401, a team key as the metrics route answers it', async () => {
  const { url, http } = await server(new ManualTimers());
  const request = jsonRequester(url);
  try {
    for (const key of [undefined, 'fak_not_a_real_key_000000000000000000', ada.key, k.operatorKey]) {
      const json = await request('GET', '/api/v1/live-dashboard/metrics', key ? { key } : {});
      const stream = await open(url, key);
      assert.is(stream.status, json.status, `key ${key?.slice(0, 8)}`);
      if (stream.status === 200) {
        assert.match(stream.headers.get('content-type') ?? '', /^text\/event-stream/);
        assert.is(stream.headers.get('cache-control'), 'no-cache, no-transform');
        await stream.body!.cancel();
      } else {
        const body = (await stream.json()) as any;
        assert.is(body.errors[0].status, stream.status, 'an error in the envelope');
      }
    }
    assert.is((await open(url)).status, 401);
    assert.is((await open(url, k.operatorKey).then(async (r) => (await r.body!.cancel(), r.status))), 200);
  } finally {
    await http.close();
  }
});

/**
 * Events reach the live stream a moment after their commit (the event tail
 * reads them from the store), so the pushes that carry them are awaited:
 * each round ends the throttle period by hand and reads what arrived, until
 * `enough` or the bounded wait runs out.
 */
async function changedUntil(stream: ReturnType<typeof messages>, timers: ManualTimers, enough: (events: number) => boolean): Promise<Message[]> {
  const seen: Message[] = [];
  const deadline = Date.now() + 5_000;
  const sum = () => seen.reduce((total, m) => total + (m.event === 'changed' ? m.data.events : 0), 0);
  while (!enough(sum())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for changed pushes; got ${JSON.stringify(seen)}`);
    timers.advance(1_000);
    await new Promise((resolve) => setTimeout(resolve, 10));
    seen.push(...stream.arrived());
  }
  return seen;
}

const changedTotal = (seen: readonly Message[]) => seen.reduce((total, m) => total + (m.event === 'changed' ? m.data.events : 0), 0);

test('a commit is pushed at once; commits within the throttle period follow in one push; heartbeats come on the interval', async () => {
  const timers = new ManualTimers();
  const { url, http } = await server(timers);
  try {
    const stream = messages(await open(url, k.operatorKey));
    assert.equal(await stream.next(), { event: 'ready', data: { heartbeat_ms: 5_000, throttle_ms: 1_000 } });
    const before = await head();
    await deposit(ada);
    // The account's event goes out at once (time stands still here): its deposit falls within the period and waits for it to end.
    assert.equal(await stream.next(), { event: 'changed', data: { events: 1 } });
    await deposit(bob);
    const committed = Number((await head()) - before);
    const pushes = await changedUntil(stream, timers, (events) => 1 + events >= committed);
    assert.is(1 + changedTotal(pushes), committed, 'every committed event counted once');
    // Each round of changedUntil moved a second: pushes come at most once per period.
    assert.ok(pushes.filter((m) => m.event === 'changed').length <= 2);
    timers.advance(5_000);
    let next = await stream.next();
    while (next?.event === 'changed') next = await stream.next();
    assert.equal(next, { event: 'heartbeat', data: {} });
    await stream.cancel();
  } finally {
    await http.close();
  }
});

test("with team keys allowed, a team's stream hears of its own commits only", async () => {
  const timers = new ManualTimers();
  const { url, http } = await server(timers, 'read');
  try {
    const adaStream = messages(await open(url, ada.key));
    assert.is((await adaStream.next())?.event, 'ready');
    const before = await head();
    await deposit(bob);
    const bobEvents = Number((await head()) - before);
    await deposit(ada);
    const adaEvents = Number((await head()) - before) - bobEvents;
    // Ada hears of her two commits' events, and none of Bob's: the sum stops at hers.
    const pushes = await changedUntil(adaStream, timers, (events) => events >= adaEvents);
    assert.is(changedTotal(pushes), adaEvents, `Ada's ${adaEvents} events, none of Bob's ${bobEvents}`);
    // An operator's stream opened now hears of Bob's next commit; Ada's does not.
    const operator = messages(await open(url, k.operatorKey));
    assert.is((await operator.next())?.event, 'ready');
    await deposit(bob);
    await changedUntil(operator, timers, (events) => events >= bobEvents);
    assert.equal(
      adaStream.arrived().filter((m) => m.event === 'changed'),
      [],
      "in the time the operator heard of Bob's commit, Ada heard nothing of it",
    );
    await adaStream.cancel();
    await operator.cancel();
  } finally {
    await http.close();
  }
});

test('past its share of streams a key gets 503 in the envelope, while another key still gets in', async () => {
  const { url, http } = await server(new ManualTimers(), 'read', { maxPerKey: 1 });
  try {
    const first = messages(await open(url, ada.key));
    assert.is((await first.next())?.event, 'ready');
    const second = await open(url, ada.key);
    assert.is(second.status, 503);
    assert.match(((await second.json()) as any).errors[0].detail, /already has 1 live dashboard streams open/);
    const other = messages(await open(url, bob.key));
    assert.is((await other.next())?.event, 'ready');
    await first.cancel();
    await other.cancel();
  } finally {
    await http.close();
  }
});

test('shutdown ends open streams with a closing message, and the server closes without waiting for the clients', async () => {
  const timers = new ManualTimers();
  const { url, http } = await server(timers);
  const streams = [messages(await open(url, k.operatorKey)), messages(await open(url, k.operatorKey))];
  for (const stream of streams) assert.is((await stream.next())?.event, 'ready');
  await withTimeout(5_000, 'server close with open streams', () => http.close());
  for (const stream of streams) {
    assert.is((await stream.next())?.event, 'closing');
    assert.is(await stream.next(), undefined, 'the stream ended');
  }
  assert.is(timers.armed, 0, 'no heartbeat or push left armed');
});

test('the page and its bundle are served by this server, with no CDN and a strict content policy', async () => {
  const page = await k.request('GET', '/dashboard');
  assert.is(page.status, 200);
  assert.match(page.headers.get('content-type') ?? '', /text\/html/);
  assert.not.match(page.body, /https?:\/\//);
  assert.match(page.headers.get('content-security-policy') ?? '', /script-src 'self';/);
  for (const [asset, type] of [['dashboard.js', /text\/javascript/], ['dashboard.css', /text\/css/]] as const) {
    const response = await k.request('GET', `/dashboard/assets/${asset}`);
    assert.is(response.status, 200, asset);
    assert.match(response.headers.get('content-type') ?? '', type);
    assert.ok(String(response.body).length > 1_000, `${asset} is the built bundle`);
  }
  assert.is((await k.request('GET', '/dashboard/assets/other.js')).status, 404);
});

test('the release tarball ships the bundle: package.json "files" takes dist/ and excludes nothing of the page', () => {
  const files: string[] = JSON.parse(readFileSync('package.json', 'utf8')).files;
  assert.ok(files.includes('dist/'));
  // The exclusions are of tests and benches only (dist/test/, dist/bench/, *.test.*): none names the page's files.
  for (const pattern of files.filter((p) => p.startsWith('!'))) assert.match(pattern, /test|bench/, pattern);
  assert.match(JSON.parse(readFileSync('package.json', 'utf8')).scripts.build, /build:dashboard/, 'npm run build (and so npm pack) bundles the page');
});

test('a bank without the dashboard module has no page and no stream', async () => {
  const bare = await bootTestKernel({ modules: ['core-banking'] });
  try {
    assert.is((await bare.request('GET', '/dashboard')).status, 404);
    assert.is((await bare.request('GET', CHANGES_PATH, { key: bare.operatorKey })).status, 404);
  } finally {
    await bare.close();
  }
});

test.run();

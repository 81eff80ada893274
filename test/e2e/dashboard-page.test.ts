import { mkdirSync } from 'node:fs';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, Page } from 'playwright-core';
import { EventBackbone } from '../../ports/event-consumers.js';
import { bootTestKernel, type TestKernel, type TestUser } from '../fixtures/boot.js';
import { launchChromium, requireBrowser } from '../fixtures/headless-chromium.js';

/**
 * The live dashboard page in headless Chromium against a real server on
 * 127.0.0.1: it loads from this server only, shows the figures the API
 * gives, updates after a deposit without a reload (pushed by the change
 * stream), and its Redrive buttons hand parked events back to a healed
 * handler. It writes test-output/dashboard.png for a person to look at.
 */
// Code passed to page.evaluate / waitForFunction runs in the browser.
declare const document: any;
declare const sessionStorage: any;

const test = suite('dashboard page in Chromium');
const SCREENSHOT = 'test-output/dashboard.png';
const POISON = 'test.page-poison';
let k: TestKernel;
let ada: TestUser;
let browser: Browser | undefined;
let page: Page;
/** The poison group's bug, fixed before the operator clicks Redrive. */
let healed = false;
const external: string[] = [];
const consoleErrors: string[] = [];

test.before(async () => {
  k = await bootTestKernel({ modules: ['core-banking', 'dashboard'] });
  ada = await k.createUser('Ada');
  browser = await launchChromium();
  if (!browser) return;
  page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  page.on('request', (request) => {
    if (!request.url().startsWith(k.url)) external.push(request.url());
  });
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
});
test.after(async () => {
  await browser?.close();
  await k?.close();
});

const apiTotal = async (key = k.operatorKey): Promise<number> => (await k.request('GET', '/api/v1/live-dashboard/metrics', { key })).body.data.events.total;

async function deposit(accountId: string, amount: string): Promise<void> {
  const response = await k.request('POST', `/api/v2/accounts/${accountId}/deposit`, { key: ada.key, body: { amount, asset_code: 'USD' } });
  assert.is(response.status, 201);
}

async function newAccount(name: string): Promise<string> {
  const response = await k.request('POST', '/api/v2/accounts', { key: ada.key, body: { name, type: 'personal' } });
  assert.is(response.status, 201);
  return response.body.data.uuid;
}

/** Waits (bounded) for the page's raw events total to be `total`. */
async function pageShowsTotal(total: number): Promise<void> {
  await page.waitForFunction((expected: number) => document.querySelector('[data-figure="events-total"]')?.dataset.value === String(expected), total, { timeout: 10_000 });
}

async function connect(key: string): Promise<void> {
  await page.fill('#api-key', key);
  await page.click('#key-form button[type="submit"]');
}

test('the page loads from this server and shows the figures the API gives', async () => {
  requireBrowser(browser);
  const account = await newAccount('Savings');
  await deposit(account, '10.00');
  await page.goto(`${k.url}/dashboard`);
  assert.is(await page.textContent('h1'), 'Open Bank live dashboard');
  await connect(k.operatorKey);
  await page.waitForSelector('#live[data-state="live"]', { timeout: 10_000 });
  await pageShowsTotal(await apiTotal());
  assert.is(await page.textContent('[data-figure="head-position"]'), (await k.request('GET', '/api/v1/live-dashboard/projector-lag', { key: k.operatorKey })).body.data.head_position);
  // The dashboard's own consumer group is listed with its lag.
  // The consumer groups table lists the groups the API lists.
  const groups = (await k.request('GET', '/api/v1/live-dashboard/projector-lag', { key: k.operatorKey })).body.data.projectors.map((p: any) => p.group);
  assert.equal(await page.$$eval('#groups tbody tr[data-group]', (trs: any[]) => trs.map((tr) => tr.dataset.group)), groups);
  assert.ok(await page.isVisible('#chart-throughput canvas'), 'the throughput chart is drawn');
  assert.ok(await page.isVisible('#chart-latency canvas'), 'the latency chart is drawn');
  assert.match((await page.getAttribute('#chart-throughput', 'aria-label')) ?? '', /^Latest: [0-9.]+ events per second$/, 'a sample is charted');
  assert.equal(await page.evaluate(() => sessionStorage.getItem('open-bank.dashboard.key')), k.operatorKey, 'the key is kept for this tab only');
});

test('a deposit shows on the page without a reload, pushed by the change stream', async () => {
  const before = await apiTotal();
  const pushesBefore = Number((await page.getAttribute('#live', 'data-pushes')) ?? '0');
  const account = await newAccount('Live');
  await deposit(account, '2.50');
  const after = await apiTotal();
  assert.ok(after > before);
  await pageShowsTotal(after);
  const pushes = Number((await page.getAttribute('#live', 'data-pushes')) ?? '0');
  assert.ok(pushes > pushesBefore, `a changed push arrived (${pushesBefore} → ${pushes})`);
  assert.is(await page.evaluate(() => (performance as any).getEntriesByType('navigation').length), 1, 'no reload');
});

test('a parked event shows with a Redrive button; once the handler is fixed, Redrive hands it back and it leaves the list', async () => {
  const backbone = k.get(EventBackbone);
  backbone.register({
    group: POISON,
    handle: async (_tx, event) => {
      if (event.type === 'account.created' && !healed) throw new Error('projector cannot read this account');
    },
  });
  await backbone.drain();
  // Every account.created so far fails five times (backoff by the manual clock), then is parked.
  for (let retry = 0; retry < 10; retry++) {
    k.clock.advance(60_000);
    await backbone.drain();
  }
  const parked = (await k.request('GET', '/api/v1/live-dashboard/stream-status', { key: k.operatorKey })).body.data.parked_recent.filter((p: any) => p.group === POISON);
  assert.ok(parked.length >= 2, `parked: ${JSON.stringify(parked)}`);
  // Parking commits no event: a new deposit's push (or the next heartbeat) brings the page up to date.
  await deposit(await newAccount('Nudge'), '1.00');
  await page.waitForSelector(`#parked tbody tr[data-group="${POISON}"]`, { timeout: 10_000 });
  const rows = await page.$$eval(`#parked tbody tr[data-group="${POISON}"]`, (trs: any[]) => trs.map((tr) => tr.dataset.position));
  assert.ok(rows.length >= parked.length, `${rows} on the page`);
  assert.match((await page.textContent(`#parked tbody tr[data-position="${parked[0].position}"]`)) ?? '', /projector cannot read this account/);
  mkdirSync('test-output', { recursive: true });
  await page.screenshot({ path: SCREENSHOT, fullPage: true });

  healed = true;
  const one = parked[0].position;
  await page.click(`#parked tbody tr[data-position="${one}"] button.redrive`);
  await page.waitForSelector('#redrive-result[data-outcome="handled"]', { timeout: 10_000 });
  assert.match((await page.textContent('#redrive-result')) ?? '', new RegExp(`Re-drove ${POISON.replace('.', '\\.')}: 1 handled, 0 failed`));
  await page.waitForSelector(`#parked tbody tr[data-position="${one}"]`, { state: 'detached', timeout: 10_000 });

  // The rest of the group at once, from its row in the consumer groups table.
  await page.click(`#groups tbody tr[data-group="${POISON}"] button.redrive`);
  await page.waitForSelector(`#parked tbody tr[data-group="${POISON}"]`, { state: 'detached', timeout: 10_000 });
  const left = (await k.request('GET', '/api/v1/live-dashboard/stream-status', { key: k.operatorKey })).body.data.parked_recent.filter((p: any) => p.group === POISON);
  assert.equal(left, []);
});

test('when the service cannot be reached the page says so, and recovers by itself', async () => {
  // Chromium drops the page's new calls (nothing leaves 127.0.0.1); the stream already open still brings the deposit's push.
  await page.route('**/api/**', (route) => route.abort('connectionrefused'));
  const account = await newAccount('Offline');
  await deposit(account, '1.00');
  await page.waitForFunction(() => /cannot be reached/.test(document.querySelector('#error')?.textContent ?? ''), undefined, { timeout: 15_000 });
  await page.unroute('**/api/**');
  await pageShowsTotal(await apiTotal());
  await page.waitForSelector('#error[hidden]', { state: 'attached', timeout: 15_000 });
});

test('a bad key and a team key: the page says what the API says', async () => {
  await connect('fak_not_a_real_key_000000000000000000');
  await page.waitForSelector('#error:not([hidden])', { timeout: 10_000 });
  assert.match((await page.textContent('#error')) ?? '', /401/);
  const teamAnswer = await k.request('GET', '/api/v1/live-dashboard/metrics', { key: ada.key });
  await connect(ada.key);
  if (teamAnswer.status === 403) {
    await page.waitForFunction(() => /403/.test(document.querySelector('#error')?.textContent ?? ''), undefined, { timeout: 10_000 });
  } else {
    assert.is(teamAnswer.status, 200);
    await pageShowsTotal(teamAnswer.body.data.events.total);
    // A team's view: what is not counted per team is a dash, not 0, and the re-drive (the operator's) has no button.
    assert.is(await page.textContent('[data-figure="handled-per-second"]'), '—');
    assert.is(await page.locator('button.redrive').count(), 0);
  }
  await page.click('#forget-key');
  assert.is(await page.evaluate(() => sessionStorage.getItem('open-bank.dashboard.key')), null);
});

test('nothing came from anywhere else, and the browser logged no errors beyond the refused keys', () => {
  assert.equal(external, []);
  // Chromium logs each refused fetch (401/403, and the calls dropped on purpose) as a console error; anything else is a fault of the page.
  assert.equal(consoleErrors.filter((text) => !/status of 40[13]|ERR_CONNECTION_REFUSED/.test(text)), []);
});

test.run();

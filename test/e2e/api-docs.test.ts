import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser } from 'playwright-core';
import { bootTestKernel, type TestKernel } from '../fixtures/boot.js';
import { launchChromium, requireBrowser } from '../fixtures/headless-chromium.js';

/**
 * The API reference page in headless Chromium: swagger-ui from the installed
 * package renders this server's own OpenAPI document, makes no request off
 * 127.0.0.1 (every other request is blocked and recorded), logs no error
 * (a Content-Security-Policy refusal would be one), and a "Try it out" call
 * reaches the API. The test leaves a screenshot for a person to look at.
 */
const SCREENSHOT = fileURLToPath(new URL('../../../test-output/api-docs.png', import.meta.url));
let k: TestKernel;
let browser: Browser | undefined;

test.before(async () => {
  k = await bootTestKernel();
  browser = await launchChromium();
});
test.after(async () => {
  await browser?.close();
  await k?.close();
});

test('GET /api/docs is a page of our own with a strict CSP; its assets come from installed packages', async () => {
  const page = await k.request('GET', '/api/docs');
  assert.is(page.status, 200);
  assert.match(page.headers.get('content-type') ?? '', /^text\/html/);
  const csp = page.headers.get('content-security-policy') ?? '';
  assert.match(csp, /default-src 'none'/);
  assert.match(csp, /script-src 'self';/);
  assert.match(csp, /connect-src 'self';/);
  assert.not.match(page.body, /https?:\/\//);
  for (const [asset, type] of [
    ['api-docs.js', /^text\/javascript/],
    ['swagger-ui.js', /^text\/javascript/],
    ['swagger-ui.css', /^text\/css/],
    ['favicon.png', /^image\/png/],
  ] as const) {
    const res = await k.request('GET', `/api/docs/assets/${asset}`);
    assert.is(res.status, 200, asset);
    assert.match(res.headers.get('content-type') ?? '', type, asset);
  }
  assert.is((await k.request('GET', '/api/docs/assets/nothing.js')).status, 404);
});

test('the reference renders the document in headless Chromium, off-host requests none, console errors none', async () => {
  const page = await requireBrowser(browser).newPage({ viewport: { width: 1280, height: 900 } });
  const offHost: string[] = [];
  const problems: string[] = [];
  await page.route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (url.protocol === 'data:' || url.hostname === '127.0.0.1') return route.continue();
    offHost.push(url.href);
    return route.abort();
  });
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));

  await page.goto(`${k.url}/api/docs`);
  await page.waitForSelector('.swagger-ui .info .title', { timeout: 15_000 });
  assert.match(await page.textContent('.swagger-ui .info .title') ?? '', /Open Bank API/);
  const served = (await k.request('GET', '/api/openapi.json')).body;
  const operations = Object.values(served.paths as Record<string, Record<string, any>>).flatMap((item) => Object.values(item));
  const shown = ['createAccount', 'createTransfer', 'getHealth'].map((id) => operations.find((op) => op.operationId === id));
  const summaries = shown.map((op) => op.summary as string);
  assert.ok(summaries.includes('Open an account'));
  // Tags start collapsed (the document has too many operations to render expanded at once): open those of the operations checked.
  for (const tag of new Set(shown.map((op) => op.tags[0] as string))) await page.locator(`[data-tag="${tag}"]`).first().click();
  for (const summary of summaries) {
    await page.getByText(summary, { exact: true }).first().waitFor({ timeout: 10_000 });
  }
  const tagDescription = served.tags.find((tag: any) => tag.name === 'Core banking').description as string;
  assert.ok(await page.getByText(tagDescription.slice(0, 40)).first().isVisible(), 'the tag description is shown');

  // "Try it out" on GET /api/health reaches this server from the page (connect-src 'self').
  await page.locator('#operations-system-getHealth .opblock-summary').click();
  await page.locator('#operations-system-getHealth .try-out__btn').click();
  await page.locator('#operations-system-getHealth .execute').click();
  const status = page.locator('#operations-system-getHealth .live-responses-table tr.response .response-col_status');
  await status.waitFor({ timeout: 10_000 });
  assert.match((await status.textContent()) ?? '', /^\s*200/);
  await page.locator('#operations-system-getHealth .opblock-summary').click();

  await mkdir(dirname(SCREENSHOT), { recursive: true });
  await page.screenshot({ path: SCREENSHOT, fullPage: true });
  assert.equal(offHost, []);
  assert.equal(problems, []);
  await page.close();
});

test.run();

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser } from 'playwright-core';
import { bootGraphql, data, type GraphqlKernel } from './graphql-kit.js';
import { launchChromium, requireBrowser } from '../fixtures/headless-chromium.js';

/**
 * The playground page in headless Chromium: its assets come from this server
 * (installed packages, no CDN), GraphiQL renders, and a query typed into the
 * editor with an Authorization header runs through the page, and so does a
 * subscription, over graphql-ws, its messages shown as they arrive.
 */
// Code passed to page.evaluate runs in the browser.
declare const document: any;
declare const window: any;

let g: GraphqlKernel;
let browser: Browser | undefined;

test.before(async () => {
  g = await bootGraphql({ modules: ['identity', 'core-banking'] });
  browser = await launchChromium();
});
test.after(async () => {
  await browser?.close();
  await g?.close();
});

test('GET /api/graphql-playground serves its own page and installed assets', async () => {
  const page = await g.request('GET', '/api/graphql-playground');
  assert.is(page.status, 200);
  assert.match(page.headers.get('content-type') ?? '', /text\/html/);
  assert.not.match(page.body, /https?:\/\//);
  for (const asset of ['react.js', 'react-dom.js', 'graphiql.js', 'graphiql.css', 'graphql-ws.js', 'playground.js']) {
    assert.is((await g.request('GET', `/api/graphql-playground/assets/${asset}`)).status, 200, asset);
  }
});

test('a query runs through the page in headless Chromium', async () => {
  const chromium = requireBrowser(browser);
  const ada = await g.createUser('Ada');
  await data(g, 'mutation { createAccount(input: {name: "Playground"}) { id } }', undefined, ada.key);
  const page = await chromium.newPage();
  const external: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith(g.url)) external.push(request.url());
  });
  await page.goto(`${g.url}/api/graphql-playground`);
  await page.waitForSelector('.graphiql-query-editor .CodeMirror', { timeout: 15_000 });
  await page.evaluate((key: string) => {
    const editor = (selector: string) => (document.querySelector(selector) as any).CodeMirror;
    editor('.graphiql-query-editor .CodeMirror').setValue('{ accounts { data { name currency } paginatorInfo { total } } }');
    (window as any).__key = key;
  }, ada.key);
  // Open the headers pane and type the Authorization header into its editor.
  await page.getByText('Headers', { exact: true }).click();
  await page.waitForFunction(() => document.querySelectorAll('.graphiql-editor-tool .CodeMirror').length >= 2, undefined, { timeout: 5_000 });
  await page.evaluate(() => {
    const editors = [...document.querySelectorAll('.graphiql-editor-tool .CodeMirror')] as any[];
    editors[editors.length - 1].CodeMirror.setValue(JSON.stringify({ Authorization: `Bearer ${(window as any).__key}` }));
  });
  await page.click('.graphiql-execute-button');
  await page.waitForFunction(() => /Playground/.test((document.querySelector('.graphiql-response .CodeMirror') as any)?.CodeMirror?.getValue() ?? ''), undefined, { timeout: 10_000 });
  const result = JSON.parse(await page.evaluate(() => (document.querySelector('.graphiql-response .CodeMirror') as any).CodeMirror.getValue()));
  assert.equal(result, { data: { accounts: { data: [{ name: 'Playground', currency: 'USD' }], paginatorInfo: { total: 1 } } } });
  assert.equal(external, []);
  await page.close();
});

test('a subscription runs through the page over graphql-ws: each message shows as it arrives', async () => {
  const chromium = requireBrowser(browser);
  const bea = await g.createUser('Bea');
  const account = (await data(g, 'mutation { createAccount(input: {name: "Live"}) { id } }', undefined, bea.key)).createAccount.id as string;
  const page = await chromium.newPage();
  const external: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith(g.url)) external.push(request.url());
  });
  await page.goto(`${g.url}/api/graphql-playground`);
  await page.waitForSelector('.graphiql-query-editor .CodeMirror', { timeout: 15_000 });
  await page.evaluate(([key, id]: [string, string]) => {
    (document.querySelector('.graphiql-query-editor .CodeMirror') as any).CodeMirror.setValue(`subscription Live { accountUpdated(id: "${id}") { id asset_code available_balance } }`);
    (window as any).__key = key;
  }, [bea.key, account] as [string, string]);
  await page.getByText('Headers', { exact: true }).click();
  await page.waitForFunction(() => document.querySelectorAll('.graphiql-editor-tool .CodeMirror').length >= 2, undefined, { timeout: 5_000 });
  await page.evaluate(() => {
    const editors = [...document.querySelectorAll('.graphiql-editor-tool .CodeMirror')] as any[];
    editors[editors.length - 1].CodeMirror.setValue(JSON.stringify({ Authorization: `Bearer ${(window as any).__key}` }));
  });
  await page.click('.graphiql-execute-button');
  await g.listening(1);
  const deposit = await g.request('POST', `/api/v2/accounts/${account}/deposit`, { key: bea.key, body: { amount: '12.50', asset_code: 'USD' } });
  assert.is(deposit.status, 201, JSON.stringify(deposit.body));
  await page.waitForFunction(() => /12\.50/.test((document.querySelector('.graphiql-response .CodeMirror') as any)?.CodeMirror?.getValue() ?? ''), undefined, { timeout: 10_000 });
  const shown = JSON.parse(await page.evaluate(() => (document.querySelector('.graphiql-response .CodeMirror') as any).CodeMirror.getValue()));
  assert.equal(shown, { data: { accountUpdated: { id: account, asset_code: 'USD', available_balance: '12.50' } } });
  assert.equal(external, [], 'the socket goes to this server only');
  await page.close();
});

test.run();

import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { loadConfig } from './load.js';

const test = suite('config: metrics');
const TOKEN = 'scrape_token_0123456789abcdefghijklmnop';

test('metrics are on by default, without a scrape token (the operator key reads them)', () => {
  assert.equal(loadConfig({ BANK_STORE: 'memory' }).metrics, { enabled: true });
});

test('BANK_METRICS_TOKEN sets the scrape token; a short or spaced one is refused at start', () => {
  assert.is(loadConfig({ BANK_STORE: 'memory', BANK_METRICS_TOKEN: TOKEN }).metrics.scrapeToken, TOKEN);
  assert.throws(() => loadConfig({ BANK_STORE: 'memory', BANK_METRICS_TOKEN: 'short' }), /metrics\.scrapeToken/);
  assert.throws(() => loadConfig({ BANK_STORE: 'memory', BANK_METRICS_TOKEN: `${TOKEN} x` }), /metrics\.scrapeToken/);
});

test.run();

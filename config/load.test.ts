import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { ZodType } from 'zod';
import { envName, kindOf, shapeOf } from './env-settings.js';
import { kernelSettings, loadConfig } from './load.js';
import { kernelConfigSchema } from './schema.js';

const dir = mkdtempSync(join(tmpdir(), 'bank-config-'));
const fileWith = (settings: unknown): string => {
  const path = join(dir, `${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(path, JSON.stringify(settings));
  return path;
};
const failure = (env: Record<string, string>): string => {
  try {
    loadConfig({ BANK_STORE: 'memory', ...env });
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('expected an invalid configuration');
};

test('every leaf key of the kernel schema has a variable, named by the one rule, and no two share one', () => {
  const leaves = (schema: ZodType, path: string[] = []): string[] =>
    Object.entries(shapeOf(schema)).flatMap(([key, child]) => (kindOf(child) === 'object' ? leaves(child, [...path, key]) : [[...path, key].join('.')]));
  const expected = leaves(kernelConfigSchema).filter((path) => path !== 'pluginConfig');
  assert.equal(kernelSettings.map((setting) => setting.path.join('.')), expected);
  assert.is(new Set(kernelSettings.map((setting) => setting.env)).size, kernelSettings.length);
  const byPath = Object.fromEntries(kernelSettings.map((setting) => [setting.path.join('.'), setting.env]));
  assert.is(byPath['http.groupCommit.maxBatch'], 'BANK_HTTP__GROUP_COMMIT__MAX_BATCH');
  assert.is(byPath['postgres.poolSize'], 'BANK_POSTGRES__POOL_SIZE');
  assert.is(byPath['store'], 'BANK_STORE');
  assert.is(byPath['dataDir'], 'BANK_DATA_DIR');
  assert.is(envName(['pluginConfig', 'core-banking', 'settlement_delay_ms']), 'BANK_PLUGIN_CONFIG__CORE_BANKING__SETTLEMENT_DELAY_MS');
});

test('numbers, booleans, lists and JSON are parsed as the schema says', () => {
  const config = loadConfig({
    BANK_STORE: 'memory',
    BANK_HTTP__GROUP_COMMIT__MAX_BATCH: '50',
    BANK_HTTP__CHECK_RESPONSES: 'TRUE',
    BANK_HTTP__TRUST_PROXY: 'loopback, 10.0.0.0/8',
    BANK_MODULES: 'identity, core-banking,',
    BANK_USD_PRICES: '{"USD":"1","EUR":"1.08"}',
    BANK_ASSETS: '[{"code":"USD","name":"US dollar","type":"fiat","precision":2}]',
    BANK_WORKFLOWS__CONCURRENCY: '3',
  });
  assert.is(config.http.groupCommit.maxBatch, 50);
  assert.is(config.http.groupCommit.maxInFlight, 1);
  assert.is(config.http.checkResponses, true);
  assert.is(config.http.trustProxy, 'loopback, 10.0.0.0/8');
  assert.equal(config.modules, ['identity', 'core-banking']);
  assert.equal(config.usdPrices, { USD: '1', EUR: '1.08' });
  assert.equal(config.assets.map((asset) => asset.code), ['USD']);
  assert.is(config.workflows.concurrency, 3);
  assert.is(loadConfig({ BANK_STORE: 'memory', BANK_HTTP__TRUST_PROXY: 'true' }).http.trustProxy, true);
});

test('text that is not of the setting type is an error naming the variable and the key', () => {
  assert.match(failure({ BANK_POSTGRES__POOL_SIZE: 'sixteen' }), 'BANK_POSTGRES__POOL_SIZE (postgres.poolSize): "sixteen" is not a number');
  assert.match(failure({ BANK_HTTP__CHECK_RESPONSES: 'yes' }), 'BANK_HTTP__CHECK_RESPONSES (http.checkResponses): "yes" is not true or false');
  assert.match(failure({ BANK_USD_PRICES: '{USD: 1}' }), 'BANK_USD_PRICES (usdPrices): "{USD: 1}" is not valid JSON');
  // Of the right type but out of range: the schema's message, with the variable.
  assert.match(failure({ BANK_POSTGRES__POOL_SIZE: '0' }), 'postgres.poolSize (BANK_POSTGRES__POOL_SIZE): ');
  assert.match(failure({ BANK_WORKFLOWS__BATCH_SIZE: '1.5' }), 'workflows.batchSize (BANK_WORKFLOWS__BATCH_SIZE): ');
});

test('the environment wins over the file key by key; the file keeps the rest', () => {
  const BANK_CONFIG = fileWith({ store: 'memory', http: { bodyLimitBytes: 1234, groupCommit: { maxBatch: 7, maxInFlight: 2 } }, workflows: { batchSize: 9 } });
  const config = loadConfig({ BANK_CONFIG, BANK_HTTP__GROUP_COMMIT__MAX_BATCH: '8', BANK_WORKFLOWS__POLL_INTERVAL_MS: '50' });
  assert.equal([config.http.bodyLimitBytes, config.http.groupCommit.maxBatch, config.http.groupCommit.maxInFlight], [1234, 8, 2]);
  assert.equal([config.workflows.batchSize, config.workflows.pollIntervalMs], [9, 50]);
  assert.is(loadConfig({ BANK_CONFIG }).http.groupCommit.maxBatch, 7);
  // An empty variable counts as unset.
  assert.is(loadConfig({ BANK_CONFIG, BANK_HTTP__GROUP_COMMIT__MAX_BATCH: '' }).http.groupCommit.maxBatch, 7);
});

test('the older names still work, and the systematic name wins over them', () => {
  const config = loadConfig({ BANK_STORE: 'memory', PORT: '9090', HOST: '127.0.0.1', BANK_ENV: 'test' });
  assert.equal([config.port, config.host, config.environment], [9090, '127.0.0.1', 'test']);
  assert.is(loadConfig({ BANK_STORE: 'memory', PORT: '9090', BANK_PORT: '9191' }).port, 9191);
  assert.is(loadConfig({ BANK_STORE: 'memory', NODE_ENV: 'production' }).environment, 'production');
  assert.is(loadConfig({ BANK_STORE: 'memory' }).environment, 'development');
  assert.is(loadConfig({ DATABASE_URL: 'postgres://x@127.0.0.1/db' }).store, 'postgres');
  assert.is(loadConfig({ BANK_DATABASE_URL: 'postgres://x@127.0.0.1/db' }).store, 'postgres');
  assert.is(loadConfig({}).store, 'pglite');
});

test.after(() => rmSync(dir, { recursive: true, force: true }));

test.run();

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { z } from 'zod';
import type { PluginManifest } from '../contract/plugin.js';
import { resolvePluginConfigs } from './plugin-config.js';

const manifest = {
  name: 'core-banking',
  config: z.strictObject({
    settlement_delay_ms: z.number().int().min(0).default(2_000),
    account_types: z.array(z.string()).default(['checking']),
    fees: z.strictObject({ default: z.strictObject({ bps: z.number().default(10), min: z.number().optional() }).prefault({}) }).prefault({}),
  }),
} as unknown as PluginManifest;

test('a plugin slice is read from BANK_PLUGIN_CONFIG__<PLUGIN>__<KEY>, over the file slice key by key', () => {
  const configs = resolvePluginConfigs([manifest], { 'core-banking': { fees: { default: { min: 3 } }, settlement_delay_ms: 5 } }, {
    BANK_PLUGIN_CONFIG__CORE_BANKING__FEES__DEFAULT__BPS: '25',
    BANK_PLUGIN_CONFIG__CORE_BANKING__ACCOUNT_TYPES: 'checking,savings',
  });
  assert.equal(configs.get('core-banking'), { settlement_delay_ms: 5, account_types: ['checking', 'savings'], fees: { default: { bps: 25, min: 3 } } });
});

test('a bad plugin variable is a boot error naming the variable', () => {
  assert.throws(
    () => resolvePluginConfigs([manifest], {}, { BANK_PLUGIN_CONFIG__CORE_BANKING__SETTLEMENT_DELAY_MS: 'soon' }),
    (error: Error) => error.message.includes('BANK_PLUGIN_CONFIG__CORE_BANKING__SETTLEMENT_DELAY_MS (pluginConfig.core-banking.settlement_delay_ms): "soon" is not a number'),
  );
  assert.throws(
    () => resolvePluginConfigs([manifest], {}, { BANK_PLUGIN_CONFIG__CORE_BANKING__SETTLEMENT_DELAY_MS: '-1' }),
    (error: Error) => error.message.includes('plugins.core-banking.settlement_delay_ms (BANK_PLUGIN_CONFIG__CORE_BANKING__SETTLEMENT_DELAY_MS)'),
  );
});

test('without variables the file slice is used as is', () => {
  assert.equal(resolvePluginConfigs([manifest], { 'core-banking': { settlement_delay_ms: 7 } }).get('core-banking'), {
    settlement_delay_ms: 7,
    account_types: ['checking'],
    fees: { default: { bps: 10 } },
  });
});

test.run();

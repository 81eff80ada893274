import 'reflect-metadata';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { openService } from '../../adapters/main/service.js';
import { JsonLogger } from '../../adapters/system/json-logger.js';
import { loadConfig } from '../../config/load.js';

/** The environment the server passes reaches the enabled plugins' slices, over the file's. */
test('openService reads BANK_PLUGIN_CONFIG__* of the enabled plugins and ignores a disabled one', async () => {
  const env = {
    BANK_STORE: 'memory',
    BANK_MODULES: 'identity,core-banking',
    BANK_PLUGIN_CONFIG__CORE_BANKING__SETTLEMENT_DELAY_MS: '0',
    BANK_PLUGIN_CONFIG__IDENTITY__DEFAULT_PERMISSIONS: 'read',
    BANK_PLUGIN_CONFIG__GCU__TICK_INTERVAL_MS: 'not read: gcu is disabled',
  };
  const service = await openService({ config: loadConfig(env), env, logger: new JsonLogger('silent') });
  try {
    const slice = (name: string) => service.kernel.plugins.find((plugin) => plugin.manifest.name === name)?.config as Record<string, unknown>;
    assert.is(slice('core-banking').settlement_delay_ms, 0);
    assert.equal(slice('identity').default_permissions, ['read']);
  } finally {
    await service.close();
  }
});

test.run();

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { definePlugin, type PluginManifest } from '../contract/plugin.js';
import { BootError } from './boot-error.js';
import { orderPlugins } from './order-plugins.js';

const plugin = (name: string, dependsOn: string[] = []): PluginManifest =>
  definePlugin({ name, version: '1.0.0', kernel: '^2.0.0', description: name, dependsOn, provides: [], requires: [], register: () => undefined });

test('orders dependencies first and breaks ties by name', () => {
  const ordered = orderPlugins([plugin('gcu', ['core-banking']), plugin('webhooks'), plugin('core-banking', ['identity']), plugin('identity')]);
  assert.equal(
    ordered.map((manifest) => manifest.name),
    ['identity', 'core-banking', 'gcu', 'webhooks'],
  );
});

test('refuses a disabled dependency, naming both plugins and the fix', () => {
  try {
    orderPlugins([plugin('gcu', ['core-banking'])]);
    assert.unreachable('should refuse');
  } catch (error) {
    assert.instance(error, BootError);
    assert.match((error as Error).message, "Plugin 'gcu' depends on 'core-banking', which is not enabled");
    assert.match((error as Error).message, 'BANK_MODULES');
  }
});

test('refuses a cycle and prints its path', () => {
  assert.throws(() => orderPlugins([plugin('a', ['b']), plugin('b', ['a'])]), /cycle: a -> b -> a/);
});

test.run();

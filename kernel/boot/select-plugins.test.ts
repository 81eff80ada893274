import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { definePlugin } from '../contract/plugin.js';
import { selectPlugins } from './select-plugins.js';

const manifest = (name: string, kernel = '^2.0.0') =>
  definePlugin({ name, version: '1.0.0', kernel, description: name, dependsOn: [], provides: [], requires: [], register: () => undefined });

test('imports only the enabled built-ins plus the always-enabled ones', async () => {
  const imported: string[] = [];
  const builtins = Object.fromEntries(
    ['identity', 'core-banking', 'gcu'].map((name) => [name, async () => (imported.push(name), { default: manifest(name) })]),
  );
  const selected = await selectPlugins({ builtins, modules: ['core-banking'], alwaysEnabled: ['identity'], packages: [], manifests: [] });
  assert.equal(selected.map((m) => m.name).sort(), ['core-banking', 'identity']);
  assert.equal(imported.sort(), ['core-banking', 'identity'], 'gcu is never imported');
});

test('refuses an unknown module name and lists the known ones', async () => {
  const builtins = { identity: async () => ({ default: manifest('identity') }) };
  try {
    await selectPlugins({ builtins, modules: ['nope'], alwaysEnabled: [], packages: [], manifests: [] });
    assert.unreachable();
  } catch (error) {
    assert.match((error as Error).message, "Unknown module(s) 'nope'");
    assert.match((error as Error).message, 'identity');
  }
});

test('refuses a manifest for an incompatible kernel API', async () => {
  const builtins = { old: async () => ({ default: manifest('old', '^1.0.0') }) };
  try {
    await selectPlugins({ builtins, alwaysEnabled: [], packages: [], manifests: [] });
    assert.unreachable();
  } catch (error) {
    assert.match((error as Error).message, "supports kernel API '^1.0.0'");
  }
});

test('refuses an external package that is not a plugin', async () => {
  try {
    await selectPlugins({ builtins: {}, alwaysEnabled: [], packages: ['node:path'], manifests: [] });
    assert.unreachable();
  } catch (error) {
    assert.match((error as Error).message, "plugin package 'node:path' does not export a plugin manifest");
  }
});

test.run();

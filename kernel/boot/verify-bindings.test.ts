import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { definePlugin, type PluginManifest } from '../contract/plugin.js';
import { token, type Token } from '../contract/token.js';
import { BootError } from './boot-error.js';
import { verifyBindings, type PluginBindings } from './verify-bindings.js';

const Ledger = token<unknown>('test.ledger');
const Clock = token<unknown>('test.clock');
const Prices = token<unknown>('test.prices');

interface Shape {
  readonly dependsOn?: string[];
  readonly provides?: Token<unknown>[];
  readonly contributes?: Token<unknown>[];
  readonly requires?: Token<unknown>[];
  /** What the plugin's register() bound. */
  readonly bound?: unknown[];
  /** What its bindings inject. */
  readonly injects?: unknown[];
}

function loaded(name: string, shape: Shape = {}): PluginBindings {
  const manifest: PluginManifest = definePlugin({
    name,
    version: '1.0.0',
    kernel: '^2.0.0',
    description: name,
    dependsOn: shape.dependsOn ?? [],
    provides: shape.provides ?? [],
    ...(shape.contributes ? { contributes: shape.contributes } : {}),
    requires: shape.requires ?? [],
    register: () => undefined,
  });
  return { manifest, bound: new Set(shape.bound ?? []), injects: new Map((shape.injects ?? []).map((t) => [t, 'Service'])) };
}

function refusal(plugins: PluginBindings[], kernelBound: unknown[] = []): string {
  try {
    verifyBindings(plugins, new Set(kernelBound));
  } catch (error) {
    assert.instance(error, BootError);
    return (error as Error).message;
  }
  throw new Error('expected a BootError');
}

test('a consistent set passes: provides bound, requires met by the kernel or a dependency', () => {
  verifyBindings(
    [
      loaded('core-banking', { provides: [Ledger], bound: [Ledger], requires: [Clock] }),
      loaded('gcu', { dependsOn: ['core-banking'], requires: [Ledger, Clock] }),
    ],
    new Set([Clock]),
  );
});

test('a multi-bound token: every plugin that lists it in contributes binds it, and none of them is refused', () => {
  const History = token<unknown>('test.history');
  verifyBindings([loaded('defi', { contributes: [History], bound: [History] }), loaded('x402', { contributes: [History], bound: [History] })], new Set());
  assert.is(refusal([loaded('defi', { contributes: [History], bound: [] })]), "Plugin 'defi' declares it provides 'test.history' but does not bind it.");
  assert.is(
    refusal([loaded('defi', { contributes: [History], bound: [History] }), loaded('rogue', { bound: [History] })]),
    "Plugin 'rogue' binds 'test.history', to which others contribute: list it in contributes.",
  );
  assert.is(
    refusal([loaded('rogue', { bound: [History] }), loaded('defi', { contributes: [History], bound: [History] })]),
    "Plugin 'defi' contributes to 'test.history', which rogue binds alone (not as a contribution).",
  );
});

test('a required token nobody binds: "requires X: no enabled plugin…", naming the plugin and the fix', () => {
  const message = refusal([loaded('gcu', { requires: [Prices] })], [Clock]);
  assert.is(
    message,
    "Plugin 'gcu' requires 'test.prices': no enabled plugin or adapter provides it. Enable the plugin that provides it or disable 'gcu'.",
  );
});

test('a required token bound by a plugin not in dependsOn names that plugin', () => {
  const message = refusal([loaded('core-banking', { provides: [Ledger], bound: [Ledger] }), loaded('gcu', { requires: [Ledger] })]);
  assert.is(message, "Plugin 'gcu' requires 'test.ledger': 'core-banking' binds it, but 'gcu' does not list 'core-banking' in dependsOn.");
});

test('a dependency of a dependency counts as reachable', () => {
  verifyBindings(
    [
      loaded('core-banking', { provides: [Ledger], bound: [Ledger] }),
      loaded('exchange', { dependsOn: ['core-banking'] }),
      loaded('gcu', { dependsOn: ['exchange'], requires: [Ledger] }),
    ],
    new Set(),
  );
});

test('a declared provide that register() did not bind: "declares it provides … but does not bind it"', () => {
  const message = refusal([loaded('core-banking', { provides: [Ledger, Prices], bound: [Ledger] })]);
  assert.is(message, "Plugin 'core-banking' declares it provides 'test.prices' but does not bind it.");
});

test('a token bound twice names both binders (another plugin, or the kernel)', () => {
  assert.is(
    refusal([loaded('a', { bound: [Ledger] }), loaded('b', { bound: [Ledger] })]),
    "Plugin 'b' binds 'test.ledger', already bound by a.",
  );
  assert.is(refusal([loaded('a', { bound: [Clock] })], [Clock]), "Plugin 'a' binds 'test.clock', already bound by the kernel.");
});

test("every injected token is the plugin's own, in its requires, or provided by a plugin in dependsOn", () => {
  const Own = token<unknown>('test.own');
  verifyBindings(
    [
      loaded('core-banking', { provides: [Ledger], bound: [Ledger] }),
      loaded('gcu', { dependsOn: ['core-banking'], requires: [Clock], bound: [Own], injects: [Own, Clock, Ledger] }),
    ],
    new Set([Clock]),
  );
});

test('an injected token missing from requires is refused, even when the kernel binds it', () => {
  assert.is(
    refusal([loaded('dashboard', { requires: [Clock], injects: [Clock, Prices] })], [Clock, Prices]),
    "Plugin 'dashboard' injects 'test.prices' (into Service) but does not list it in requires. " +
      'Add it to requires, or to provides of the plugin in dependsOn that binds it.',
  );
});

test("another plugin's token that it binds but does not provide is refused", () => {
  const message = refusal([
    loaded('core-banking', { bound: [Ledger] }),
    loaded('gcu', { dependsOn: ['core-banking'], injects: [Ledger] }),
  ]);
  assert.match(message, "Plugin 'gcu' injects 'test.ledger'");
});

test.run();

import { inject, injectable } from 'inversify';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { definePlugin, type PluginManifest } from '../../kernel/contract/plugin.js';
import { token } from '../../kernel/contract/token.js';
import { Clock } from '../../ports/clock.js';
import { EventRegistry } from '../../ports/event-registry.js';
import { bootTestKernel } from '../fixtures/boot.js';

/**
 * A plugin's `requires` is checked against what its classes inject when the
 * kernel boots, so a partner's manifest cannot drift from its code: a
 * missing entry is a boot error naming the plugin, the token and the class.
 */
const Probe = token<EventProbe>('probe.events');

@injectable()
class EventProbe {
  constructor(
    @inject(EventRegistry) readonly registry: EventRegistry,
    @inject(Clock) readonly clock: Clock,
  ) {}
}

const probe = (requires: PluginManifest['requires']) =>
  definePlugin({
    name: 'probe',
    version: '1.0.0',
    kernel: '^2.0.0',
    description: 'injects the event registry',
    dependsOn: [],
    provides: [],
    requires,
    register(bind) {
      bind(Probe).to(EventProbe);
    },
  });

test('a manifest that leaves an injected kernel token out of requires is refused at boot, naming plugin, token and class', async () => {
  try {
    const k = await bootTestKernel({ modules: ['identity'], plugins: [probe([Clock])], listen: false });
    await k.close();
    assert.unreachable('should have refused');
  } catch (error) {
    assert.is(
      (error as Error).message,
      "Plugin 'probe' injects 'kernel.event-registry' (into EventProbe) but does not list it in requires. " +
        'Add it to requires, or to provides of the plugin in dependsOn that binds it.',
    );
  }
});

test('the same plugin with the token in requires boots and gets the one registry', async () => {
  const k = await bootTestKernel({ modules: ['identity'], plugins: [probe([Clock, EventRegistry])], listen: false });
  try {
    assert.ok(k.get(Probe).registry.list().length > 0, 'the kernel registers its workflow events');
    assert.is(k.get(Probe).registry, k.get(EventRegistry));
  } finally {
    await k.close();
  }
});

test.run();

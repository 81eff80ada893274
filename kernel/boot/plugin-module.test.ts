import 'reflect-metadata';
import { Container, inject, injectable, LazyServiceIdentifier, optional } from 'inversify';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { definePlugin, type PluginManifest } from '../contract/plugin.js';
import { token } from '../contract/token.js';
import { BootError } from './boot-error.js';
import { pluginModule, type RecordedBindings } from './plugin-module.js';

const Clock = token<unknown>('test.clock');
const Ids = token<unknown>('test.ids');
const Prices = token<unknown>('test.prices');
const Ledger = token<unknown>('test.ledger');
const Random = token<unknown>('test.random');
const Config = token<unknown>('test.config');
const Alias = token<unknown>('test.alias');
const Service = token<unknown>('test.service');
const Value = token<unknown>('test.value');

@injectable()
class Helper {
  constructor(@inject(Clock) readonly clock: unknown) {}
}

@injectable()
class Operation {
  @inject(new LazyServiceIdentifier(() => Ledger)) readonly ledger!: unknown;
  constructor(
    @inject(Helper) readonly helper: Helper,
    @inject(Ids) readonly ids: unknown,
    @inject(Random) @optional() readonly random: unknown,
  ) {}
}

class NotInjectable {
  constructor(readonly clock: unknown) {}
}

function load(register: PluginManifest['register']): RecordedBindings {
  const manifest = definePlugin({ name: 'probe', version: '1.0.0', kernel: '^2.0.0', description: 'probe', dependsOn: [], provides: [], requires: [], register });
  const recorded: RecordedBindings = { bound: new Set(), injects: new Map() };
  new Container().load(pluginModule(manifest, { name: 'probe', config: undefined, store: 'memory', logger: console }, recorded));
  return recorded;
}

test('records what each binding injects: class metadata for to/toSelf, the listed tokens of toResolvedValue, the target of toService', () => {
  const recorded = load((bind) => {
    bind(Helper).toSelf();
    bind(Service).to(Operation);
    bind(Value).toResolvedValue((prices: unknown, config: object | undefined) => ({ prices, config }), [Prices, { serviceIdentifier: Config, optional: true }]);
    bind(Alias).toService(Service);
    bind(Config).toConstantValue({});
  });
  assert.equal([...recorded.bound], [Helper, Service, Value, Alias, Config]);
  assert.equal([...recorded.injects], [
    [Clock, 'Helper'],
    [Helper, 'Operation'],
    [Ids, 'Operation'],
    [Ledger, 'Operation'],
    [Prices, "the resolved value bound to 'test.value'"],
    [Service, "the alias 'test.alias'"],
  ]);
});

test('a class that inversify could not construct is refused at boot, naming the plugin and the class', () => {
  try {
    load((bind) => bind(Service).to(NotInjectable as never));
    assert.unreachable('should have refused');
  } catch (error) {
    assert.instance(error, BootError);
    assert.match((error as Error).message, "Plugin 'probe' binds class NotInjectable, which cannot be injected");
  }
});

test.run();

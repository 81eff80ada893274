import { test } from 'uvu';
import * as assert from 'uvu/assert';
import * as api from './public.js';

test('the plugin API exposes the contract, money, errors and the cross-plugin port tokens', () => {
  for (const name of ['definePlugin', 'route', 'command', 'eventType', 'defineWorkflow', 'token', 'parseDecimal', 'formatMinor', 'ValidationError', 'NotFoundError', 'StepFailure', 'Page']) {
    assert.ok(name in api, `${name} missing from kernel/public.ts`);
  }
});

test('port tokens are Symbol.for("bank:<id>"), so a partner copy of the contract meets the same bindings', () => {
  assert.is(api.Ledger, Symbol.for('bank:core-banking.ledger'));
  assert.is(api.UnitOfWork, Symbol.for('bank:kernel.unit-of-work'));
  assert.is(api.Clock, Symbol.for('bank:kernel.clock'));
  assert.is(api.Ids, Symbol.for('bank:kernel.ids'));
  assert.is(api.Scheduler, Symbol.for('bank:kernel.scheduler'));
  assert.is(api.token('acme.thing'), Symbol.for('bank:acme.thing'));
});

test.run();

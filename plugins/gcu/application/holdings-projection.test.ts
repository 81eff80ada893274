import sinon from 'sinon';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ServiceBusyError } from '../../../kernel/errors/errors.js';
import type { AssetCatalog } from '../../../ports/asset-catalog.js';
import type { ConsumerStore } from '../../../ports/event-consumers.js';
import type { GcuConfig } from '../config.js';
import type { GcuRepository } from '../ports.js';
import { HoldingsProjection } from './holdings-projection.js';

const clock = { now: () => new Date('2026-01-01T00:00:00Z') };

test('a projection claimed elsewhere for all its retries answers 503 holdings_busy with a retry hint, not a bare error', async () => {
  const timers = sinon.useFakeTimers({ toFake: ['setTimeout'] });
  try {
    const claim = sinon.fake.resolves({ claimed: false });
    const consumers = { ensureGroup: sinon.fake.resolves(undefined), claim } as unknown as ConsumerStore;
    const projection = new HoldingsProjection(consumers, {} as GcuRepository, { basket_code: 'GCU' } as GcuConfig, {} as AssetCatalog, clock);
    const outcome = projection.catchUp().then(
      () => undefined,
      (error: unknown) => error,
    );
    await timers.tickAsync(5_000);
    const error = await outcome;
    assert.instance(error, ServiceBusyError);
    const busy = error as ServiceBusyError;
    assert.equal([busy.status, busy.code, busy.retryAfterSeconds], [503, 'holdings_busy', 1]);
    assert.is(claim.callCount, 200);
  } finally {
    timers.restore();
  }
});

test.run();

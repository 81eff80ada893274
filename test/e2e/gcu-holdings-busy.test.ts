import sinon from 'sinon';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ConsumerStore } from '../../ports/event-consumers.js';
import { bootTestKernel, type TestKernel } from '../fixtures/boot.js';
import { codes } from './gcu-helpers.js';

/**
 * A vote first brings the holdings projection up to date. When another
 * process keeps the projection claimed for all of its ~1 s of retries, the
 * vote is answered 503 with Retry-After, never a 500, and nothing changes.
 */
const test = suite('gcu vote while the holdings projection is busy');
let k: TestKernel;

test.before(async () => {
  k = await bootTestKernel({ modules: ['identity', 'core-banking', 'gcu'], config: { pluginConfig: { gcu: { tick_interval_ms: 0 } } } as any });
});
test.after(async () => {
  sinon.restore();
  await k?.close();
});

test('503 holdings_busy with Retry-After: 1', async () => {
  const ada = await k.createUser('Ada');
  sinon.stub(k.get(ConsumerStore), 'claim').resolves({ claimed: false });
  const response = await k.request('POST', '/api/v2/gcu/voting/proposals/any/vote', { key: ada.key, body: { vote: 'for' } });
  assert.is(response.status, 503, JSON.stringify(response.body));
  assert.equal(codes(response.body), ['holdings_busy']);
  assert.is(response.headers.get('retry-after'), '1');
  sinon.restore();
  assert.is((await k.request('POST', '/api/v2/gcu/voting/proposals/any/vote', { key: ada.key, body: { vote: 'for' } })).status, 404, 'once free, the same request is answered');
});

test.run();

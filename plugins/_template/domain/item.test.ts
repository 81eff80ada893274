import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ValidationError } from '../../../kernel/public.js';
import { canActivate, checkExpiry, isDueToExpire, type ItemRecord } from './item.js';

const now = new Date('2026-06-01T12:00:00.000Z');
const item = (overrides: Partial<ItemRecord>): ItemRecord => ({
  id: 'i', teamId: 't', title: 'x', status: 'active', expiresAt: null, createdAt: now, updatedAt: now, ...overrides,
});

test('an expiry must be in the future', () => {
  assert.throws(() => checkExpiry(now, now), (error: unknown) => error instanceof ValidationError && error.source?.pointer === '/expires_at');
  checkExpiry(new Date(now.getTime() + 1), now);
  checkExpiry(null, now);
});

test('only pending items activate', () => {
  assert.ok(canActivate(item({ status: 'pending' })));
  assert.not.ok(canActivate(item({ status: 'active' })));
  assert.not.ok(canActivate(item({ status: 'expired' })));
});

test('an active item is due once its expiry is reached', () => {
  assert.ok(isDueToExpire(item({ expiresAt: now }), now));
  assert.not.ok(isDueToExpire(item({ expiresAt: new Date(now.getTime() + 1) }), now));
  assert.not.ok(isDueToExpire(item({ status: 'pending', expiresAt: now }), now));
  assert.not.ok(isDueToExpire(item({ expiresAt: null }), now));
});

test.run();

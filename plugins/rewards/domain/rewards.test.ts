import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { AppError } from '../../../kernel/public.js';
import { counted, enrolled, earned, optedOut, period, pointsBetween, redeemed, type QuestRecord } from './rewards.js';

const T0 = new Date('2026-03-31T23:59:59Z');
const code = (work: () => unknown) => {
  try {
    work();
  } catch (error) {
    return (error as AppError).code;
  }
  return 'no error';
};

test('points are per whole unit of cumulative spend: partial captures earn what one whole capture would', () => {
  assert.is(pointsBetween(0n, 12_599n, 1, 2), 125n);
  const parts = pointsBetween(0n, 4_050n, 1, 2) + pointsBetween(4_050n, 8_100n, 1, 2) + pointsBetween(8_100n, 12_599n, 1, 2);
  assert.is(parts, 125n);
  assert.is(pointsBetween(0n, 150_000_000n, 3, 8), 4n, '1.5 BTC at 3 points per unit');
});

test('a quest completes once, at the event that reaches its target; the month is UTC', () => {
  const quest: QuestRecord = { id: 'q', name: 'Five', event: 'card_capture', target: 2, bonusPoints: 50n, createdAt: T0 };
  const first = counted({ teamId: 't', questId: 'q', period: period(T0), count: 0, completedAt: null }, quest, T0);
  assert.equal([first.next.count, first.completes], [1, false]);
  const second = counted(first.next, quest, T0);
  assert.equal([second.completes, second.next.completedAt], [true, T0]);
  assert.is(counted(second.next, quest, T0).completes, false);
  assert.is(period(T0), '2026-03');
  assert.is(period(new Date('2026-04-01T00:00:00Z')), '2026-04');
});

test('a profile opts in and out; redemption needs the minimum and the points', () => {
  const profile = earned(enrolled(undefined, 't', T0), 150n, T0);
  assert.equal([profile.points, profile.lifetimePoints], [150n, 150n]);
  assert.is(code(() => enrolled(profile, 't', T0)), 'rewards_enrolled');
  assert.is(optedOut(profile, T0).status, 'opted_out');
  assert.is(code(() => optedOut(optedOut(profile, T0), T0)), 'rewards_opted_out');
  assert.is(code(() => redeemed(profile, 99n, 100n, T0)), 'below_minimum_redemption');
  assert.is(code(() => redeemed(profile, 151n, 100n, T0)), 'insufficient_points');
  const after = redeemed(profile, 100n, 100n, T0);
  assert.equal([after.points, after.lifetimePoints], [50n, 150n]);
});

test.run();

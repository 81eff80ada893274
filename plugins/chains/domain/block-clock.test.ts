import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { blockTime, finalizedAt, headAt, inclusionBlock, inclusionStatus, type BlockTiming } from './block-clock.js';

const EPOCH = Date.parse('2026-01-01T00:00:00.000Z');
/** Ethereum's shape: 12 s blocks, final after 768 s (two epochs). */
const timing: BlockTiming = { epochMs: EPOCH, blockTimeMs: 12_000, finalitySeconds: 768 };
const at = (seconds: number) => new Date(EPOCH + seconds * 1000);

test('the head is the number of whole block times since the epoch, 0 before it', () => {
  assert.is(headAt(timing, at(-60)), 0n);
  assert.is(headAt(timing, at(0)), 0n);
  assert.is(headAt(timing, at(11.999)), 0n);
  assert.is(headAt(timing, at(12)), 1n);
  assert.is(headAt(timing, at(86_400)), 7_200n);
  assert.equal(blockTime(timing, 7_200n), at(86_400));
});

test('a transaction lands in the block after the head at its submission', () => {
  assert.is(inclusionBlock(timing, at(30)), 3n);
  assert.ok(blockTime(timing, inclusionBlock(timing, at(30))) > at(30));
});

test('pending until its block, confirmed with growing confirmations, finalized after the finality time', () => {
  const block = inclusionBlock(timing, at(30)); // block 3, produced at 36 s
  assert.equal(inclusionStatus(timing, block, at(35)), { status: 'pending', confirmations: 0n });
  assert.equal(inclusionStatus(timing, block, at(36)), { status: 'confirmed', confirmations: 1n });
  assert.equal(inclusionStatus(timing, block, at(36 + 120)), { status: 'confirmed', confirmations: 11n });
  assert.equal(inclusionStatus(timing, block, at(36 + 767)).status, 'confirmed');
  assert.equal(inclusionStatus(timing, block, at(36 + 768)), { status: 'finalized', confirmations: 65n });
  assert.is(finalizedAt(timing, at(36 + 768)), 3n);
});

test.run();

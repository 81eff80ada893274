import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseRate } from '../../../kernel/money/rate.js';
import { toDecimal } from '../domain/fraction.js';
import type { BasketRecord, BasketVersion, PricePoint } from '../ports.js';
import { samplesFrom, versionAt } from './valuation.js';

const at = (iso: string) => new Date(iso);
const v = (version: number, effective: string, usd: bigint, eur: bigint): BasketVersion => ({
  code: 'GCU',
  version,
  effectiveAt: at(effective),
  weights: new Map(),
  quantities: new Map([
    ['USD', usd],
    ['EUR', eur],
  ]),
  unitValueUsd: '0',
  proposalId: null,
});
const E18 = 10n ** 18n;
const versions = [v(1, '2026-01-01T00:00:00Z', E18 / 2n, E18 / 2n), v(2, '2026-02-01T00:00:00Z', E18, 0n)];
const basket = { code: 'GCU', quantities: versions[1]!.quantities } as unknown as BasketRecord;
const p = (asset: string, iso: string, usd: string): PricePoint => ({ assetCode: asset, at: at(iso), usd: parseRate(usd) });

test('each sample is valued with the version in force at its time', () => {
  const points = [
    p('USD', '2026-01-31T23:00:00Z', '1'),
    p('EUR', '2026-01-31T23:00:00Z', '1.2'),
    p('USD', '2026-02-01T00:00:00Z', '1'),
    p('EUR', '2026-02-01T00:00:00Z', '1.2'),
  ];
  const samples = samplesFrom(points, versions, basket);
  assert.equal(samples.map((s) => toDecimal(s.value, 4)), ['1.1000', '1.0000']);
});

test('a sample needs every component priced; missing ones carry forward', () => {
  const points = [p('USD', '2026-01-10T00:00:00Z', '1'), p('EUR', '2026-01-10T01:00:00Z', '1.1'), p('USD', '2026-01-10T02:00:00Z', '1')];
  const samples = samplesFrom(points, versions, basket);
  assert.equal(samples.map((s) => s.at.toISOString()), ['2026-01-10T01:00:00.000Z', '2026-01-10T02:00:00.000Z']);
  assert.equal(samples.map((s) => toDecimal(s.value, 4)), ['1.0500', '1.0500']);
});

test('versionAt: newest effective at or before, the first before any', () => {
  assert.is(versionAt(versions, at('2025-12-01T00:00:00Z'))!.version, 1);
  assert.is(versionAt(versions, at('2026-01-31T23:59:59Z'))!.version, 1);
  assert.is(versionAt(versions, at('2026-02-01T00:00:00Z'))!.version, 2);
});

test.run();

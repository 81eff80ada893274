import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { DateScalar, DateTimeScalar, liveMessages } from './graphql.js';

test('Date is Y-m-d and DateTime is Y-m-d H:i:s, both UTC', () => {
  assert.is(DateScalar.serialize(new Date('2026-11-22T23:59:59.999Z')), '2026-11-22');
  assert.is(DateTimeScalar.serialize('2026-11-22T14:05:09.123Z'), '2026-11-22 14:05:09');
  assert.equal(DateScalar.parseValue('2026-02-28'), new Date('2026-02-28T00:00:00Z'));
  assert.equal(DateTimeScalar.parseValue('2026-02-28 23:01:02'), new Date('2026-02-28T23:01:02Z'));
});

test('impossible or malformed values are refused with the expected shape', () => {
  assert.throws(() => DateScalar.parseValue('2026-02-30'), /not a real calendar date/);
  assert.throws(() => DateScalar.parseValue('2026-2-3'), /Y-m-d/);
  assert.throws(() => DateTimeScalar.parseValue('2026-02-03T10:00:00Z'), /Y-m-d H:i:s/);
  assert.throws(() => DateTimeScalar.parseValue('2026-02-03 24:00:00'), /not a real calendar time/);
  assert.throws(() => DateTimeScalar.serialize('yesterday'), /cannot represent/);
});

test('inputs outside 1970–9999 are refused, however the year is written', () => {
  assert.throws(() => DateScalar.parseValue('1969-12-31'), /must lie between 1970/);
  // Date.UTC reads years 0–99 as 1900–1999: they are not rolled over either.
  for (const text of ['0000-01-01', '0099-12-31']) assert.throws(() => DateScalar.parseValue(text), /not a real calendar date/, text);
  assert.throws(() => DateTimeScalar.parseValue('1969-12-31 23:59:59'), /must lie between 1970/);
  assert.equal(DateScalar.parseValue('9999-12-31'), new Date('9999-12-31T00:00:00Z'));
  assert.equal(DateTimeScalar.parseValue('1970-01-01 00:00:00'), new Date(0));
});

test('liveMessages ends at once when the subscriber leaves, even while waiting for an event', async () => {
  let returned = false;
  const source: AsyncIterable<number> = {
    [Symbol.asyncIterator]: () => {
      let release: (r: IteratorResult<number>) => void = () => undefined;
      return {
        next: () => new Promise<IteratorResult<number>>((resolve) => (release = resolve)),
        return: async () => {
          returned = true;
          release({ value: undefined, done: true });
          return { value: undefined, done: true };
        },
      };
    },
  };
  const iterator = liveMessages(source, (n: number) => ({ messages: [n] }))[Symbol.asyncIterator]();
  const pending = iterator.next();
  await iterator.return!();
  assert.ok(returned);
  assert.equal(await pending, { value: undefined, done: true });
});

test.run();

test('DateTime writes an ISO instant the same whether read from its text or through a Date', () => {
  // Seeded walk over every month, leap days, day 0 and 31, and times up to 23:59:59.999.
  let seed = 21;
  const next = (bound: number): number => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % bound;
  };
  const viaDate = (text: string): string => DateTimeScalar.serialize(new Date(text)) as string;
  for (let index = 0; index < 2000; index++) {
    const instant = new Date(Date.UTC(1900 + next(300), next(12), 1 + next(31), next(24), next(60), next(60), next(1000)));
    const text = instant.toISOString();
    assert.is(DateTimeScalar.serialize(text), viaDate(text), text);
  }
  const edges = ['2024-02-29T10:00:00.000Z', '2026-02-29T10:00:00.000Z', '2026-02-30T00:00:00.000Z', '2026-04-31T12:00:00.000Z', '2000-02-29T00:00:00.000Z', '1900-02-29T00:00:00.000Z'];
  for (const text of [...edges, '2024-02-29T10:00:00Z', '2026-02-30T00:00:00.5Z', '2026-12-31T23:59:59.999999Z', '0099-01-01T00:00:00.000Z']) {
    assert.is(DateTimeScalar.serialize(text), viaDate(text), text);
  }
  assert.throws(() => DateTimeScalar.serialize('2026-13-01T00:00:00Z'), /cannot represent/);
});

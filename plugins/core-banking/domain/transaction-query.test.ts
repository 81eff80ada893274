import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ValidationError } from '../../../kernel/errors/errors.js';
import { parseDateRange, parseSort } from './transaction-query.js';

test('sort defaults to newest first and accepts the two fields either way', () => {
  assert.equal(parseSort(undefined), { field: 'created_at', descending: true });
  assert.equal(parseSort('created_at'), { field: 'created_at', descending: false });
  assert.equal(parseSort('-amount'), { field: 'amount', descending: true });
  assert.equal(parseSort('amount'), { field: 'amount', descending: false });
});

test('an unknown sort field is a 422 naming the parameter', () => {
  for (const bad of ['status', '--amount', '+amount', 'amount,created_at']) {
    try {
      parseSort(bad);
      assert.unreachable(bad);
    } catch (error) {
      assert.instance(error, ValidationError);
      assert.equal((error as ValidationError).source, { parameter: 'sort' });
    }
  }
});

test('dates cover whole days; timestamps are inclusive to the millisecond', () => {
  const range = parseDateRange('2026-01-01', '2026-01-31');
  assert.is(range.from?.toISOString(), '2026-01-01T00:00:00.000Z');
  assert.is(range.before?.toISOString(), '2026-02-01T00:00:00.000Z');
  const precise = parseDateRange('2026-01-01T10:00:00Z', '2026-01-01T11:00:00.500+01:00');
  assert.is(precise.before?.toISOString(), '2026-01-01T10:00:00.501Z');
  assert.equal(parseDateRange(undefined, undefined), {});
});

test('bad dates and reversed ranges are refused', () => {
  for (const [start, end] of [
    ['2026-02-30', undefined],
    ['yesterday', undefined],
    [undefined, '1700000000'],
    ['2026-01-02', '2026-01-01'],
    ['2026-13-01', undefined],
  ] as const) {
    assert.throws(() => parseDateRange(start, end), (error: unknown) => error instanceof ValidationError, `${start} ${end}`);
  }
});

test('dates outside 1970–9999 are 422 date_out_of_range naming the parameter; an end on the last day sets no bound', () => {
  for (const [start, end, parameter] of [
    ['0000-01-01', undefined, 'start_date'],
    ['1969-12-31T23:59:59Z', undefined, 'start_date'],
    [undefined, '9999-12-31T23:00:00-14:00', 'end_date'],
  ] as const) {
    try {
      parseDateRange(start, end);
      assert.unreachable(`${start} ${end}`);
    } catch (error) {
      assert.instance(error, ValidationError);
      assert.equal([(error as ValidationError).code, (error as ValidationError).source], ['date_out_of_range', { parameter }]);
    }
  }
  assert.equal(parseDateRange('1970-01-01', '9999-12-31'), { from: new Date('1970-01-01T00:00:00.000Z') });
  assert.equal(parseDateRange(undefined, '9999-12-31T23:59:59.999Z'), {});
  assert.equal(parseDateRange(undefined, '9999-12-30'), { before: new Date('9999-12-31T00:00:00.000Z') });
});

test.run();

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { GraphQLError } from 'graphql';
import { resultBody } from './result-body.js';

const format = (error: GraphQLError) => error.toJSON();

test('data and errors are sent as JSON; an answer without data is a 400', () => {
  assert.equal(resultBody({ data: { a: 1 } }, format), { status: 200, body: '{"data":{"a":1}}', failed: false });
  const failed = resultBody({ errors: [{ message: 'bad', toJSON: () => ({ message: 'bad' }) } as unknown as GraphQLError] }, format);
  assert.equal(failed, { status: 400, body: '{"errors":[{"message":"bad"}]}', failed: true });
});

test('an answer too long for one string is a 400 naming the limit, not a thrown RangeError (a 500)', () => {
  const endless = { toJSON: () => { throw new RangeError('Invalid string length'); } };
  const answer = resultBody({ data: { endless } }, format);
  assert.is(answer.status, 400);
  assert.ok(answer.failed);
  assert.equal(JSON.parse(answer.body).errors[0].extensions, { code: 'response_too_large', limit: 'response_size' });
});

test.run();

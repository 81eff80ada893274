import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { z } from 'zod';
import { route, type Operation } from '../../kernel/contract/route.js';
import { token } from '../../kernel/contract/token.js';
import { AppError } from '../../kernel/errors/index.js';
import { checkResponse } from './response-check.js';

const view = z.strictObject({ uuid: z.string(), amount: z.string().regex(/^[0-9]+\.[0-9]{2}$/) });
const declaration = (response?: z.ZodType) =>
  route({
    method: 'GET',
    path: '/things/:id',
    prefixes: ['v2'],
    access: 'read',
    ...(response ? { response } : {}),
    operation: token<Operation>('test.response-check'),
    summary: 'A thing',
    tags: ['t'],
  });
const ok = (data: unknown) => ({ status: 200, body: JSON.stringify({ data }) });

function mismatch(run: () => void): AppError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected a response_view_mismatch');
}

test('data that matches the view passes; so do lists, 204 and routes without a view', () => {
  checkResponse(declaration(view), ok({ uuid: 'a', amount: '1.00' }));
  checkResponse(declaration(z.array(view)), { status: 200, body: JSON.stringify({ data: [{ uuid: 'a', amount: '1.00' }], meta: {}, links: {} }) });
  checkResponse(declaration(view), { status: 204, body: '' });
  checkResponse(declaration(), ok({ anything: true }));
});

test('a wrong value, a missing field or an extra field on a closed view is a 500 naming the field', () => {
  const wrong = mismatch(() => checkResponse(declaration(view), ok({ uuid: 'a', amount: '1' })));
  assert.is(wrong.status, 500);
  assert.is(wrong.code, 'response_view_mismatch');
  assert.match(wrong.message, /amount/);
  assert.match(mismatch(() => checkResponse(declaration(view), ok({ amount: '1.00' }))).message, /uuid/);
  assert.match(mismatch(() => checkResponse(declaration(view), ok({ uuid: 'a', amount: '1.00', secret: 'x' }))).message, /secret/);
  assert.match(mismatch(() => checkResponse(declaration(z.array(view)), ok([{ uuid: 1, amount: '1.00' }]))).message, /0\.uuid/);
});

test.run();

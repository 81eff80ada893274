import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { z } from 'zod';
import { pageNumber, pageSize } from '../../kernel/contract/query.js';
import type { RouteDeclaration } from '../../kernel/contract/route.js';
import { token } from '../../kernel/contract/token.js';
import { ValidationError } from '../../kernel/errors/index.js';
import { operationInputValidators, routeInputValidator } from './operation-input.js';

const ListNotes = token('notes.list-notes');
const EditNote = token('notes.edit-note');
const Archive = token('notes.archive');

const list = { method: 'GET', path: '/accounts/:id/notes', prefixes: ['v2'], access: 'read', operation: ListNotes, summary: 'Notes', tags: ['Notes'],
  params: z.object({ id: z.uuid() }),
  query: z.object({ page: pageNumber().default(1), per_page: pageSize().optional(), tag: z.enum(['a', 'b']).optional() }),
} as RouteDeclaration;
const edit = { method: 'PATCH', path: '/notes/:id', prefixes: ['v2'], access: 'write', operation: EditNote, summary: 'Edit', tags: ['Notes'],
  params: z.object({ id: z.uuid() }),
  body: z.strictObject({ text: z.string().max(5) }),
} as RouteDeclaration;
const ID = '0b6c6a1e-5f7e-4c2a-9a51-3c1d2e4f5a6b';

async function refusal(run: () => Promise<unknown>): Promise<ValidationError> {
  try {
    await run();
  } catch (error) {
    assert.instance(error, ValidationError);
    return error as ValidationError;
  }
  throw new Error('not refused');
}

test('query values arrive as a URL carries them: numbers become the text the query schema coerces, null is not sent', async () => {
  const input = await routeInputValidator(list)({ id: ID, page: 2, per_page: 50, tag: null });
  assert.equal(input, { id: ID, page: 2, per_page: 50 });
});

test('a query value out of range is the 422 REST gives: the parameter named, the code the same', async () => {
  const error = await refusal(() => routeInputValidator(list)({ id: ID, page: 0, tag: 'c' }));
  assert.equal(error.toObjects().map((object) => [object.code, object.source]), [
    ['validation_failed', { parameter: 'page' }],
    ['validation_failed', { parameter: 'tag' }],
  ]);
});

test('path, query and body are each checked by their own schema; a body field is a JSON pointer', async () => {
  const error = await refusal(() => routeInputValidator(edit)({ id: 'not-a-uuid', text: 'too long', extra: 1 }));
  assert.equal(error.toObjects().map((object) => object.source), [{ parameter: 'id' }, { pointer: '/text' }, { pointer: '/extra' }]);
  assert.equal(await routeInputValidator(edit)({ id: ID, text: 'fine' }), { id: ID, text: 'fine' });
});

test('a key no part of a bodiless route takes is an unexpected body, as over REST', async () => {
  const error = await refusal(() => routeInputValidator(list)({ id: ID, colour: 'red' }));
  assert.equal(error.toObjects().map((object) => [object.code, object.source]), [['unexpected_body', { pointer: '' }]]);
});

test('the route serves where an operation has one; a declared schema, where it has none; neither, no validator', async () => {
  const validators = operationInputValidators([{ route: edit }], new Map([[EditNote, z.object({})], [Archive, z.object({ id: z.string().max(3) })]]));
  await refusal(() => validators.get(EditNote)!({ id: ID, text: 'too long' }));
  const error = await refusal(() => validators.get(Archive)!({ id: 'abcd' }));
  assert.equal(error.toObjects()[0]!.source, { pointer: '/id' });
  assert.is(validators.get(ListNotes), undefined);
});

test.run();

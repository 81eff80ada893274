import 'reflect-metadata';
import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { z } from 'zod';
import type { GraphqlContext } from '../contract/graphql.js';
import type { Operation, RouteDeclaration } from '../contract/route.js';
import { token } from '../contract/token.js';
import { BootError } from './boot-error.js';
import { verifyGraphqlInputs } from './verify-graphql-inputs.js';

const GetNote = token<Operation<{ id: string }, string>>('notes.get-note');
const SaveNote = token<Operation<{ text: string }, string>>('notes.save-note');
const ArchiveNote = token<Operation<{ id: string }, string>>('notes.archive-note');

@Resolver()
class NotesResolver {
  @Query(() => String)
  note(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphqlContext): Promise<string> {
    return ctx.run(GetNote, { id });
  }

  @Mutation(() => String)
  async saveNote(@Arg('text', () => String) text: string, @Ctx() ctx: GraphqlContext): Promise<string> {
    // Reads its argument before running: the probe still reaches the operation.
    if (text.length === 0) throw new Error('empty');
    return ctx.run(SaveNote, { text });
  }

  @Mutation(() => String)
  async archiveNote(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphqlContext): Promise<string> {
    await ctx.run(GetNote, { id });
    return ctx.run(ArchiveNote, { id });
  }
}

const graphql = [{ plugin: 'notes', contribution: { domain: 'notes', resolvers: [NotesResolver] } }];
const getRoute = { route: { method: 'GET', path: '/notes/:id', prefixes: ['v2'], access: 'read', operation: GetNote, summary: 'A note', tags: ['Notes'] } as RouteDeclaration };

async function refusal(declared: Map<unknown, z.ZodType>): Promise<string> {
  try {
    await verifyGraphqlInputs(graphql, [getRoute], declared as never);
  } catch (error) {
    assert.instance(error, BootError);
    return (error as Error).message;
  }
  return '';
}

test('a field running an operation with neither a REST route nor a declared input schema stops the boot, naming plugin and field', async () => {
  const message = await refusal(new Map([[SaveNote, z.object({ text: z.string() })]]));
  assert.match(message, "GraphQL field Mutation.archiveNote of plugin 'notes' runs operation 'notes.archive-note'");
  assert.match(message, 'operation(token, Class, inputSchema)');
  assert.not.match(message, 'notes.get-note', 'the routed operation is validated by its route');
  assert.not.match(message, 'notes.save-note', 'the declared schema serves');
});

test('every operation the fields run is named, one line each', async () => {
  const lines = (await refusal(new Map())).split('\n');
  assert.equal(lines.map((line) => /field (\S+) .* operation '([^']+)'/.exec(line)?.slice(1).join(' ')), ['Mutation.saveNote notes.save-note', 'Mutation.archiveNote notes.archive-note']);
});

test('a route or a declared schema for every operation: the boot goes on', async () => {
  assert.is(await refusal(new Map<unknown, z.ZodType>([[SaveNote, z.object({ text: z.string() })], [ArchiveNote, z.object({ id: z.string() })]])), '');
});

test.run();

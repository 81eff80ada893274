import 'reflect-metadata';
import { printSchema } from 'graphql';
import { buildSchema, Query, Resolver } from 'type-graphql';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { z } from 'zod';
import { graphqlInputType, graphqlObjectType } from './graphql-types.js';

const Holding = z.strictObject({ asset_code: z.string(), amount: z.string().describe('Decimal string') }).meta({ id: 'DerivedHolding' });
const View = z.strictObject({
  id: z.string(),
  count: z.number().int(),
  ratio: z.number(),
  active: z.boolean(),
  status: z.enum(['open', 'closed']),
  kind: z.literal('card'),
  side: z.union([z.literal('buy'), z.literal('sell')]),
  note: z.string().nullable(),
  tag: z.string().optional(),
  head: z.strictObject({ number: z.string() }),
  holdings: z.array(Holding),
  entries: z.array(z.strictObject({ at: z.string() })),
});
const DerivedView = graphqlObjectType('DerivedView', View, 'A view derived from zod.');
const DerivedInput = graphqlInputType('DerivedInput', z.object({ amount: z.string(), memo: z.string().default('none'), nested: z.object({ x: z.number().int() }) }));

@Resolver()
class DerivedResolver {
  @Query(() => DerivedView, { nullable: true })
  derived(): null {
    return null;
  }
}

test('a view derives scalars, nullability, nested and listed objects, named by meta id or by path', async () => {
  const schema = printSchema(await buildSchema({ resolvers: [DerivedResolver], orphanedTypes: [DerivedInput], validate: false }));
  const block = (name: string) => new RegExp(`(type|input) ${name} \\{([^}]*)\\}`).exec(schema)?.[2]?.replace(/\s+"""[^"]*"""/g, '').replace(/\s+/g, ' ').trim();
  assert.is(block('DerivedView'), 'id: String! count: Int! ratio: Float! active: Boolean! status: String! kind: String! side: String! note: String tag: String head: DerivedViewHead! holdings: [DerivedHolding!]! entries: [DerivedViewEntry!]!');
  assert.is(block('DerivedViewHead'), 'number: String!');
  assert.is(block('DerivedViewEntry'), 'at: String!');
  assert.is(block('DerivedHolding'), 'asset_code: String! amount: String!');
  assert.is(block('DerivedInput'), 'amount: String! memo: String nested: DerivedInputNested!');
  assert.ok(schema.includes('"""Decimal string"""'), 'descriptions carry over');
  assert.ok(schema.includes('"""A view derived from zod."""'));
});

test('the same name and schema give the same class; another schema under that name is refused', () => {
  assert.is(graphqlObjectType('DerivedView', View), DerivedView);
  assert.throws(() => graphqlObjectType('DerivedView', z.strictObject({ id: z.string() })), /two different schemas/);
});

test('what has no faithful GraphQL type is refused with its path, never shown as a String', () => {
  assert.throws(() => graphqlObjectType('DerivedRecord', z.strictObject({ totals: z.record(z.string(), z.string()) })), /DerivedRecord\.totals: a zod record/);
  assert.throws(() => graphqlObjectType('DerivedUnion', z.strictObject({ either: z.union([z.strictObject({ a: z.string() }), z.strictObject({ b: z.string() })]) })), /DerivedUnion\.either: a zod union/);
  assert.throws(() => graphqlObjectType('DerivedName', z.strictObject({ '24h_change': z.string() })), /not a GraphQL name/);
});

test.run();

import 'reflect-metadata';
import { execute, parse, type GraphQLObjectType } from 'graphql';
import { compileQuery, isCompiledQuery } from 'graphql-jit';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Field, FieldResolver, ObjectType, Query, Resolver, Root, UseMiddleware } from 'type-graphql';
import { composeSchema } from './schema.js';

@ObjectType()
class PlainFieldsProbe {
  @Field(() => String)
  plain!: string;
  @Field(() => String, { name: 'renamed' })
  property!: string;
  @Field(() => String)
  @UseMiddleware(async (_data, next) => `[${String(await next())}]`)
  wrapped!: string;
  @Field(() => String)
  computed!: string;
}

@Resolver(() => PlainFieldsProbe)
class PlainFieldsProbeResolver {
  @Query(() => PlainFieldsProbe)
  plainFieldsProbe(): PlainFieldsProbe {
    return { plain: 'p', property: 'r', wrapped: 'w', computed: 'stored' };
  }

  @FieldResolver(() => String)
  computed(@Root() probe: PlainFieldsProbe): string {
    return `${probe.plain}-computed`;
  }
}

const schema = composeSchema([{ plugin: 'probe', contribution: { domain: 'probe', resolvers: [PlainFieldsProbeResolver] } }]);
const fields = (schema.getType('PlainFieldsProbe') as GraphQLObjectType).getFields();

test('a plain field is read without a resolver; a renamed one, one with middleware and one with a field resolver keep theirs', () => {
  assert.is(fields['plain']!.resolve, undefined);
  assert.type(fields['renamed']!.resolve, 'function');
  assert.type(fields['wrapped']!.resolve, 'function');
  assert.type(fields['computed']!.resolve, 'function');
});

test('graphql-js and the compiled query answer each field as type-graphql resolves it', async () => {
  const document = parse('{ plainFieldsProbe { plain renamed wrapped computed } }');
  const expected = { plainFieldsProbe: { plain: 'p', renamed: 'r', wrapped: '[w]', computed: 'p-computed' } };
  const context = { request: { actor: { kind: 'user', teamId: 't', permissions: ['read'] } } };
  assert.equal(JSON.parse(JSON.stringify(await execute({ schema, document, contextValue: context }))), { data: expected });
  const compiled = compileQuery(schema, document);
  if (!isCompiledQuery(compiled)) throw new Error('not compiled');
  assert.equal(JSON.parse(JSON.stringify(await compiled.query(undefined, context, {}))), { data: expected });
});

test.run();

import 'reflect-metadata';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Query, Resolver } from 'type-graphql';
import { composeSchema, domainSchemas } from './schema.js';

@Resolver()
class OwnerResolver {
  @Query(() => String)
  ownerField(): string {
    return 'owner';
  }
}

@Resolver()
class ExtensionResolver {
  @Query(() => String)
  extensionField(): string {
    return 'extension';
  }
}

const owner = { plugin: 'identity', contribution: { domain: 'user', resolvers: [OwnerResolver] } };
const extension = { plugin: 'mobile', contribution: { domain: 'user', extends: true, resolvers: [ExtensionResolver] } };

test('an extension adds its fields to the owner\'s domain, in one schema file', () => {
  const schema = composeSchema([owner, extension]);
  assert.ok(schema.getQueryType()!.getFields()['extensionField']);
  const printed = domainSchemas([owner, extension]);
  assert.equal([...printed.keys()], ['user']);
  assert.match(printed.get('user')!, /ownerField/);
  assert.match(printed.get('user')!, /extensionField/);
});

test('an extension of a domain nobody owns, or two owners of one domain, stop the composition', () => {
  assert.throws(() => composeSchema([extension]), /mobile extends the GraphQL domain 'user', which no enabled plugin owns/);
  assert.throws(() => composeSchema([owner, { plugin: 'other', contribution: { domain: 'user', resolvers: [ExtensionResolver] } }]), /contributed by both identity and other/);
});

test.run();

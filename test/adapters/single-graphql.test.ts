import { createRequire } from 'node:module';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

/**
 * One copy of graphql in node_modules: a second one (a library pinning its
 * own) makes schemas fail at start with "Cannot use GraphQLSchema from
 * another module or realm". Every package that builds or runs our schema must
 * load the file the app loads.
 */
const app = createRequire(import.meta.url);
const graphql = app.resolve('graphql');

test('type-graphql, graphql-ws and graphql-scalars load the same graphql as the app', () => {
  for (const library of ['type-graphql', 'graphql-ws', 'graphql-scalars']) {
    const fromLibrary = createRequire(app.resolve(library)).resolve('graphql');
    assert.is(fromLibrary, graphql, `${library} resolves graphql to ${fromLibrary}, the app to ${graphql}`);
  }
});

test.run();

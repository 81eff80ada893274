import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { EventStore } from '../../ports/event-store.js';
import { bootGraphql, type GraphqlKernel } from '../e2e/graphql-kit.js';
import { brokenFields, fuzzGraphql } from './fuzz/graphql-fuzzer.js';

/**
 * The short, seeded slice of the GraphQL fuzzer in `npm test` (the full
 * run is part of `npm run chaos`, docs/reliability.md): 3 cases per query
 * and mutation field of the introspected schema, and 3 of the document
 * attacks, against an in-process service; no 5xx, no `internal_error`, no
 * connection closed unanswered, and no refusal that moved the event
 * store's head.
 */
let g: GraphqlKernel;

test.before(async () => {
  g = await bootGraphql({ rateLimits: false });
});

test.after(async () => {
  await g.close();
});

test('every GraphQL field, hostile arguments and documents: no internal error, no state change on refusal', async () => {
  const ada = await g.createUser('GraphqlFuzz');
  const account = await g.request('POST', '/api/v2/accounts', { key: ada.key, body: { name: 'Fuzzed', type: 'personal' } });
  assert.is(account.status, 201);
  const reports = await fuzzGraphql(
    { baseUrl: g.url, key: ada.key, knownId: account.body.data.uuid, probe: async () => String(await g.k.get(EventStore).head()) },
    { seed: 20, limit: 3 },
  );
  assert.ok(Object.keys(reports).length > 100, `only ${Object.keys(reports).length} fields fuzzed`);
  assert.equal(brokenFields(reports), []);
});

test.run();

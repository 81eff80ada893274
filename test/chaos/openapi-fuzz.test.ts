import { readFileSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { EventStore } from '../../ports/event-store.js';
import { bootGraphql, type GraphqlKernel } from '../e2e/graphql-kit.js';
import { fuzzOpenApi } from './fuzz/openapi-fuzzer.js';

/**
 * The short, seeded slice of the OpenAPI fuzzer in `npm test` (the full
 * run is `npm run chaos`, docs/reliability.md): 4 cases per operation of
 * docs/openapi.json against an in-process service on the memory store;
 * no 5xx, no connection closed unanswered, and no refusal that moved the
 * event store's head.
 */
let g: GraphqlKernel;

test.before(async () => {
  g = await bootGraphql({ rateLimits: false });
});

test.after(async () => {
  await g.close();
});

test('every operation of the OpenAPI document, hostile values: no 5xx, no state change on refusal', async () => {
  const ada = await g.createUser('Fuzz');
  const account = await g.request('POST', '/api/v2/accounts', { key: ada.key, body: { name: 'Fuzzed', type: 'personal' } });
  assert.is(account.status, 201);
  const document = JSON.parse(readFileSync('docs/openapi.json', 'utf8'));
  const reports = await fuzzOpenApi(
    document,
    {
      baseUrl: g.url,
      keyFor: (path) => (/\/(admin|sandbox)\//.test(path) ? g.k.operatorKey : ada.key),
      knownIds: { id: account.body.data.uuid },
      probe: async () => String(await g.k.get(EventStore).head()),
    },
    { seed: 20, limit: 4 },
  );
  const routes = Object.keys(reports);
  assert.ok(routes.length > 50, `only ${routes.length} operations fuzzed`);
  const broken = Object.entries(reports).filter(([, report]) => report.server_errors + report.no_answer + report.state_changed_on_refusal > 0);
  assert.equal(broken.map(([route, report]) => `${route}: ${report.examples.join('; ')}`), []);
});

test.run();

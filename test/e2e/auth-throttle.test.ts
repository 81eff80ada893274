import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { TestUser } from '../fixtures/boot.js';
import { bootGraphql, wsClient, type GraphqlKernel } from './graphql-kit.js';

/**
 * Failed authentication throttled per client address, end to end: the
 * address is the one the edge computes (here behind a trusted proxy on
 * loopback, from X-Forwarded-For), and REST, GraphQL over POST and
 * graphql-ws connections share the allowance (docs/auth.md).
 */
const test = suite('failed authentication throttled per address');
let g: GraphqlKernel;
let ada: TestUser;

const ATTACKER = { 'x-forwarded-for': '203.0.113.66' };
const NEIGHBOUR = { 'x-forwarded-for': '198.51.100.7' };

test.before(async () => {
  g = await bootGraphql({ rateLimits: false, config: { http: { failedAuthPerMinute: 20, trustProxy: 'loopback' } } });
  ada = await g.createUser('Ada');
});
test.after(async () => {
  await g?.close();
});

const randomKey = (i: number) => `fak_${String(i).padStart(43, 'x')}`;

test('a burst of random keys from one address: 20 × 401 then 429 with Retry-After, on REST, GraphQL and WebSocket alike; other addresses are untouched', async () => {
  const statuses: number[] = [];
  for (let i = 0; i < 30; i += 1) {
    const response = i % 2 === 0
      ? await g.request('GET', '/api/v2/accounts', { key: randomKey(i), headers: ATTACKER })
      : await g.request('POST', '/api/graphql', { key: randomKey(i), body: { query: '{ accounts { id } }' }, headers: ATTACKER });
    statuses.push(response.status);
  }
  assert.equal(statuses, [...Array(20).fill(401), ...Array(10).fill(429)]);

  const rest = await g.request('GET', '/api/v2/accounts', { key: randomKey(99), headers: ATTACKER });
  assert.equal([rest.status, rest.headers.get('retry-after'), rest.body.errors[0].code, rest.body.errors[0].source], [429, '3', 'rate_limited', { header: 'Authorization' }]);
  const graphql = await g.request('POST', '/api/graphql', { key: randomKey(98), body: { query: '{ accounts { id } }' }, headers: ATTACKER });
  assert.equal([graphql.status, graphql.headers.get('retry-after'), graphql.body.errors[0].extensions.code], [429, '3', 'rate_limited']);
  const socket = wsClient(g, `Bearer ${randomKey(97)}`, ATTACKER);
  assert.is(await socket.closed, 4429);
  await socket.client.dispose();

  // Valid keys from another address are not slowed; from the throttled address they wait for a token (documented).
  assert.is((await g.request('GET', '/api/v2/accounts', { key: ada.key, headers: NEIGHBOUR })).status, 200);
  assert.is((await g.request('GET', '/api/v2/accounts', { key: randomKey(96), headers: NEIGHBOUR })).status, 401);
  assert.is((await g.request('GET', '/api/v2/accounts', { key: ada.key, headers: ATTACKER })).status, 429);
  g.k.clock.advance(3_000);
  assert.is((await g.request('GET', '/api/v2/accounts', { key: ada.key, headers: ATTACKER })).status, 200);
  assert.is((await g.request('GET', '/api/v2/accounts', { key: randomKey(95), headers: ATTACKER })).status, 401);
  assert.is((await g.request('GET', '/api/v2/accounts', { key: randomKey(94), headers: ATTACKER })).status, 429);
  // A minute later the whole allowance is back.
  g.k.clock.advance(60_000);
  for (let i = 0; i < 20; i += 1) assert.is((await g.request('GET', '/api/v2/accounts', { key: randomKey(200 + i), headers: ATTACKER })).status, 401);
  assert.is((await g.request('GET', '/api/v2/accounts', { key: randomKey(300), headers: ATTACKER })).status, 429);
});

test.run();

import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { bootGraphql, wsClient, type GraphqlKernel } from './graphql-kit.js';

/**
 * API-key IP allow-lists see the same client address over REST and over
 * the GraphQL WebSocket: X-Forwarded-For counts only from proxies that
 * http.trustProxy trusts (here the loopback the test client connects from).
 */
for (const trustProxy of [false, 'loopback'] as const) {
  const test = suite(`client address for allow-lists (trustProxy ${JSON.stringify(trustProxy)})`);
  let g: GraphqlKernel;
  let key: string;

  test.before(async () => {
    g = await bootGraphql({ modules: ['identity', 'core-banking'], config: { http: { trustProxy } } as any });
    const user = await g.createUser('Proxied');
    const created = await g.request('POST', '/api/v2/api-keys', { key: user.key, body: { name: 'office only', ip_allowlist: ['203.0.113.7'] } });
    assert.is(created.status, 201, JSON.stringify(created.body));
    key = created.body.data.key;
  });
  test.after(async () => {
    await g?.close();
  });

  /** 'accepted' or the close code. */
  async function websocket(headers?: Record<string, string>): Promise<string> {
    const connection = wsClient(g, `Bearer ${key}`, headers);
    const outcome = await Promise.race([connection.connected.then(() => 'accepted'), connection.closed.then(String)]);
    await connection.client.dispose();
    return outcome;
  }

  const rest = async (headers?: Record<string, string>) => (await g.request('GET', '/api/v2/accounts', { key, ...(headers ? { headers } : {}) })).status;

  test('a request through a proxy naming the allowed address', async () => {
    const viaProxy = { 'x-forwarded-for': '203.0.113.7' };
    const allowed = trustProxy !== false;
    assert.is(await rest(viaProxy), allowed ? 200 : 403);
    assert.is(await websocket(viaProxy), allowed ? 'accepted' : '4403');
  });

  test('a direct request from an address not on the list', async () => {
    assert.is(await rest(), 403);
    assert.is(await websocket(), '4403');
  });

  test.run();
}

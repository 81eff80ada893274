import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { rawRequest } from '../../adapters/http/http-test-kit.js';
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
  /** GraphQL over HTTP: the route table serves it without express (adapters/http/route-table.ts), so it reads the address itself. */
  const graphql = async (headers?: Record<string, string>) =>
    (await g.request('POST', '/api/graphql', { key, body: { query: '{ __typename }' }, ...(headers ? { headers } : {}) })).status;

  test('a request through a proxy naming the allowed address', async () => {
    const viaProxy = { 'x-forwarded-for': '203.0.113.7' };
    const allowed = trustProxy !== false;
    assert.is(await rest(viaProxy), allowed ? 200 : 403);
    assert.is(await graphql(viaProxy), allowed ? 200 : 403);
    assert.is(await websocket(viaProxy), allowed ? 'accepted' : '4403');
  });

  test('a direct request from an address not on the list', async () => {
    assert.is(await rest(), 403);
    assert.is(await graphql(), 403);
    assert.is(await websocket(), '4403');
  });

  test('GraphQL over HTTP answers alike served without express and by express (an absolute-form target)', async () => {
    const port = Number(new URL(g.url).port);
    for (const [headers, body] of [
      ['X-Forwarded-For: 203.0.113.7\r\n', '{"query":"{ __typename }"}'],
      ['', '{"query":"{ __typename }"}'],
      ['X-Forwarded-For: 203.0.113.7\r\n', '{"query":"{ nope }"}'],
      ['X-Forwarded-For: 203.0.113.7\r\n', '{"query":'],
    ] as const) {
      const request = (target: string) =>
        `POST ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nX-Request-Id: parity-1\r\nAuthorization: Bearer ${key}\r\n` +
        `Content-Type: application/json\r\n${headers}Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
      const direct = await rawRequest(port, request('/api/graphql'));
      const viaExpress = await rawRequest(port, request(`http://127.0.0.1/api/graphql`));
      const withoutDate = (head: string) => head.split('\r\n').filter((line) => !/^date:/i.test(line));
      assert.equal(withoutDate(direct.head), withoutDate(viaExpress.head), `${headers} ${body}`);
      assert.is(direct.body, viaExpress.body, `${headers} ${body}`);
    }
  });

  test.run();
}

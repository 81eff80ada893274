import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { x402ConfigSchema } from '../../config.js';
import { PayTransportError } from '../../ports.js';
import { HttpPayTransport } from './http-pay-transport.js';

/**
 * The pay route's URL policy and limits, against a server on 127.0.0.1 and
 * a stand-in DNS: origins outside the allow-list, link-local addresses and
 * public names resolving inward are refused before any connection; no
 * redirect is followed; a large answer and a slow one are cut.
 */
const test = suite('x402 pay transport');
let server: Server;
let origin: string;

/** DNS as a test decides it. */
class FakeDns extends HttpPayTransport {
  constructor(
    config: Parameters<typeof x402ConfigSchema.parse>[0],
    private readonly answers: Record<string, string>,
  ) {
    super(x402ConfigSchema.parse(config));
  }
  protected override async resolve(host: string, deadline: AbortSignal) {
    const address = this.answers[host];
    return address ? [{ address, family: address.includes(':') ? 6 : 4 }] : super.resolve(host, deadline);
  }
}

const refusal = async (promise: Promise<unknown>): Promise<string> => {
  try {
    await promise;
  } catch (error) {
    if (error instanceof PayTransportError) return `${error.code}${error.refusedUrl ? ' (url)' : ''}`;
    throw error;
  }
  return 'answered';
};

test.before(async () => {
  server = createServer((req, res) => {
    if (req.url === '/big') res.end('x'.repeat(5_000));
    else if (req.url === '/slow') setTimeout(() => res.end('late'), 2_000).unref();
    else if (req.url === '/redirect') res.writeHead(302, { location: 'http://169.254.169.254/' }).end();
    else res.writeHead(402, { 'payment-required': 'e30=' }).end(JSON.stringify({ method: req.method, auth: req.headers.authorization ?? null }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
test.after(() => new Promise<void>((resolve) => server.close(() => resolve())));

const get = (transport: HttpPayTransport, url: string) => transport.send({ url: new URL(url), method: 'GET', headers: { authorization: 'Bearer t' }, body: undefined });

test('an allowed origin is fetched with the given headers; others, link-local and inward-resolving names are refused', async () => {
  const transport = new FakeDns({ pay_allowed_origins: ['http://127.0.0.1:*', 'http://rebind.example:*', 'http://meta.example', 'http://mapped.example'], pay_max_response_bytes: 1_024, pay_timeout_ms: 300 }, {
    'rebind.example': '10.0.0.7',
    'meta.example': '169.254.169.254',
    'mapped.example': '::ffff:10.0.0.7',
  });
  const answer = await get(transport, `${origin}/paid`);
  assert.equal([answer.status, answer.headers['payment-required'], JSON.parse(answer.body)], [402, 'e30=', { method: 'GET', auth: 'Bearer t' }]);
  assert.is(await refusal(get(transport, 'http://203.0.113.9/paid')), 'origin_not_allowed (url)');
  assert.is(await refusal(get(transport, 'http://rebind.example:8080/paid')), 'forbidden_address (url)');
  assert.is(await refusal(get(transport, 'http://meta.example/latest')), 'forbidden_address (url)');
  assert.is(await refusal(get(transport, 'http://mapped.example/')), 'forbidden_address (url)', 'an IPv4-mapped private address, by the kernel\'s outbound rules');
  assert.is(await refusal(get(transport, `http://user:pw@127.0.0.1:1/`)), 'invalid_url (url)');
});

test('redirects are answered, not followed; a large or slow answer is cut', async () => {
  const transport = new FakeDns({ pay_allowed_origins: ['http://127.0.0.1:*'], pay_max_response_bytes: 1_024, pay_timeout_ms: 300 }, {});
  const redirected = await get(transport, `${origin}/redirect`);
  assert.equal([redirected.status, redirected.headers.location], [302, 'http://169.254.169.254/']);
  assert.is(await refusal(get(transport, `${origin}/big`)), 'response_too_large');
  assert.is(await refusal(get(transport, `${origin}/slow`)), 'timeout');
});

test('the service’s own origin (public_url) is allowed by default and nothing else', async () => {
  const transport = new FakeDns({ public_url: origin }, {});
  assert.is((await get(transport, `${origin}/paid`)).status, 402);
  assert.is(await refusal(get(transport, 'http://127.0.0.2:9/')), 'origin_not_allowed (url)');
});

test.run();

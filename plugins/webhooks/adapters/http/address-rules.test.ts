import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sinon from 'sinon';
import { WebhooksConfig } from '../../config.js';
import { embeddedIpv4, refusedAddress } from '../../../../kernel/public.js';
import { HttpWebhookTransport } from './http-webhook-transport.js';

const test = suite('webhooks SSRF guard');

test('loopback, private, link-local, metadata, reserved and mapped forms are refused; public addresses pass', () => {
  for (const address of ['127.0.0.1', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '224.0.0.1', '255.255.255.255', '::1', '::', 'fe80::1', 'fd00:ec2::254', 'fc00::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1', '::ffff:7f00:1', 'ff02::1']) {
    assert.ok(refusedAddress(address), address);
  }
  for (const address of ['93.184.216.34', '8.8.8.8', '172.32.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8', '::ffff:808:808']) {
    assert.is(refusedAddress(address), undefined, address);
  }
});

test('IPv6 forms that embed an IPv4 address are refused: IPv4-compatible, 6to4, Teredo, NAT64', () => {
  for (const address of ['::127.0.0.1', '::7f00:1', '::169.254.169.254', '::a9fe:a9fe', '::8.8.8.8', '2002:7f00:1::', '2002:808:808::1', '2001:0:4136:e378:8000:63bf:3fff:fdd2', '64:ff9b::808:808', '64:ff9b:1::1']) {
    assert.ok(refusedAddress(address), address);
  }
  assert.is(embeddedIpv4('2002:a9fe:a9fe::1'), '169.254.169.254');
  assert.is(embeddedIpv4('::ffff:a9fe:a9fe'), '169.254.169.254');
  assert.is(embeddedIpv4('64:ff9b::169.254.169.254'), '169.254.169.254');
  assert.is(embeddedIpv4('2001:0:4136:e378:8000:63bf:3fff:fdd2'), '192.0.2.45');
  assert.is(embeddedIpv4('2606:4700:4700::1111'), undefined);
});

test('with allow_private, private targets pass but cloud metadata addresses never do, in any form', () => {
  const open = { allowPrivate: true };
  for (const address of ['127.0.0.1', '10.0.0.8', '::1', 'fd00::1', '::ffff:192.168.1.1']) assert.is(refusedAddress(address, open), undefined, address);
  for (const address of ['169.254.169.254', '169.254.170.2', '100.100.100.200', 'fd00:ec2::254', '::ffff:169.254.169.254', '::169.254.169.254', '2002:a9fe:a9fe::', '64:ff9b::a9fe:a9fe']) {
    assert.match(refusedAddress(address, open) ?? '', /metadata/, address);
  }
});

test('the transport refuses private targets before connecting, and allows them only when configured', async () => {
  const strict = new HttpWebhookTransport({ allow_private: false } as WebhooksConfig);
  for (const url of ['http://127.0.0.1:9/x', 'https://169.254.169.254/latest/meta-data', 'https://[::1]/x', 'https://localhost/x', 'https://10.0.0.8/x', 'https://[::127.0.0.1]/x', 'https://[::169.254.169.254]/x', 'https://[2002:7f00:1::]/x']) {
    const verdict = await strict.check(new URL(url));
    assert.is(verdict.ok, false, url);
  }
  const answer = await strict.send({ url: 'https://[::127.0.0.1]:9/x', body: '{}', headers: {}, timeoutMs: 1_000 });
  assert.match(answer.error ?? '', /^refused: /);
  const open = new HttpWebhookTransport({ allow_private: true } as WebhooksConfig);
  assert.equal(await open.check(new URL('http://127.0.0.1:9/x')), { ok: true });
  for (const url of ['http://169.254.169.254/latest/meta-data', 'http://[fd00:ec2::254]/', 'http://100.100.100.200/', 'http://[::ffff:169.254.169.254]/']) {
    const verdict = await open.check(new URL(url));
    assert.equal([verdict.ok, !verdict.ok && verdict.code], [false, 'forbidden_address'], url);
  }
});

test('resolving the host counts towards the attempt timeout', async () => {
  class HangingDns extends HttpWebhookTransport {
    protected override lookupHost(): Promise<Array<{ address: string; family: number }>> {
      return new Promise(() => undefined);
    }
  }
  // fetch's keep-alive sockets from earlier tests in this process may close while the fakes are in: their clearTimeout must still clear the real timer, or it fires later on a freed parser and crashes the run.
  const timers = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldClearNativeTimers: true });
  try {
    let answer: { error?: string } | undefined;
    void new HangingDns({ allow_private: true } as WebhooksConfig)
      .send({ url: 'https://hooks.example.test/x', body: '{}', headers: {}, timeoutMs: 15_000 })
      .then((a) => (answer = a));
    await timers.tickAsync(14_999);
    assert.is(answer, undefined);
    await timers.tickAsync(1);
    assert.match(answer?.error ?? 'still waiting', /^timed out after 15000 ms \(resolving the host\)/);
  } finally {
    timers.restore();
  }
});

/** A receiver on `host` that counts the requests and the connections it accepted. */
async function receiver(host: string, port = 0): Promise<{ server: Server; port: number; requests: number; connections: number }> {
  const server = createServer((req, res) => {
    state.requests += 1;
    req.resume().on('end', () => res.writeHead(204).end());
  });
  const state = { server, port: 0, requests: 0, connections: 0 };
  server.on('connection', () => (state.connections += 1));
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  state.port = (server.address() as AddressInfo).port;
  return state;
}

test('a kept-alive connection cannot be steered to another address: the host is checked at every delivery, one pool per checked address', async () => {
  const first = await receiver('127.0.0.1');
  const second = await receiver('127.0.0.2', first.port);
  let dns = '127.0.0.1';
  class ChangingDns extends HttpWebhookTransport {
    protected override lookupHost(): Promise<Array<{ address: string; family: number }>> {
      return Promise.resolve([{ address: dns, family: 4 }]);
    }
  }
  // One connection per pool: a second delivery to the same checked address must reuse the first one's socket.
  const transport = new ChangingDns({ allow_private: true, max_parallel_per_endpoint: 1 } as WebhooksConfig);
  const send = () => transport.send({ url: `http://hooks.example.test:${first.port}/x`, body: '{}', headers: {}, timeoutMs: 5_000 });
  try {
    assert.is((await send()).statusCode, 204);
    assert.is((await send()).statusCode, 204);
    assert.equal([first.requests, first.connections], [2, 1], 'the second delivery reused the kept-alive connection');
    dns = '127.0.0.2';
    assert.is((await send()).statusCode, 204);
    assert.equal([first.requests, second.requests, second.connections], [2, 1, 1], 'after the DNS change the delivery went to the new address, not down the open connection');
    dns = '169.254.169.254';
    assert.match((await send()).error ?? '', /^refused: .*metadata/);
    assert.equal([first.requests, second.requests], [2, 1], 'a forbidden answer is refused although connections to the old addresses are open');
    dns = '127.0.0.1';
    assert.is((await send()).statusCode, 204);
    assert.equal([first.requests, first.connections], [3, 1], 'back at a checked address, its own pool is used again');
  } finally {
    await transport.close();
    for (const { server } of [first, second]) {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  }
});

test('a receiver that sends its status and never ends the body is a timeout, not an answer', async () => {
  const hung = createServer((req, res) => {
    req.resume();
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.write('partial');
  });
  await new Promise<void>((resolve) => hung.listen(0, '127.0.0.1', resolve));
  const transport = new HttpWebhookTransport({ allow_private: true, max_parallel_per_endpoint: 4 } as WebhooksConfig);
  try {
    const answer = await transport.send({ url: `http://127.0.0.1:${(hung.address() as AddressInfo).port}/x`, body: '{}', headers: {}, timeoutMs: 200 });
    assert.equal([answer.statusCode, answer.error], [undefined, 'timed out after 200 ms']);
  } finally {
    await transport.close();
    hung.closeAllConnections();
    await new Promise<void>((resolve) => hung.close(() => resolve()));
  }
});

test.run();

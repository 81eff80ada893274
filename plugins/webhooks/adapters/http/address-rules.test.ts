import { suite } from 'uvu';
import * as assert from 'uvu/assert';
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

test.run();

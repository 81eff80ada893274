import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { WebhooksConfig } from '../../config.js';
import { refusedAddress } from './address-rules.js';
import { HttpWebhookTransport } from './http-webhook-transport.js';

const test = suite('webhooks SSRF guard');

test('loopback, private, link-local, metadata, reserved and mapped forms are refused; public addresses pass', () => {
  for (const address of ['127.0.0.1', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '224.0.0.1', '255.255.255.255', '::1', '::', 'fe80::1', 'fd00:ec2::254', 'fc00::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1', 'ff02::1']) {
    assert.ok(refusedAddress(address), address);
  }
  for (const address of ['93.184.216.34', '8.8.8.8', '172.32.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8']) {
    assert.is(refusedAddress(address), undefined, address);
  }
});

test('the transport refuses private targets before connecting, and allows them only when configured', async () => {
  const strict = new HttpWebhookTransport({ allow_private: false } as WebhooksConfig);
  for (const url of ['http://127.0.0.1:9/x', 'https://169.254.169.254/latest/meta-data', 'https://[::1]/x', 'https://localhost/x', 'https://10.0.0.8/x']) {
    const verdict = await strict.check(new URL(url));
    assert.is(verdict.ok, false, url);
  }
  const answer = await strict.send({ url: 'http://127.0.0.1:9/x', body: '{}', headers: {}, timeoutMs: 1_000 });
  assert.match(answer.error ?? '', /^refused: /);
  const open = new HttpWebhookTransport({ allow_private: true } as WebhooksConfig);
  assert.equal(await open.check(new URL('http://127.0.0.1:9/x')), { ok: true });
});

test.run();

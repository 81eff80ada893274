import type { IncomingMessage } from 'node:http';
import express from 'express';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { clientAddress, proxyTrust } from './client-address.js';

/** A request from `peer` that arrived through the proxies listed in X-Forwarded-For (nearest last). */
function request(peer: string, forwardedFor?: string): IncomingMessage {
  return { headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor }, socket: { remoteAddress: peer } } as unknown as IncomingMessage;
}

/** What express's req.ip says for the same request under its own "trust proxy" parsing of the setting (express semantics, which proxyTrust must keep). */
function expressIp(setting: boolean | number | string, req: IncomingMessage): string {
  const app = express();
  app.set('trust proxy', setting);
  return Object.assign(Object.create(app.request), { headers: req.headers, socket: req.socket, connection: req.socket }).ip;
}

const CASES: ReadonlyArray<{ config: boolean | string; express: boolean | number | string }> = [
  { config: false, express: false },
  { config: true, express: true },
  { config: '1', express: 1 },
  { config: '2', express: 2 },
  { config: 'loopback', express: 'loopback' },
  { config: 'loopback, 10.0.0.0/8', express: 'loopback, 10.0.0.0/8' },
];

const REQUESTS = [
  request('127.0.0.1'),
  request('127.0.0.1', '203.0.113.7'),
  request('127.0.0.1', '198.51.100.1, 10.1.2.3'),
  request('10.1.2.3', '203.0.113.7'),
  request('192.0.2.44', '203.0.113.7'),
  request('::1', '2001:db8::5'),
];

test('every trustProxy setting gives the address express gives REST for the same request', () => {
  for (const { config, express: setting } of CASES) {
    const trust = proxyTrust(config);
    for (const req of REQUESTS) {
      assert.is(clientAddress(req, trust), expressIp(setting, req), `${JSON.stringify(config)} ${JSON.stringify(req.headers)} via ${req.socket.remoteAddress}`);
    }
  }
});

test('untrusted peers cannot choose their address; a trusted proxy passes the client on', () => {
  const forwarded = request('127.0.0.1', '203.0.113.7');
  assert.is(clientAddress(forwarded, proxyTrust(false)), '127.0.0.1');
  assert.is(clientAddress(forwarded, proxyTrust('loopback')), '203.0.113.7');
  assert.is(clientAddress(request('192.0.2.44', '203.0.113.7'), proxyTrust('loopback')), '192.0.2.44');
});

test.run();

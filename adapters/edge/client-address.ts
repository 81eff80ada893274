import type { IncomingMessage } from 'node:http';
import proxyaddr from 'proxy-addr';

/**
 * The client address of a request, by the `http.trustProxy` setting: the
 * rule express applies for `req.ip` under "trust proxy", computed by the same
 * library (proxy-addr), so a request that reaches the server without express
 * (a WebSocket upgrade) gets the address REST would see. `true` trusts every
 * hop, a number of hops trusts that many, a comma list names the trusted
 * proxies (addresses, CIDR blocks, loopback/linklocal/uniquelocal), `false`
 * trusts none (the socket's peer address).
 */
export type ProxyTrust = (address: string, hop: number) => boolean;

export function proxyTrust(setting: boolean | string): ProxyTrust {
  if (typeof setting === 'boolean') return () => setting;
  const text = setting.trim();
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return (_address, hop) => hop < hops;
  }
  return proxyaddr.compile(text.split(',').map((entry) => entry.trim()));
}

export function clientAddress(req: IncomingMessage, trust: ProxyTrust): string {
  return proxyaddr(req, trust);
}

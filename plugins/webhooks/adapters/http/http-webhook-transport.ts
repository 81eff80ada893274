import { lookup } from 'node:dns/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { inject, injectable } from 'inversify';
import { WebhooksConfig } from '../../config.js';
import type { AddressCheck, DeliveryAnswer, DeliveryRequest, WebhookTransport } from '../../ports.js';
import { refusedAddress } from './address-rules.js';

/** Bytes of the answer read before the socket is dropped (we only need the status). */
const MAX_RESPONSE_BYTES = 64 * 1024;

type Resolved = { ok: true; address: string; family: 4 | 6 } | { ok: false; reason: string; code: string };

/**
 * node:http(s) with the SSRF guard. The host is resolved once per attempt;
 * every address it resolves to must pass (an attacker's DNS cannot mix a
 * private address in), and the socket connects to the first checked
 * address through a `lookup` that returns only it, so a second resolution
 * cannot differ (DNS rebinding). TLS still verifies the certificate for the
 * host name (servername). Redirects are never followed: node:http does not.
 */
@injectable()
export class HttpWebhookTransport implements WebhookTransport {
  constructor(@inject(WebhooksConfig) private readonly config: WebhooksConfig) {}

  async check(url: URL): Promise<AddressCheck> {
    const resolved = await this.#resolve(url);
    return resolved.ok ? { ok: true } : resolved;
  }

  async send(request: DeliveryRequest): Promise<DeliveryAnswer> {
    const started = performance.now();
    const elapsed = () => performance.now() - started;
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      return { error: 'invalid url', durationMs: elapsed() };
    }
    const resolved = await this.#resolve(url);
    if (!resolved.ok) return { error: `refused: ${resolved.reason}`, durationMs: elapsed() };
    const pinned: LookupFunction = (_host, options, callback) => {
      if ((options as { all?: boolean }).all) (callback as any)(null, [{ address: resolved.address, family: resolved.family }]);
      else callback(null, resolved.address, resolved.family);
    };
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    return new Promise<DeliveryAnswer>((resolve) => {
      let settled = false;
      const finish = (answer: Omit<DeliveryAnswer, 'durationMs'>) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve({ ...answer, durationMs: elapsed() });
      };
      const req = send(
        {
          protocol: url.protocol,
          hostname: url.hostname.replace(/^\[|\]$/g, ''),
          port: url.port || undefined,
          path: `${url.pathname}${url.search}`,
          method: 'POST',
          headers: { ...request.headers, 'content-length': String(Buffer.byteLength(request.body)) },
          lookup: pinned,
          agent: false,
          ...(url.protocol === 'https:' && isIP(url.hostname) === 0 ? { servername: url.hostname } : {}),
        },
        (res: IncomingMessage) => {
          const statusCode = res.statusCode ?? 0;
          const retryAfter = headerText(res.headers['retry-after']);
          let read = 0;
          res.on('data', (chunk: Buffer) => {
            read += chunk.length;
            if (read > MAX_RESPONSE_BYTES) res.destroy();
          });
          res.on('end', () => finish({ statusCode, ...(retryAfter ? { retryAfter } : {}) }));
          res.on('close', () => finish({ statusCode, ...(retryAfter ? { retryAfter } : {}) }));
          res.on('error', () => finish({ statusCode, ...(retryAfter ? { retryAfter } : {}) }));
        },
      );
      const timer = setTimeout(() => {
        req.destroy(new Error(`timed out after ${request.timeoutMs} ms`));
      }, request.timeoutMs);
      req.on('error', (error: NodeJS.ErrnoException) => finish({ error: error.code ? `${error.code}: ${error.message}` : error.message }));
      req.end(request.body);
    });
  }

  async #resolve(url: URL): Promise<Resolved> {
    const host = url.hostname.replace(/^\[|\]$/g, '');
    let addresses: Array<{ address: string; family: number }>;
    if (isIP(host) !== 0) addresses = [{ address: host, family: isIP(host) }];
    else {
      try {
        addresses = await lookup(host, { all: true, verbatim: true });
      } catch {
        return { ok: false, reason: `the host '${host}' does not resolve`, code: 'unresolvable_host' };
      }
    }
    if (addresses.length === 0) return { ok: false, reason: `the host '${host}' does not resolve`, code: 'unresolvable_host' };
    if (!this.config.allow_private) {
      for (const { address } of addresses) {
        const refused = refusedAddress(address);
        if (refused) return { ok: false, reason: `url resolves to a forbidden address: ${refused}`, code: 'forbidden_address' };
      }
    }
    const first = addresses[0]!;
    return { ok: true, address: first.address, family: first.family === 6 ? 6 : 4 };
  }
}

function headerText(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

import { lookup } from 'node:dns/promises';
import { request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { inject, injectable } from 'inversify';
import { WebhooksConfig } from '../../config.js';
import type { AddressCheck, DeliveryAnswer, DeliveryRequest, WebhookTransport } from '../../ports.js';
import { refusedAddress } from '../../../../kernel/public.js';

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
 * Cloud metadata addresses are refused even with allow_private.
 */
@injectable()
export class HttpWebhookTransport implements WebhookTransport {
  constructor(@inject(WebhooksConfig) private readonly config: WebhooksConfig) {}

  async check(url: URL): Promise<AddressCheck> {
    const resolved = await this.#resolve(url);
    return resolved.ok ? { ok: true } : resolved;
  }

  /**
   * One attempt within `timeoutMs` from the start: resolving the host counts
   * (a slow or hanging DNS answer is a timeout like a slow receiver), then
   * the connection, the request and the answer's status get what is left.
   */
  async send(request: DeliveryRequest): Promise<DeliveryAnswer> {
    const started = performance.now();
    const elapsed = () => performance.now() - started;
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      return { error: 'invalid url', durationMs: elapsed() };
    }
    // One timer for the whole attempt; what it cuts short moves from the lookup to the request.
    let expire: (() => void) | undefined;
    const deadline = setTimeout(() => expire?.(), request.timeoutMs);
    try {
      const resolved = await Promise.race([
        this.#resolve(url),
        new Promise<'timeout'>((resolve) => {
          expire = () => resolve('timeout');
        }),
      ]);
      if (resolved === 'timeout') return { error: `timed out after ${request.timeoutMs} ms (resolving the host)`, durationMs: elapsed() };
      if (!resolved.ok) return { error: `refused: ${resolved.reason}`, durationMs: elapsed() };
      const answer = new Promise<Omit<DeliveryAnswer, 'durationMs'>>((resolve) => {
        const req = this.#request(url, request, resolved, resolve);
        expire = () => req.destroy(new Error(`timed out after ${request.timeoutMs} ms`));
      });
      return { ...(await answer), durationMs: elapsed() };
    } finally {
      clearTimeout(deadline);
    }
  }

  /** Starts the POST to the checked address; `settle` gets the status (or the error) once. */
  #request(
    url: URL,
    request: DeliveryRequest,
    resolved: { address: string; family: 4 | 6 },
    settle: (answer: Omit<DeliveryAnswer, 'durationMs'>) => void,
  ): ClientRequest {
    const pinned: LookupFunction = (_host, options, callback) => {
      if ((options as { all?: boolean }).all) (callback as any)(null, [{ address: resolved.address, family: resolved.family }]);
      else callback(null, resolved.address, resolved.family);
    };
    let settled = false;
    const finish = (answer: Omit<DeliveryAnswer, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      settle(answer);
    };
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
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
        const done = () => finish({ statusCode, ...(retryAfter ? { retryAfter } : {}) });
        let read = 0;
        res.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_RESPONSE_BYTES) res.destroy();
        });
        res.on('end', done);
        res.on('close', done);
        res.on('error', done);
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) => finish({ error: error.code ? `${error.code}: ${error.message}` : error.message }));
    req.end(request.body);
    return req;
  }

  /** The host's addresses (a DNS lookup unless it is an IP literal); protected so tests can stand in for DNS. */
  protected lookupHost(host: string): Promise<Array<{ address: string; family: number }>> {
    return lookup(host, { all: true, verbatim: true });
  }

  async #resolve(url: URL): Promise<Resolved> {
    const host = url.hostname.replace(/^\[|\]$/g, '');
    let addresses: Array<{ address: string; family: number }>;
    if (isIP(host) !== 0) addresses = [{ address: host, family: isIP(host) }];
    else {
      try {
        addresses = await this.lookupHost(host);
      } catch {
        return { ok: false, reason: `the host '${host}' does not resolve`, code: 'unresolvable_host' };
      }
    }
    if (addresses.length === 0) return { ok: false, reason: `the host '${host}' does not resolve`, code: 'unresolvable_host' };
    for (const { address } of addresses) {
      const refused = refusedAddress(address, { allowPrivate: this.config.allow_private });
      if (refused) return { ok: false, reason: `url resolves to a forbidden address: ${refused}`, code: 'forbidden_address' };
    }
    const first = addresses[0]!;
    return { ok: true, address: first.address, family: first.family === 6 ? 6 : 4 };
  }
}

function headerText(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

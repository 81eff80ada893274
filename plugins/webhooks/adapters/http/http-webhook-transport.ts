import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { inject, injectable } from 'inversify';
import { WebhooksConfig } from '../../config.js';
import type { AddressCheck, DeliveryAnswer, DeliveryRequest, WebhookTransport } from '../../ports.js';
import { refusedAddress } from '../../../../kernel/public.js';
import { EndpointPools, type CheckedAddress } from './endpoint-pools.js';

/** Bytes of the answer read before the socket is dropped (we only need the status). */
const MAX_RESPONSE_BYTES = 64 * 1024;

type Resolved = ({ ok: true } & CheckedAddress) | { ok: false; reason: string; code: string };

/**
 * undici with the SSRF guard. The host is resolved once per attempt; every
 * address it resolves to must pass (an attacker's DNS cannot mix a private
 * address in), and the request goes to a pool of kept-alive connections
 * made for the first checked address only (EndpointPools: a pinned
 * `lookup`, one pool per origin and address), so neither a second
 * resolution nor a connection opened before a DNS change can reach another
 * address (DNS rebinding). TLS still verifies the certificate for the host
 * name. Redirects are never followed (undici's request does not). Cloud
 * metadata addresses are refused even with allow_private.
 */
@injectable()
export class HttpWebhookTransport implements WebhookTransport {
  readonly #pools: EndpointPools;

  constructor(@inject(WebhooksConfig) private readonly config: WebhooksConfig) {
    this.#pools = new EndpointPools(config.max_parallel_per_endpoint);
  }

  async check(url: URL): Promise<AddressCheck> {
    const resolved = await this.#resolve(url);
    return resolved.ok ? { ok: true } : resolved;
  }

  /**
   * One attempt within `timeoutMs` from the start: resolving the host counts
   * (a slow or hanging DNS answer is a timeout like a slow receiver), then
   * waiting for a pooled connection, the request and the answer get what is left.
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
    // One timer for the whole attempt: it first cuts the lookup short, then aborts the request.
    const abort = new AbortController();
    let expire: (() => void) | undefined;
    const deadline = setTimeout(() => {
      expire?.();
      abort.abort(new Error(`timed out after ${request.timeoutMs} ms`));
    }, request.timeoutMs);
    try {
      const resolved = await Promise.race([
        this.#resolve(url),
        new Promise<'timeout'>((resolve) => {
          expire = () => resolve('timeout');
        }),
      ]);
      if (resolved === 'timeout') return { error: `timed out after ${request.timeoutMs} ms (resolving the host)`, durationMs: elapsed() };
      if (!resolved.ok) return { error: `refused: ${resolved.reason}`, durationMs: elapsed() };
      return { ...(await this.#post(url, request, resolved, abort.signal)), durationMs: elapsed() };
    } finally {
      clearTimeout(deadline);
    }
  }

  /** Closes the kept-alive connections (a stopping server). */
  close(): Promise<void> {
    return this.#pools.close();
  }

  /** The POST through the pool of the checked address; the status once the answer's body (at most 64 KiB read) has ended. */
  async #post(url: URL, request: DeliveryRequest, checked: CheckedAddress, signal: AbortSignal): Promise<Omit<DeliveryAnswer, 'durationMs'>> {
    try {
      const { statusCode, headers, body } = await this.#pools.for(url, checked, performance.now()).request({
        path: `${url.pathname}${url.search}`,
        method: 'POST',
        headers: { ...request.headers, 'content-length': String(Buffer.byteLength(request.body)) },
        body: request.body,
        signal,
      });
      const retryAfter = headerText(headers['retry-after']);
      // An answer larger than the limit closes its socket; the status stands. The signal also ends the body (timeout).
      await body.dump({ limit: MAX_RESPONSE_BYTES }).catch(() => undefined);
      if (signal.aborted) return { error: (signal.reason as Error).message };
      return { statusCode, ...(retryAfter ? { retryAfter } : {}) };
    } catch (error) {
      if (signal.aborted) return { error: (signal.reason as Error).message };
      const code = (error as NodeJS.ErrnoException).code;
      const message = (error as Error).message;
      return { error: code ? `${code}: ${message}` : message };
    }
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

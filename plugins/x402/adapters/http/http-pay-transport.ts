import { lookup } from 'node:dns/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { inject, injectable } from 'inversify';
import { refusedAddress } from '../../../../kernel/public.js';
import { X402Config } from '../../config.js';
import { PayTransportError, type PayHttpAnswer, type PayHttpRequest, type PayTransport } from '../../ports.js';

const refuse = (code: string, message: string) => new PayTransportError(code, message, true);
const fail = (code: string, message: string) => new PayTransportError(code, message, false);

/**
 * POST /x402/pay's HTTP client, an SSRF-safe one. A URL is fetched only
 * when its origin is allowed: this service's own (`public_url`) or one of
 * `pay_allowed_origins` (`scheme://host:*` allows any port of the host).
 * Every address the host resolves to must pass the kernel's outbound
 * address rules (kernel/net/address-rules.ts, the same as webhook
 * deliveries): cloud metadata never, loopback, private, reserved and
 * IPv4-embedding ones only when the allowing entry names the host as an IP
 * literal or `localhost` (a public name that resolves inward is DNS
 * rebinding). The socket connects to the checked
 * address through a pinned lookup, so a second resolution cannot differ.
 * Redirects are never followed (node:http does not), the whole exchange
 * has `pay_timeout_ms`, and an answer over `pay_max_response_bytes` is
 * dropped.
 */
@injectable()
export class HttpPayTransport implements PayTransport {
  constructor(@inject(X402Config) private readonly config: X402Config) {}

  async send(request: PayHttpRequest): Promise<PayHttpAnswer> {
    const { url } = request;
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw refuse('invalid_url', 'Only http and https URLs can be paid.');
    if (url.username !== '' || url.password !== '') throw refuse('invalid_url', 'A URL with credentials is refused: send them in headers.');
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const entry = this.allowingEntry(url);
    if (!entry) throw refuse('origin_not_allowed', `${url.origin} is not an allowed origin: this service's own (public_url) and pluginConfig.x402.pay_allowed_origins are.`);
    const inward = isIP(host) !== 0 || host === 'localhost';
    const deadline = AbortSignal.timeout(this.config.pay_timeout_ms);
    const addresses = await this.resolve(host, deadline);
    for (const { address } of addresses) {
      const refused = refusedAddress(address, { allowPrivate: inward });
      if (refused) throw refuse('forbidden_address', `${host} resolves to ${address}: ${refused}${inward ? '' : '; allow it by IP literal if it is meant'}.`);
    }
    return this.exchange(request, addresses[0]!, deadline);
  }

  /** The allow-list entry the URL's origin matches, if any. */
  private allowingEntry(url: URL): string | undefined {
    const entries = [new URL(this.config.public_url).origin, ...this.config.pay_allowed_origins];
    return entries.find((entry) => {
      if (entry.endsWith(':*')) {
        const base = new URL(entry.slice(0, -2));
        return base.protocol === url.protocol && base.hostname === url.hostname;
      }
      return new URL(entry).origin === url.origin;
    });
  }

  /** The host's addresses (a DNS lookup unless it is an IP literal); protected so tests can stand in for DNS. */
  protected async resolve(host: string, deadline: AbortSignal): Promise<Array<{ address: string; family: number }>> {
    if (isIP(host) !== 0) return [{ address: host, family: isIP(host) }];
    const found = await Promise.race([
      lookup(host, { all: true, verbatim: true }).catch(() => []),
      new Promise<'timeout'>((resolve) => deadline.addEventListener('abort', () => resolve('timeout'), { once: true })),
    ]);
    if (found === 'timeout') throw fail('timeout', `Resolving ${host} took longer than ${this.config.pay_timeout_ms} ms.`);
    if (found.length === 0) throw refuse('unresolvable_host', `The host '${host}' does not resolve.`);
    return found;
  }

  private exchange(request: PayHttpRequest, target: { address: string; family: number }, deadline: AbortSignal): Promise<PayHttpAnswer> {
    const { url } = request;
    const pinned: LookupFunction = (_host, options, callback) => {
      if ((options as { all?: boolean }).all) (callback as any)(null, [{ address: target.address, family: target.family }]);
      else callback(null, target.address, target.family);
    };
    const limit = this.config.pay_max_response_bytes;
    return new Promise<PayHttpAnswer>((resolve, reject) => {
      const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
      let req: ReturnType<typeof send>;
      try {
        req = send(
          {
            protocol: url.protocol,
            hostname: url.hostname.replace(/^\[|\]$/g, ''),
            port: url.port || undefined,
            path: `${url.pathname}${url.search}`,
            method: request.method,
            headers: { ...request.headers, ...(request.body === undefined ? {} : { 'content-length': String(Buffer.byteLength(request.body)) }) },
            lookup: pinned,
            agent: false,
            signal: deadline,
            ...(url.protocol === 'https:' && isIP(url.hostname) === 0 ? { servername: url.hostname } : {}),
          },
          (res: IncomingMessage) => {
            const chunks: Buffer[] = [];
            let read = 0;
            res.on('data', (chunk: Buffer) => {
              read += chunk.length;
              if (read > limit) {
                res.destroy();
                reject(fail('response_too_large', `The answer is larger than ${limit} bytes.`));
                return;
              }
              chunks.push(chunk);
            });
            res.on('end', () => {
              const headers: Record<string, string> = {};
              for (const [name, value] of Object.entries(res.headers)) if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
              resolve({ status: res.statusCode ?? 0, headers, body: Buffer.concat(chunks).toString('utf8') });
            });
            res.on('error', (error) => reject(fail('upstream_error', error.message)));
          },
        );
      } catch (error) {
        // node:http refuses a malformed request synchronously (a header it cannot send): the caller's input, not ours.
        reject(refuse('invalid_request', `The request cannot be sent: ${(error as Error).message}`));
        return;
      }
      req.on('error', (error: NodeJS.ErrnoException) => {
        if (deadline.aborted) reject(fail('timeout', `${url.origin} did not answer within ${this.config.pay_timeout_ms} ms.`));
        else reject(fail('upstream_error', error.code ? `${error.code}: ${error.message}` : error.message));
      });
      req.end(request.body);
    });
  }
}

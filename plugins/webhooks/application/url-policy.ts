import { inject, injectable } from 'inversify';
import { ValidationError } from '../../../kernel/public.js';
import { WebhooksConfig } from '../config.js';
import { parseWebhookUrl } from '../domain/subscription.js';
import { WebhookTransport } from '../ports.js';

/**
 * The subscription-time URL check: https (http only with allow_private),
 * no credentials, and every address the host resolves to public (SSRF).
 * The transport repeats the address check at every connect.
 */
@injectable()
export class UrlPolicy {
  constructor(
    @inject(WebhooksConfig) private readonly config: WebhooksConfig,
    @inject(WebhookTransport) private readonly transport: WebhookTransport,
  ) {}

  async check(value: unknown): Promise<string> {
    const url = parseWebhookUrl(value, { allowHttp: this.config.allow_private });
    const verdict = await this.transport.check(url);
    if (!verdict.ok) throw ValidationError.field('/url', verdict.reason, verdict.code);
    return url.toString();
  }
}

import { caip2Of } from '../domain/networks.js';
import type { PayHttpAnswer } from '../ports.js';

/** One way a 402 offers to be paid, as the buying side reads it (x402 v2 header or v1 body). */
export interface Offer {
  readonly x402Version: 1 | 2;
  readonly scheme: string;
  /** CAIP-2. */
  readonly network: string;
  readonly amount: bigint;
  readonly asset: string;
  readonly payTo: string;
  readonly maxTimeoutSeconds: number;
  /** As the server sent it: v2 answers it back in `accepted`. */
  readonly raw: Readonly<Record<string, unknown>>;
  /** v2's top-level resource, answered back in the payment. */
  readonly resource: unknown;
}

const decode = (value: string): unknown => {
  try {
    return JSON.parse(Buffer.from(value, 'base64').toString('utf8'));
  } catch {
    return undefined;
  }
};

/**
 * The offers of a 402: x402 v2's `PAYMENT-REQUIRED` header first, else a v1
 * body (`{x402Version: 1, accepts}`), as the reference client reads them.
 * Offers that are not well-formed are left out; none at all is an empty list.
 */
export function readOffers(answer: PayHttpAnswer): Offer[] {
  const header = answer.headers['payment-required'];
  if (header !== undefined) {
    const required = decode(header) as { x402Version?: unknown; accepts?: unknown; resource?: unknown } | undefined;
    if (required?.x402Version === 2 && Array.isArray(required.accepts)) return required.accepts.flatMap((one) => offerOf(2, one, 'amount', required.resource));
  }
  let body: { x402Version?: unknown; accepts?: unknown } | undefined;
  try {
    body = JSON.parse(answer.body);
  } catch {
    return [];
  }
  if (body?.x402Version === 1 && Array.isArray(body.accepts)) return body.accepts.flatMap((one) => offerOf(1, one, 'maxAmountRequired', undefined));
  return [];
}

function offerOf(version: 1 | 2, value: unknown, amountField: string, resource: unknown): Offer[] {
  if (typeof value !== 'object' || value === null) return [];
  const one = value as Record<string, unknown>;
  const network = typeof one.network === 'string' ? caip2Of(one.network) : undefined;
  const amount = typeof one[amountField] === 'string' && /^[0-9]{1,30}$/.test(one[amountField] as string) ? BigInt(one[amountField] as string) : undefined;
  if (typeof one.scheme !== 'string' || !network || amount === undefined || typeof one.asset !== 'string' || typeof one.payTo !== 'string') return [];
  const timeout = typeof one.maxTimeoutSeconds === 'number' && Number.isInteger(one.maxTimeoutSeconds) && one.maxTimeoutSeconds > 0 ? one.maxTimeoutSeconds : 60;
  return [{ x402Version: version, scheme: one.scheme, network, amount, asset: one.asset, payTo: one.payTo, maxTimeoutSeconds: timeout, raw: one, resource }];
}

/** The settlement answer of the paid retry (`PAYMENT-RESPONSE`, else `X-PAYMENT-RESPONSE`). */
export function readSettlement(answer: PayHttpAnswer): { success: boolean; transaction: string | null; errorReason: string | null } | undefined {
  const header = answer.headers['payment-response'] ?? answer.headers['x-payment-response'];
  const value = header === undefined ? undefined : (decode(header) as { success?: unknown; transaction?: unknown; errorReason?: unknown } | undefined);
  if (!value || typeof value.success !== 'boolean') return undefined;
  return {
    success: value.success,
    transaction: typeof value.transaction === 'string' && value.transaction !== '' ? value.transaction : null,
    errorReason: typeof value.errorReason === 'string' ? value.errorReason : null,
  };
}

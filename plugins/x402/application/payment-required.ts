import type { GateResponse } from '../../../kernel/public.js';
import type { PaymentRequirement } from '../domain/requirement.js';
import { v1NetworkName } from '../domain/networks.js';
import { unitsToDecimal } from '../domain/price.js';

/** Every header a 402 and a paid answer carry, exposed to browsers. */
const EXPOSED = 'X-Payment-Required, X-Payment-Network, X-Payment-Asset, X-Payment-Amount, X-Payment-Receiver, X-Payment-Facilitator, PAYMENT-REQUIRED, PAYMENT-RESPONSE, X-PAYMENT-RESPONSE';

const base64Json = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8').toString('base64');

/** x402 version 2's PaymentRequirements for the exact scheme. */
export function v2Requirement(r: PaymentRequirement) {
  return {
    scheme: 'exact',
    network: r.network,
    amount: r.amount.toString(),
    asset: r.contract,
    payTo: r.payTo,
    maxTimeoutSeconds: r.maxTimeoutSeconds,
    extra: { name: r.domain.name, version: r.domain.version },
  };
}

/** x402 version 1's, only on a network v1 has a name for. */
export function v1Requirement(r: PaymentRequirement) {
  const network = v1NetworkName(r.network);
  if (!network) return undefined;
  return {
    scheme: 'exact',
    network,
    maxAmountRequired: r.amount.toString(),
    resource: r.resource,
    description: r.description,
    mimeType: 'application/json',
    payTo: r.payTo,
    maxTimeoutSeconds: r.maxTimeoutSeconds,
    asset: r.contract,
    extra: { name: r.domain.name, version: r.domain.version },
  };
}

/**
 * A 402 in all three dialects at once, describing one payment: the spec's
 * X-Payment-* headers, x402 v2's PAYMENT-REQUIRED header, and x402 v1's body
 * (x402Version, error, accepts) merged with our error envelope. A refused
 * payment gets the same answer with its reason, plus a failing
 * PAYMENT-RESPONSE / X-PAYMENT-RESPONSE.
 */
export function paymentRequired(r: PaymentRequirement, facilitatorUrl: string, refusal?: { reason: string; detail: string; payer?: string }): GateResponse {
  const error = refusal ? refusal.reason : 'payment_required';
  const detail = refusal ? refusal.detail : `This call costs ${unitsToDecimal(r.amount, r.decimals)} ${r.asset} on ${r.network}: pay it with an EIP-3009 authorization (X-Payment-Payload and X-Payment-Signature, PAYMENT-SIGNATURE or X-PAYMENT).`;
  const v2 = { x402Version: 2, error, resource: { url: r.resource, description: r.description, mimeType: 'application/json' }, accepts: [v2Requirement(r)] };
  const v1 = v1Requirement(r);
  const headers: Record<string, string> = {
    'X-Payment-Required': 'true',
    'X-Payment-Network': r.network,
    'X-Payment-Asset': r.asset,
    'X-Payment-Amount': unitsToDecimal(r.amount, r.decimals),
    'X-Payment-Receiver': r.payTo,
    'X-Payment-Facilitator': facilitatorUrl,
    'PAYMENT-REQUIRED': base64Json(v2),
    'Access-Control-Expose-Headers': EXPOSED,
  };
  if (refusal) {
    const failed = base64Json({ success: false, errorReason: refusal.reason, transaction: '', network: r.network, payer: refusal.payer ?? '' });
    headers['PAYMENT-RESPONSE'] = failed;
    headers['X-PAYMENT-RESPONSE'] = failed;
  }
  return {
    status: 402,
    headers,
    body: {
      x402Version: 1,
      error,
      accepts: v1 ? [v1] : [],
      errors: [{ status: '402', code: error, title: 'Payment Required', detail }],
    },
  };
}

/** The headers of a paid answer: x402's SettleResponse in both its names. */
export function paymentResponseHeaders(r: PaymentRequirement, payer: string, transaction: string): Record<string, string> {
  const settled = base64Json({ success: true, transaction, network: r.network, payer, amount: r.amount.toString() });
  return { 'PAYMENT-RESPONSE': settled, 'X-PAYMENT-RESPONSE': settled, 'Access-Control-Expose-Headers': EXPOSED };
}

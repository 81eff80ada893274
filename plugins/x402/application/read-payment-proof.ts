import { z } from 'zod';
import { PaymentRefusal, type Dialect, type PaymentProof } from '../domain/payment-proof.js';

/** FinAegis' limit: a payment header larger than this is refused before decoding. */
export const MAX_HEADER_BYTES = 8_192;

const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/);
const uint = z.union([z.string().regex(/^\d{1,78}$/), z.number().int().nonnegative()]).transform((value) => BigInt(value));
const authorizationSchema = z.object({
  from: address,
  to: address,
  value: uint,
  validAfter: uint,
  validBefore: uint,
  nonce: z.string().regex(/^0x[0-9a-fA-F]{64}$/),
});
const signatureSchema = z.string().regex(/^0x[0-9a-fA-F]{130}$/);
const exactPayload = z.object({ signature: signatureSchema.optional(), authorization: authorizationSchema });
const v1Payload = z.object({ x402Version: z.literal(1), scheme: z.string(), network: z.string(), payload: exactPayload });
const v2Payload = z.object({ x402Version: z.literal(2), accepted: z.object({ scheme: z.string(), network: z.string() }).passthrough(), payload: exactPayload });

function decodeJson(header: string, name: string): unknown {
  if (header.length > MAX_HEADER_BYTES) throw new PaymentRefusal('invalid_payload', `${name} is larger than ${MAX_HEADER_BYTES} bytes.`);
  const text = header.trim();
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(text)) throw new PaymentRefusal('invalid_payload', `${name} is not base64.`);
  try {
    return JSON.parse(Buffer.from(text, text.includes('-') || text.includes('_') ? 'base64url' : 'base64').toString('utf8'));
  } catch {
    throw new PaymentRefusal('invalid_payload', `${name} is not base64 of a JSON document.`);
  }
}

function refuseShape(name: string): never {
  throw new PaymentRefusal('invalid_payload', `${name} is not an x402 "exact" EVM payment payload (x402Version, scheme, network, payload.signature and payload.authorization with from, to, value, validAfter, validBefore, nonce).`);
}

/**
 * The payment proof a call carries, first match wins: `PAYMENT-SIGNATURE`
 * (x402 v2), `X-PAYMENT` (x402 v1), or the spec's `X-Payment-Payload`
 * (base64 JSON of a full v1/v2 payload or a bare authorization) with
 * `X-Payment-Signature` (the 65-byte EIP-712 signature, which overrides the
 * payload's). Undefined when the call carries none; a PaymentRefusal when it
 * carries one that cannot be read.
 */
export function readPaymentProof(header: (name: string) => string | undefined): PaymentProof | undefined {
  const v2 = header('payment-signature');
  if (v2 !== undefined) {
    const parsed = v2Payload.safeParse(decodeJson(v2, 'PAYMENT-SIGNATURE'));
    if (!parsed.success) refuseShape('PAYMENT-SIGNATURE');
    const { accepted, payload } = parsed.data;
    if (!payload.signature) refuseShape('PAYMENT-SIGNATURE');
    return proof('x402-v2', 2, accepted.network, accepted.scheme, payload.authorization, payload.signature);
  }
  const v1 = header('x-payment');
  if (v1 !== undefined) {
    const parsed = v1Payload.safeParse(decodeJson(v1, 'X-PAYMENT'));
    if (!parsed.success) refuseShape('X-PAYMENT');
    const { network, scheme, payload } = parsed.data;
    if (!payload.signature) refuseShape('X-PAYMENT');
    return proof('x402-v1', 1, network, scheme, payload.authorization, payload.signature);
  }
  const ours = header('x-payment-payload');
  const signature = header('x-payment-signature');
  if (ours === undefined && signature === undefined) return undefined;
  if (ours === undefined || signature === undefined) throw new PaymentRefusal('invalid_payload', 'X-Payment-Payload and X-Payment-Signature go together.');
  if (!signatureSchema.safeParse(signature.trim()).success) throw new PaymentRefusal('invalid_payload', 'X-Payment-Signature is not a 0x-prefixed 65-byte hex signature.');
  const json = decodeJson(ours, 'X-Payment-Payload');
  const full = z.union([v1Payload, v2Payload]).safeParse(json);
  if (full.success) {
    const data = full.data;
    const [network, scheme] = data.x402Version === 2 ? [data.accepted.network, data.accepted.scheme] : [data.network, data.scheme];
    return proof('x-payment', data.x402Version, network, scheme, data.payload.authorization, signature.trim());
  }
  const bare = authorizationSchema.safeParse(json);
  if (!bare.success) refuseShape('X-Payment-Payload');
  return proof('x-payment', 2, undefined, undefined, bare.data, signature.trim());
}

function proof(dialect: Dialect, x402Version: 1 | 2, network: string | undefined, scheme: string | undefined, authorization: z.output<typeof authorizationSchema>, signature: string): PaymentProof {
  return {
    dialect,
    x402Version,
    network,
    scheme,
    authorization: { ...authorization, from: authorization.from as `0x${string}`, to: authorization.to as `0x${string}`, nonce: authorization.nonce.toLowerCase() as `0x${string}` },
    signature: signature as `0x${string}`,
  };
}

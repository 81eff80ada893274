/** An EIP-3009 TransferWithAuthorization as signed by the payer. */
export interface Authorization {
  readonly from: `0x${string}`;
  readonly to: `0x${string}`;
  readonly value: bigint;
  readonly validAfter: bigint;
  readonly validBefore: bigint;
  readonly nonce: `0x${string}`;
}

export type Dialect = 'x402-v2' | 'x402-v1' | 'x-payment';

/** A payment proof from any of the three header dialects, normalised. */
export interface PaymentProof {
  readonly dialect: Dialect;
  readonly x402Version: 1 | 2;
  /** As the payload names it (CAIP-2 for v2, a v1 name for v1); undefined when a bare authorization was sent. */
  readonly network: string | undefined;
  readonly scheme: string | undefined;
  readonly authorization: Authorization;
  readonly signature: `0x${string}`;
}

/** Why a payment is refused: an x402 error code and a sentence for people. */
export class PaymentRefusal extends Error {
  constructor(
    readonly reason: string,
    message: string,
  ) {
    super(message);
  }
}

/** A path of this service a team charges for (POST /x402/endpoints). */
export interface EndpointRecord {
  readonly id: string;
  readonly teamId: string;
  /** As a client calls it, e.g. `/api/v2/gcu/composition`; unique across the service. */
  readonly path: string;
  readonly priceUsdCents: number;
  /** CAIP-2. */
  readonly network: string;
  readonly asset: string;
  readonly description: string;
  /** The team's account whose custody address on the network receives the payments. */
  readonly accountId: string;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

export type PaymentStatus = 'verified' | 'settled' | 'failed';
export type PaymentDirection = 'received' | 'made';

/** One payment the team received (a paid call of its endpoint) or made (POST /x402/pay). */
export interface PaymentRecord {
  readonly id: string;
  readonly teamId: string;
  readonly direction: PaymentDirection;
  readonly status: PaymentStatus;
  /** The x402 reason of a failed payment. */
  readonly failureReason: string | null;
  readonly network: string;
  readonly asset: string;
  /** Base units. */
  readonly amount: bigint;
  readonly payer: string;
  readonly receiver: string;
  readonly endpointId: string | null;
  readonly resource: string;
  readonly nonce: string;
  readonly txHash: string | null;
  readonly settledAt: Date | null;
  readonly createdAt: Date;
  /** A payment made: the paying account, the agent (API key or session id) that asked, the cents counted against the limits, the authorization's validBefore. Null on payments received. */
  readonly made: MadePayment | null;
}

export interface MadePayment {
  readonly accountId: string;
  readonly agentKeyId: string | null;
  readonly spentCents: bigint;
  readonly validBefore: Date;
  /** The Idempotency-Key of the POST /x402/pay that made it, unique per team: a retry answers this payment instead of paying again. */
  readonly requestKey: string | null;
}

/** What finishing a verified payment writes. */
export interface PaymentOutcome {
  readonly status: 'settled' | 'failed';
  readonly failureReason: string | null;
  readonly txHash: string | null;
  readonly settledAt: Date | null;
}

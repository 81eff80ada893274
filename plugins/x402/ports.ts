import { token, type PageRequest, type Slice, type Tx } from '../../kernel/public.js';
import type { PaymentProof } from './domain/payment-proof.js';
import type { EndpointRecord, PaymentOutcome, PaymentRecord } from './domain/records.js';
import type { Budget, SpendingLimit } from './domain/spending.js';
import type { PaymentRequirement } from './domain/requirement.js';

/** Monetized endpoints (x402_endpoints). Scoped by team except findByPath, which the payment gate uses for any caller. */
export interface EndpointRepository {
  /** False (and nothing stored) when another registration holds the path. */
  insert(tx: Tx, endpoint: EndpointRecord): Promise<boolean>;
  find(tx: Tx, teamId: string, id: string): Promise<EndpointRecord | undefined>;
  findByPath(tx: Tx, path: string): Promise<EndpointRecord | undefined>;
  /** Oldest first. */
  list(tx: Tx, teamId: string, page: PageRequest): Promise<Slice<EndpointRecord>>;
  /** Replaces the team's registration; undefined when it has none by that id. */
  update(tx: Tx, endpoint: EndpointRecord): Promise<EndpointRecord | undefined>;
  delete(tx: Tx, teamId: string, id: string): Promise<boolean>;
}
export const EndpointRepository = token<EndpointRepository>('x402.endpoint-repository');

/** Payments (x402_payments) and the used EIP-3009 nonces (x402_nonces). */
export interface PaymentRepository {
  /**
   * Marks (network, payer, nonce) used: true for the first claim, false when
   * it was claimed before. Inside the settling transaction, so of concurrent
   * claims of one nonce exactly one commits (SQL: a primary key).
   */
  claimNonce(tx: Tx, network: string, payer: string, nonce: string): Promise<boolean>;
  isNonceUsed(tx: Tx, network: string, payer: string, nonce: string): Promise<boolean>;
  /** False (nothing stored) when the team already has a payment made under the same request key (MadePayment.requestKey). */
  insert(tx: Tx, payment: PaymentRecord): Promise<boolean>;
  find(tx: Tx, teamId: string, id: string): Promise<PaymentRecord | undefined>;
  /** The team's payment made by the POST /x402/pay sent with this Idempotency-Key. */
  findMade(tx: Tx, teamId: string, requestKey: string): Promise<PaymentRecord | undefined>;
  /** Newest first. */
  list(tx: Tx, teamId: string, page: PageRequest): Promise<Slice<PaymentRecord>>;
  /** Payments of the team by status. */
  counts(tx: Tx, teamId: string): Promise<Record<PaymentRecord['status'], number>>;
  /**
   * Moves a `verified` payment to its outcome; false (nothing changes) when
   * it is not verified any more, so a completion and the recovery racing
   * for one payment finish it once. Answers the record after.
   */
  finish(tx: Tx, id: string, outcome: PaymentOutcome): Promise<PaymentRecord | undefined>;
  /** Verified payments created before `before`, oldest first, of any team: what recovery looks at. */
  staleVerified(tx: Tx, before: Date, limit: number): Promise<PaymentRecord[]>;
  /** The settled payment received with this authorization (any team): how a payment made to this service learns its settlement. */
  settledByNonce(tx: Tx, network: string, payer: string, nonce: string): Promise<PaymentRecord | undefined>;
}
export const PaymentRepository = token<PaymentRepository>('x402.payment-repository');

/** Who a settled payment credits: a team's account (its custody address is the payTo). */
export interface PaymentReceiver {
  readonly teamId: string;
  readonly accountId: string;
  readonly endpointId: string | null;
  /** The `verified` record the gate wrote for this payment, finished by the settlement; without it a new record is inserted. */
  readonly verifiedPaymentId?: string;
}

export interface Settlement {
  readonly payer: string;
  /** The hash of the chain transaction that moved the tokens. */
  readonly transaction: string;
  readonly payment: PaymentRecord;
}

/**
 * The x402 facilitator role: verifies a payment against a requirement and
 * settles it (executes the EIP-3009 authorization on chain, paying the gas).
 * The built-in one works on the service's simulated chains and credits the
 * receiving account in the ledger in the same transaction; an adapter for a
 * remote facilitator (x402.org) would call its /verify and /settle instead.
 * Both throw a PaymentRefusal with the x402 reason.
 */
export interface Facilitator {
  /** `builtin`, or a remote facilitator's name. */
  readonly kind: string;
  /** Answers the payer. */
  verify(proof: PaymentProof, requirement: PaymentRequirement): Promise<`0x${string}`>;
  settle(proof: PaymentProof, requirement: PaymentRequirement, receiver: PaymentReceiver): Promise<Settlement>;
}
export const Facilitator = token<Facilitator>('x402.facilitator');

/** Spending limits (x402_spending_limits: the team's and its agents') and what was spent per window (x402_spending). */
export interface SpendingRepository {
  find(tx: Tx, teamId: string, subject: string): Promise<SpendingLimit | undefined>;
  /** The team's record first, then its agents oldest first. */
  list(tx: Tx, teamId: string): Promise<SpendingLimit[]>;
  put(tx: Tx, limit: SpendingLimit): Promise<void>;
  delete(tx: Tx, teamId: string, subject: string): Promise<boolean>;
  /**
   * Adds `cents` to each budget's counter if, for every one, the counter
   * plus `cents` stays within its cap; false and nothing counted otherwise.
   * SQL: one conditional upsert per counter (the row lock serializes
   * concurrent reservations, the condition is evaluated under it), so 20
   * concurrent payments against a budget of 5 count exactly 5.
   */
  reserve(tx: Tx, teamId: string, budgets: readonly Budget[], cents: bigint): Promise<boolean>;
  /** Gives `cents` back to each counter (a payment that failed). */
  release(tx: Tx, teamId: string, budgets: readonly Omit<Budget, 'capCents'>[], cents: bigint): Promise<void>;
  /** Cents counted for a subject in a period. */
  spent(tx: Tx, teamId: string, subject: string, period: string): Promise<bigint>;
}
export const SpendingRepository = token<SpendingRepository>('x402.spending-repository');

/** One HTTP exchange of the buying side, after the URL policy allowed it. */
export interface PayHttpRequest {
  readonly url: URL;
  readonly method: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string | undefined;
}

export interface PayHttpAnswer {
  readonly status: number;
  /** Lower-case names. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

/**
 * How POST /x402/pay reaches a paid URL (adapters/http/http-pay-transport.ts):
 * the origin allow-list, private addresses refused unless allowed, the
 * connection pinned to the checked address, no redirects, a timeout and a
 * response size cap. Throws a PayTransportError with the reason.
 */
export interface PayTransport {
  send(request: PayHttpRequest): Promise<PayHttpAnswer>;
}
export const PayTransport = token<PayTransport>('x402.pay-transport');

/** Why the transport did not get an answer: the URL is not allowed (422 at /url) or the exchange failed (502). */
export class PayTransportError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly refusedUrl: boolean,
  ) {
    super(message);
  }
}

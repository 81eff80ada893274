import { token, type PageRequest, type Slice, type Tx } from '../../kernel/public.js';
import type { PaymentProof } from './domain/payment-proof.js';
import type { EndpointRecord, PaymentRecord } from './domain/records.js';
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
  insert(tx: Tx, payment: PaymentRecord): Promise<void>;
  /** Newest first. */
  list(tx: Tx, teamId: string, page: PageRequest): Promise<Slice<PaymentRecord>>;
  /** Payments of the team by status. */
  counts(tx: Tx, teamId: string): Promise<Record<PaymentRecord['status'], number>>;
}
export const PaymentRepository = token<PaymentRepository>('x402.payment-repository');

/** Who a settled payment credits: a team's account (its custody address is the payTo). */
export interface PaymentReceiver {
  readonly teamId: string;
  readonly accountId: string;
  readonly endpointId: string | null;
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

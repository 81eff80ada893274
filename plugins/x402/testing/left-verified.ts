import type { PaymentRecord } from '../domain/records.js';

/**
 * A payment made of 0.01 USDC on Base as POST /x402/pay leaves it when its
 * process stops after counting and recording it: `verified`, its
 * authorization valid for a minute more. Tests insert it to drive recovery
 * and the retry of a lost request.
 */
export function madePaymentLeftVerified(p: {
  readonly id: string;
  readonly teamId: string;
  readonly accountId: string;
  readonly payer: string;
  readonly receiver: string;
  readonly resource: string;
  readonly nonce: string;
  readonly now: Date;
  readonly spentCents: bigint;
  readonly requestKey?: string;
}): PaymentRecord {
  return {
    id: p.id,
    teamId: p.teamId,
    direction: 'made',
    status: 'verified',
    failureReason: null,
    network: 'eip155:8453',
    asset: 'USDC',
    amount: 10_000n,
    payer: p.payer,
    receiver: p.receiver,
    endpointId: null,
    resource: p.resource,
    nonce: p.nonce,
    txHash: null,
    settledAt: null,
    createdAt: p.now,
    made: { accountId: p.accountId, agentKeyId: null, spentCents: p.spentCents, validBefore: new Date(p.now.getTime() + 60_000), requestKey: p.requestKey ?? null },
  };
}

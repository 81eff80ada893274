import { inject, injectable } from 'inversify';
import { Clock, Ids, UnitOfWork, type GateCall, type GateDecision, type RequestGate } from '../../../kernel/public.js';
import { X402Config } from '../config.js';
import { PaymentRefusal, type PaymentProof } from '../domain/payment-proof.js';
import { readPaymentProof } from './read-payment-proof.js';
import type { EndpointRecord } from '../domain/records.js';
import type { PaymentRequirement } from '../domain/requirement.js';
import { EndpointRepository, Facilitator, PaymentRepository } from '../ports.js';
import { paymentRequired, paymentResponseHeaders } from './payment-required.js';
import { Requirements } from './requirements.js';

/**
 * The RequestGate x402 provides: a call of a monetized path (by another team
 * than its owner, or anonymous) without payment is answered 402 with the
 * requirement in all three dialects; with a payment it is verified before
 * the route runs and settled after it succeeded (as the x402 reference
 * server does: a failed call is not charged); every refusal is a 402 with
 * its reason. Only paths under a monetizable prefix are looked up, so other
 * routes pay nothing for the gate.
 */
@injectable()
export class PaymentGate implements RequestGate {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(EndpointRepository) private readonly endpoints: EndpointRepository,
    @inject(PaymentRepository) private readonly payments: PaymentRepository,
    @inject(Facilitator) private readonly facilitator: Facilitator,
    @inject(Requirements) private readonly requirements: Requirements,
    @inject(X402Config) private readonly config: X402Config,
    @inject(Clock) private readonly clock: Clock,
    @inject(Ids) private readonly ids: Ids,
  ) {}

  async check(call: GateCall): Promise<GateDecision> {
    if (!this.config.monetizable_prefixes.some((prefix) => call.path.startsWith(prefix))) return { kind: 'open' };
    const found = await this.uow.run(async (tx) => {
      const endpoint = await this.endpoints.findByPath(tx, call.path);
      return endpoint && { endpoint, requirement: await this.requirements.of(tx, endpoint, call.url) };
    });
    // The owner's own calls are free: paying oneself moves nothing.
    if (!found || found.endpoint.teamId === call.actor.teamId) return { kind: 'open' };
    const { endpoint, requirement } = found;
    const facilitatorUrl = this.requirements.facilitatorUrl(call.url);
    const refuse = async (refusal: PaymentRefusal, proof?: PaymentProof): Promise<GateDecision> => {
      if (proof) await this.recordFailure(endpoint, requirement, proof, refusal.reason);
      return { kind: 'refused', response: paymentRequired(requirement, facilitatorUrl, { reason: refusal.reason, detail: refusal.message, ...(proof ? { payer: proof.authorization.from } : {}) }) };
    };
    let proof: PaymentProof | undefined;
    try {
      proof = readPaymentProof(call.header);
    } catch (error) {
      if (error instanceof PaymentRefusal) return refuse(error);
      throw error;
    }
    if (!proof) return { kind: 'refused', response: paymentRequired(requirement, facilitatorUrl) };
    const paid = proof;
    try {
      await this.facilitator.verify(paid, requirement);
    } catch (error) {
      if (error instanceof PaymentRefusal) return refuse(error, paid);
      throw error;
    }
    // Verified and not settled yet, committed on its own: a crash before the settlement leaves this row, which recovery fails.
    const verifiedPaymentId = await this.recordVerified(endpoint, requirement, paid);
    return {
      kind: 'admitted',
      complete: async () => {
        try {
          const settled = await this.facilitator.settle(paid, requirement, { teamId: endpoint.teamId, accountId: endpoint.accountId, endpointId: endpoint.id, verifiedPaymentId });
          return { ok: true, headers: paymentResponseHeaders(requirement, settled.payer, settled.transaction) };
        } catch (error) {
          if (!(error instanceof PaymentRefusal)) throw error;
          await this.uow.run((tx) => this.payments.finish(tx, verifiedPaymentId, { status: 'failed', failureReason: error.reason, txHash: null, settledAt: null }));
          return { ok: false, response: paymentRequired(requirement, facilitatorUrl, { reason: error.reason, detail: error.message, payer: paid.authorization.from }) };
        }
      },
    };
  }

  private async recordVerified(endpoint: EndpointRecord, requirement: PaymentRequirement, proof: PaymentProof): Promise<string> {
    const id = this.ids.uuid();
    await this.uow.run((tx) => this.payments.insert(tx, { ...this.received(endpoint, requirement, proof), id, status: 'verified', failureReason: null }));
    return id;
  }

  private received(endpoint: EndpointRecord, requirement: PaymentRequirement, proof: PaymentProof) {
    return {
      teamId: endpoint.teamId,
      direction: 'received' as const,
      network: requirement.network,
      asset: requirement.asset,
      amount: proof.authorization.value,
      payer: proof.authorization.from,
      receiver: proof.authorization.to,
      endpointId: endpoint.id,
      resource: requirement.resource,
      nonce: proof.authorization.nonce,
      txHash: null,
      settledAt: null,
      createdAt: this.clock.now(),
      made: null,
    };
  }

  /** A refused payment is kept as failed in the receiving team's history, with its reason. */
  private async recordFailure(endpoint: EndpointRecord, requirement: PaymentRequirement, proof: PaymentProof, reason: string): Promise<void> {
    await this.uow.run((tx) => this.payments.insert(tx, { ...this.received(endpoint, requirement, proof), id: this.ids.uuid(), status: 'failed', failureReason: reason }));
  }
}

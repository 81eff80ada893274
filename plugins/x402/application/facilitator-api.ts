import { inject, injectable } from 'inversify';
import { getAddress, isAddress } from 'viem';
import { OnChainHoldings, UnitOfWork, type Operation, type RequestContext } from '../../../kernel/public.js';
import { X402Config } from '../config.js';
import { caip2Of } from '../domain/networks.js';
import { PaymentRefusal, type PaymentProof } from '../domain/payment-proof.js';
import { readPaymentProof } from './read-payment-proof.js';
import type { PaymentRequirement } from '../domain/requirement.js';
import type { FacilitatorRequest, SettleResponse, VerifyResponse } from '../operations.js';
import { Facilitator } from '../ports.js';
import { X402Networks } from './x402-networks.js';

/**
 * The facilitator's own REST API as the x402 specification defines it, so
 * an external x402 server can verify and settle through this service: the
 * body's paymentPayload and paymentRequirements are read as the headers'
 * payloads are (one decoder), then handed to the Facilitator port. A payment
 * that fails answers 200 with isValid/success false and the reason, as the
 * specification says; a body that is not x402 at all is a 422.
 */
@injectable()
export class FacilitatorRequests {
  constructor(
    @inject(X402Networks) private readonly networks: X402Networks,
    @inject(X402Config) private readonly config: X402Config,
  ) {}

  read(request: FacilitatorRequest): { proof: PaymentProof; requirement: PaymentRequirement } {
    const header = request.x402Version === 2 ? 'payment-signature' : 'x-payment';
    const encoded = Buffer.from(JSON.stringify(request.paymentPayload), 'utf8').toString('base64');
    const proof = readPaymentProof((name) => (name === header ? encoded : undefined))!;
    const r = request.paymentRequirements;
    const network = typeof r['network'] === 'string' ? caip2Of(r['network']) : undefined;
    const found = network ? this.networks.find(network) : undefined;
    if (!found) throw new PaymentRefusal('invalid_network', `paymentRequirements.network must be one of ${this.networks.list().map((one) => one.network).join(', ')}.`);
    const contract = typeof r['asset'] === 'string' && isAddress(r['asset'], { strict: false }) ? getAddress(r['asset']) : undefined;
    const asset = found.assets.find((one) => one.contract === contract);
    if (!asset) throw new PaymentRefusal('invalid_payment_requirements', `paymentRequirements.asset must be the contract of ${found.assets.map((one) => one.asset).join(', ')} on ${found.network}.`);
    const amount = r['amount'] ?? r['maxAmountRequired'];
    const payTo = r['payTo'];
    if (typeof amount !== 'string' || !/^\d{1,78}$/.test(amount) || typeof payTo !== 'string' || !isAddress(payTo, { strict: false })) {
      throw new PaymentRefusal('invalid_payment_requirements', 'paymentRequirements needs amount (or maxAmountRequired) as a digit string and payTo as an address.');
    }
    const resource = r['resource'] ?? (request.paymentPayload['resource'] as { url?: unknown } | undefined)?.url;
    return {
      proof,
      requirement: {
        network: found.network,
        chainId: found.chainId,
        chain: found.chain,
        asset: asset.asset,
        contract: asset.contract,
        decimals: asset.decimals,
        domain: asset.domain,
        amount: BigInt(amount),
        payTo: getAddress(payTo),
        resource: typeof resource === 'string' ? resource.slice(0, 2_000) : '',
        description: typeof r['description'] === 'string' ? r['description'].slice(0, 500) : '',
        maxTimeoutSeconds: this.config.max_timeout_seconds,
      },
    };
  }
}

/** POST /x402/facilitator/verify. */
@injectable()
export class FacilitatorVerifyOperation implements Operation<FacilitatorRequest, VerifyResponse> {
  constructor(
    @inject(FacilitatorRequests) private readonly requests: FacilitatorRequests,
    @inject(Facilitator) private readonly facilitator: Facilitator,
  ) {}

  async execute(input: FacilitatorRequest, _ctx: RequestContext): Promise<VerifyResponse> {
    try {
      const { proof, requirement } = this.requests.read(input);
      return { isValid: true, payer: await this.facilitator.verify(proof, requirement) };
    } catch (error) {
      if (error instanceof PaymentRefusal) return { isValid: false, invalidReason: error.reason };
      throw error;
    }
  }
}

/** POST /x402/facilitator/settle: payTo must be a custody address of this service, whose owner's account is credited. */
@injectable()
export class FacilitatorSettleOperation implements Operation<FacilitatorRequest, SettleResponse> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(FacilitatorRequests) private readonly requests: FacilitatorRequests,
    @inject(Facilitator) private readonly facilitator: Facilitator,
    @inject(OnChainHoldings) private readonly holdings: OnChainHoldings,
  ) {}

  async execute(input: FacilitatorRequest, _ctx: RequestContext): Promise<SettleResponse> {
    let network = typeof input.paymentRequirements['network'] === 'string' ? input.paymentRequirements['network'] : '';
    try {
      const { proof, requirement } = this.requests.read(input);
      network = requirement.network;
      const owner = await this.uow.run((tx) => this.holdings.custodyOwner(tx, requirement.chain, requirement.payTo));
      if (!owner) throw new PaymentRefusal('invalid_payment_requirements', 'payTo is not a custody address of this service: this facilitator settles only to its own accounts.');
      const settled = await this.facilitator.settle(proof, requirement, { ...owner, endpointId: null });
      return { success: true, payer: settled.payer, transaction: settled.transaction, network };
    } catch (error) {
      if (error instanceof PaymentRefusal) return { success: false, errorReason: error.reason, transaction: '', network };
      throw error;
    }
  }
}

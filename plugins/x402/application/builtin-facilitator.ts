import { inject, injectable } from 'inversify';
import { AssetCatalog, Chain, Clock, Ids, Ledger, OnChainHoldings, UnitOfWork, WORLD_ACCOUNT, type Tx } from '../../../kernel/public.js';
import { PaymentRefusal, type PaymentProof } from '../domain/payment-proof.js';
import type { PaymentRecord } from '../domain/records.js';
import type { PaymentRequirement } from '../domain/requirement.js';
import { verifyAuthorization } from '../domain/verify-authorization.js';
import { PaymentSettled } from '../events.js';
import { PaymentRepository, type Facilitator, type PaymentReceiver, type Settlement } from '../ports.js';
import { paymentView } from './views.js';

/**
 * The facilitator on the service's own chains. Verify: the offline checks
 * (domain/verify-authorization.ts), then the nonce unused and the payer's
 * balance on the chain. Settle, in one unit of work: claim the nonce (a
 * unique row, so of concurrent copies one settles), post {system:world −v,
 * receiver +v} with the payer as the holding's counterparty, which the
 * ledger's on-chain mirror executes as the payer's transfer to the
 * receiver's custody address (refused when the payer lacks the tokens), and
 * record the payment with its event. Gas is the service's sponsor's, as for
 * every simulated transfer.
 */
@injectable()
export class BuiltinFacilitator implements Facilitator {
  readonly kind = 'builtin';

  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(PaymentRepository) private readonly payments: PaymentRepository,
    @inject(Ledger) private readonly ledger: Ledger,
    @inject(OnChainHoldings) private readonly holdings: OnChainHoldings,
    @inject(AssetCatalog) private readonly assets: AssetCatalog,
    @inject(Chain) private readonly chain: Chain,
    @inject(Clock) private readonly clock: Clock,
    @inject(Ids) private readonly ids: Ids,
  ) {}

  async verify(proof: PaymentProof, requirement: PaymentRequirement): Promise<`0x${string}`> {
    const payer = await verifyAuthorization(proof, requirement, this.clock.now());
    await this.uow.readOnly((tx) => this.checkState(tx, proof, requirement, payer));
    return payer;
  }

  async settle(proof: PaymentProof, requirement: PaymentRequirement, receiver: PaymentReceiver): Promise<Settlement> {
    const payer = await verifyAuthorization(proof, requirement, this.clock.now());
    const { value, nonce } = proof.authorization;
    return this.uow.run(async (tx) => {
      if (!(await this.payments.claimNonce(tx, requirement.network, payer, nonce))) throw nonceUsed();
      const code = this.holdings.resolve(this.assets.require(requirement.asset, '/asset'), requirement.chain, '/network').code;
      const id = receiver.verifiedPaymentId ?? this.ids.uuid();
      const transaction = await this.move(tx, { id, code, value, payer, requirement, receiver }).catch((error: unknown) => {
        if ((error as { code?: unknown }).code === 'insufficient_funds') throw insufficient(payer);
        throw error;
      });
      const now = this.clock.now();
      const settled = { status: 'settled' as const, failureReason: null, txHash: transaction, settledAt: now };
      let payment: PaymentRecord | undefined;
      if (receiver.verifiedPaymentId !== undefined) payment = await this.payments.finish(tx, receiver.verifiedPaymentId, settled);
      if (!payment) {
        // No verified record (the facilitator API), or recovery failed it meanwhile: the settlement is recorded afresh.
        payment = {
          id: receiver.verifiedPaymentId !== undefined ? this.ids.uuid() : id,
          teamId: receiver.teamId,
          direction: 'received',
          network: requirement.network,
          asset: requirement.asset,
          amount: value,
          payer,
          receiver: requirement.payTo,
          endpointId: receiver.endpointId,
          resource: requirement.resource,
          nonce,
          createdAt: now,
          made: null,
          ...settled,
        };
        await this.payments.insert(tx, payment);
      }
      await tx.append([{ type: PaymentSettled.name, teamId: receiver.teamId, aggregateType: 'x402_payment', aggregateId: payment.id, payload: paymentView(payment, requirement.decimals) }]);
      return { payer, transaction, payment };
    });
  }

  /**
   * The ledger movement of a settlement and its one chain transfer. A payer
   * that is one of this service's custody addresses (a team paying another
   * with POST /x402/pay) is a customer account: its team's account pays the
   * receiver's across the two teams' books. An outside wallet is system:world
   * with the payer as the holding's counterparty.
   */
  private async move(tx: Tx, m: { id: string; code: string; value: bigint; payer: `0x${string}`; requirement: PaymentRequirement; receiver: PaymentReceiver }): Promise<string> {
    const owner = await this.holdings.custodyOwner(tx, m.requirement.chain, m.payer);
    if (owner) {
      const posted = await this.ledger.postAcross(tx, { kind: 'x402.payment', reference: m.id, assetCode: m.code, amount: m.value, from: owner, to: { teamId: m.receiver.teamId, accountId: m.receiver.accountId } });
      return posted.chainTransaction?.hash ?? '';
    }
    const posted = await this.ledger.post(tx, m.receiver.teamId, {
      kind: 'x402.payment',
      reference: m.id,
      legs: [
        { accountId: WORLD_ACCOUNT, assetCode: m.code, amount: -m.value },
        { accountId: m.receiver.accountId, assetCode: m.code, amount: m.value },
      ],
      counterparties: { [m.code]: m.payer },
    });
    return posted.chainTransactions[0]?.hash ?? '';
  }

  private async checkState(tx: Tx, proof: PaymentProof, requirement: PaymentRequirement, payer: string): Promise<void> {
    const { value, nonce } = proof.authorization;
    if (await this.payments.isNonceUsed(tx, requirement.network, payer, nonce)) throw nonceUsed();
    const balance = await this.chain.balanceOf(tx, requirement.chain, payer, requirement.asset);
    if (balance < value) throw insufficient(payer);
  }
}

const nonceUsed = () => new PaymentRefusal('invalid_exact_evm_payload_authorization_nonce_used', 'This authorization’s nonce was used before: an authorization settles once.');
const insufficient = (payer: string) => new PaymentRefusal('insufficient_funds', `${payer} does not hold the amount on the chain.`);

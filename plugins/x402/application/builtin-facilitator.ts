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
      const id = this.ids.uuid();
      const posted = await this.ledger
        .post(tx, receiver.teamId, {
          kind: 'x402.payment',
          reference: id,
          legs: [
            { accountId: WORLD_ACCOUNT, assetCode: code, amount: -value },
            { accountId: receiver.accountId, assetCode: code, amount: value },
          ],
          counterparties: { [code]: payer },
        })
        .catch((error: unknown) => {
          if ((error as { code?: unknown }).code === 'insufficient_funds') throw insufficient(payer);
          throw error;
        });
      const transaction = posted.chainTransactions[0]?.hash ?? '';
      const now = this.clock.now();
      const payment: PaymentRecord = {
        id,
        teamId: receiver.teamId,
        direction: 'received',
        status: 'settled',
        failureReason: null,
        network: requirement.network,
        asset: requirement.asset,
        amount: value,
        payer,
        receiver: requirement.payTo,
        endpointId: receiver.endpointId,
        resource: requirement.resource,
        nonce,
        txHash: transaction,
        settledAt: now,
        createdAt: now,
      };
      await this.payments.insert(tx, payment);
      await tx.append([{ type: PaymentSettled.name, teamId: receiver.teamId, aggregateType: 'x402_payment', aggregateId: id, payload: paymentView(payment, requirement.decimals) }]);
      return { payer, transaction, payment };
    });
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

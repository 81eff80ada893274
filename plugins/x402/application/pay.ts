import { inject, injectable } from 'inversify';
import { getAddress, toHex } from 'viem';
import {
  AppError,
  BusinessRuleError,
  chooseAccount,
  Clock,
  ConflictError,
  Ids,
  Ledger,
  OnChainHoldings,
  Random,
  UnitOfWork,
  ValidationError,
  type OutboundOperation,
  type RequestContext,
} from '../../../kernel/public.js';
import { X402Config } from '../config.js';
import { v1NetworkName } from '../domain/networks.js';
import { decimalToUnits, unitsToCentsCeil } from '../domain/price.js';
import type { PaymentRecord } from '../domain/records.js';
import { agentSubject, budgetsOf, TEAM_SUBJECT } from '../domain/spending.js';
import { TRANSFER_WITH_AUTHORIZATION_TYPES } from '../domain/verify-authorization.js';
import type { PayInput, PayView } from '../operations.js';
import { PaymentRepository, PayTransport, PayTransportError, SpendingRepository, type PayHttpAnswer } from '../ports.js';
import { FinishMadePayment } from './finish-made-payment.js';
import { readOffers, readSettlement, type Offer } from './read-offer.js';
import { paymentView } from './views.js';
import { X402Networks, type X402Asset, type X402Network } from './x402-networks.js';

/** The paid URL did not answer usably: a 502 that names the reason. */
class UpstreamError extends AppError {
  constructor(code: string, detail: string) {
    super(502, code, 'Bad gateway', detail, { pointer: '/url' });
  }
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8').toString('base64');

/**
 * POST /x402/pay: the service pays an x402-protected URL for the caller
 * from the team's custody. It fetches the URL; a 402 is read (x402 v2
 * header or v1 body) and one offer chosen that this service can pay (the
 * `exact` scheme, a network and USDC contract of its own catalogue, no
 * more than `max_amount`). Then, in one unit of work, the payment is
 * counted against the team's limits and the calling agent's (conditional
 * updates of the budget counters, so concurrent calls cannot overspend)
 * and recorded as a payment made in state `verified`. The EIP-3009
 * authorization is signed with the paying account's custodial key and the
 * call repeated with it; the settlement answer finishes the record as
 * settled, or failed with its spending given back. A process that stops
 * in between leaves the record verified for the retry or for recovery
 * (application/recover-payments.ts).
 *
 * It calls out, so it runs outside the Idempotency-Key's transaction
 * (kernel/contract/outbound.ts) and is idempotent by itself: the payment
 * made records the key (unique per team). A retry under the key answers
 * that payment, deciding it first if its answer was lost
 * (FinishMadePayment.resolveUnanswered), and never pays again. When the
 * paid URL's answer is lost, the payment is decided at once the same way:
 * settled (the answer's `response` is null) or failed, nothing paid (502).
 */
@injectable()
export class PayOperation implements OutboundOperation<PayInput, PayView> {
  readonly callsOut = true;

  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(PayTransport) private readonly transport: PayTransport,
    @inject(SpendingRepository) private readonly spending: SpendingRepository,
    @inject(PaymentRepository) private readonly payments: PaymentRepository,
    @inject(FinishMadePayment) private readonly finisher: FinishMadePayment,
    @inject(X402Networks) private readonly networks: X402Networks,
    @inject(OnChainHoldings) private readonly holdings: OnChainHoldings,
    @inject(Ledger) private readonly ledger: Ledger,
    @inject(X402Config) private readonly config: X402Config,
    @inject(Clock) private readonly clock: Clock,
    @inject(Ids) private readonly ids: Ids,
    @inject(Random) private readonly random: Random,
  ) {}

  async execute(input: PayInput, ctx: RequestContext): Promise<PayView> {
    let url: URL;
    try {
      url = new URL(input.url);
    } catch {
      throw ValidationError.field('/url', 'Not an absolute URL.', 'invalid_url');
    }
    // The paying account first: another team's is a 404 before anything leaves the service.
    const accountId = await this.uow.readOnly((tx) => chooseAccount(tx, this.ledger, ctx.actor.teamId, input.account_id, '/account_id'));
    const requestKey = ctx.idempotencyKey ?? null;
    if (requestKey !== null) {
      const earlier = await this.uow.readOnly((tx) => this.payments.findMade(tx, ctx.actor.teamId, requestKey));
      if (earlier) return this.answerRetry(earlier, url);
    }
    const headers: Record<string, string> = { accept: 'application/json', ...(input.body !== undefined ? { 'content-type': 'application/json' } : {}), ...input.headers };
    const first = await this.send({ url, method: input.method, headers, body: input.body });
    if (first.status !== 402) return { paid: false, response: responseView(first) };

    const chosen = this.choose(readOffers(first), input.max_amount);
    const now = this.clock.now();
    const validBefore = new Date(now.getTime() + Math.min(chosen.offer.maxTimeoutSeconds, this.config.max_timeout_seconds) * 1000);
    const payment = await this.reserve(ctx, accountId, chosen, url, validBefore, requestKey);
    const authorization = {
      from: getAddress(payment.payer),
      to: getAddress(chosen.offer.payTo),
      value: chosen.offer.amount,
      // A minute of leeway for the receiver's clock, as the reference client gives.
      validAfter: BigInt(Math.floor(now.getTime() / 1000) - 60),
      validBefore: BigInt(Math.floor(validBefore.getTime() / 1000)),
      nonce: payment.nonce as `0x${string}`,
    };
    const { signature } = await this.uow.readOnly((tx) =>
      this.holdings.signTypedData(tx, ctx.actor.teamId, payment.made!.accountId, chosen.network.chain, {
        domain: { name: chosen.asset.domain.name, version: chosen.asset.domain.version, chainId: chosen.network.chainId, verifyingContract: chosen.asset.contract },
        types: TRANSFER_WITH_AUTHORIZATION_TYPES,
        primaryType: 'TransferWithAuthorization',
        message: authorization,
      }),
    );
    const wire = { ...authorization, value: String(authorization.value), validAfter: String(authorization.validAfter), validBefore: String(authorization.validBefore) };
    const proof: Record<string, string> =
      chosen.offer.x402Version === 2
        ? { 'payment-signature': b64({ x402Version: 2, resource: chosen.offer.resource, accepted: chosen.offer.raw, payload: { signature, authorization: wire } }) }
        : { 'x-payment': b64({ x402Version: 1, scheme: 'exact', network: v1NetworkName(chosen.network.network), payload: { signature, authorization: wire } }) };

    let second: PayHttpAnswer;
    try {
      second = await this.transport.send({ url, method: input.method, headers: { ...headers, ...proof }, body: input.body });
    } catch (error) {
      if (!(error instanceof PayTransportError)) throw error;
      // Sent or not, settled or not: unknown until the nonce decides. Settled: paid, without the URL's answer; else cancelled, nothing paid.
      const decided = await this.finisher.resolveUnanswered(payment);
      if (decided.status === 'settled') return { paid: true, payment: paymentView(decided, chosen.asset.decimals), response: null };
      throw new UpstreamError(error.code, `${error.message.replace(/\.?$/, '.')} Nothing was paid: the payment ${payment.id} failed and its authorization was cancelled.`);
    }
    const settlement = readSettlement(second);
    const finished =
      second.status < 400 && settlement?.success === true
        ? await this.finisher.settle(payment, settlement.transaction)
        : await this.finisher.fail(payment, settlement?.errorReason ?? `http_${second.status}`);
    return { paid: finished.status === 'settled', payment: paymentView(finished, chosen.asset.decimals), response: responseView(second) };
  }

  /**
   * A retry of a request that made a payment: its outcome, never a second
   * payment. A payment still verified lost its answer (the process stopped,
   * or this retry overtook the first call): it is decided now. The URL's
   * answer was not kept, so `response` is null.
   */
  private async answerRetry(earlier: PaymentRecord, url: URL): Promise<PayView> {
    if (earlier.resource !== url.toString()) {
      throw new BusinessRuleError('idempotency_key_reused', 'This Idempotency-Key paid another URL: send a new key for a new request.', { header: 'Idempotency-Key' });
    }
    const decided = earlier.status === 'verified' ? await this.finisher.resolveUnanswered(earlier) : earlier;
    return { paid: decided.status === 'settled', payment: paymentView(decided, this.networks.decimalsOf(decided.network, decided.asset)), response: null };
  }

  private async send(request: Parameters<PayTransport['send']>[0]): Promise<PayHttpAnswer> {
    try {
      return await this.transport.send(request);
    } catch (error) {
      if (!(error instanceof PayTransportError)) throw error;
      if (error.refusedUrl) throw ValidationError.field('/url', error.message, error.code);
      throw new UpstreamError(error.code, error.message);
    }
  }

  /** The first offer this service can pay within max_amount; a 422 naming why none fits. */
  private choose(offers: readonly Offer[], maxAmount: string): { offer: Offer; network: X402Network; asset: X402Asset } {
    if (offers.length === 0) throw ValidationError.field('/url', 'The URL answered 402 without an x402 payment requirement this service can read.', 'no_payment_requirement');
    let dearest: bigint | undefined;
    for (const offer of offers) {
      const network = this.networks.find(offer.network);
      const asset = network?.assets.find((one) => one.contract.toLowerCase() === offer.asset.toLowerCase());
      if (offer.scheme !== 'exact' || !network || !asset || !/^0x[0-9a-fA-F]{40}$/.test(offer.payTo)) continue;
      if (offer.amount <= decimalToUnits(maxAmount, asset.decimals)) return { offer, network, asset };
      dearest = offer.amount;
    }
    if (dearest !== undefined) throw ValidationError.field('/max_amount', `The URL asks for more than max_amount (${maxAmount}).`, 'over_max_amount');
    throw ValidationError.field('/url', `None of the URL's payment requirements is the exact scheme in USDC on ${this.networks.list().map((one) => one.network).join(', ')}.`, 'unsupported_payment_requirement');
  }

  /** Counts the payment against the limits and records it verified, in one unit of work; a 422 when a limit refuses it. */
  private reserve(
    ctx: RequestContext,
    accountId: string,
    chosen: { offer: Offer; network: X402Network; asset: X402Asset },
    url: URL,
    validBefore: Date,
    requestKey: string | null,
  ): Promise<PaymentRecord> {
    const teamId = ctx.actor.teamId;
    return this.uow.run(async (tx) => {
      const now = this.clock.now();
      // Still the team's and active: the ledger refuses a frozen account's payment at settlement.
      await this.ledger.account(tx, teamId, accountId);
      const team = await this.spending.find(tx, teamId, TEAM_SUBJECT);
      if (!team) throw new BusinessRuleError('spending_limits_not_set', 'The team has no spending limits: set them with PUT /x402/spending-limits before paying.');
      const agent = ctx.actor.apiKeyId ? await this.spending.find(tx, teamId, agentSubject(ctx.actor.apiKeyId)) : undefined;
      const cents = unitsToCentsCeil(chosen.offer.amount, chosen.asset.decimals);
      for (const limit of [team, agent]) {
        if (limit?.perRequestCents != null && cents > limit.perRequestCents) {
          throw new BusinessRuleError('spending_limit_exceeded', `The payment (${cents} cents) is over the ${limit === team ? 'team' : 'agent'}'s per-request cap.`, { pointer: '/max_amount' });
        }
      }
      const budgets = [...budgetsOf(team, now), ...(agent ? budgetsOf(agent, now) : [])];
      if (!(await this.spending.reserve(tx, teamId, budgets, cents))) {
        throw new BusinessRuleError('spending_limit_exceeded', `The payment (${cents} cents) would exceed a daily or monthly spending limit of the team${agent ? ' or the agent' : ''}.`, { pointer: '/max_amount' });
      }
      const payer = await this.holdings.custodyAddress(tx, teamId, accountId, chosen.network.chain);
      const payment: PaymentRecord = {
        id: this.ids.uuid(),
        teamId,
        direction: 'made',
        status: 'verified',
        failureReason: null,
        network: chosen.network.network,
        asset: chosen.asset.asset,
        amount: chosen.offer.amount,
        payer,
        receiver: getAddress(chosen.offer.payTo),
        endpointId: null,
        resource: url.toString(),
        nonce: toHex(this.random.bytes(32)),
        txHash: null,
        settledAt: null,
        createdAt: now,
        made: { accountId, agentKeyId: agent ? ctx.actor.apiKeyId : null, spentCents: cents, validBefore, requestKey },
      };
      // Another process is paying under the same key (a client's retry overtook its first call): this one rolls back.
      if (!(await this.payments.insert(tx, payment))) {
        throw new ConflictError('A request with this Idempotency-Key is still being processed; retry later.', 'idempotency_key_in_use');
      }
      return payment;
    });
  }
}

function responseView(answer: PayHttpAnswer): PayView['response'] {
  return { status: answer.status, content_type: answer.headers['content-type'] ?? null, body: answer.body };
}

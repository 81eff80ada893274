import { inject, injectable } from 'inversify';
import {
  AssetCatalog,
  Clock,
  ConflictError,
  ForbiddenError,
  Ids,
  Ledger,
  NotFoundError,
  parseAmountField,
  parseDecimal,
  UnauthorizedError,
  UnitOfWork,
  UserDirectory,
  WorkflowEngine,
  type Operation,
  type RequestContext,
  type Tx,
} from '../../../kernel/public.js';
import { MobileConfig } from '../config.js';
import { isPastExpiry, requireStatus, type PaymentIntentRecord } from '../domain/payment-intent.js';
import { IntentCancelled, IntentCreated, IntentProcessing } from '../events.js';
import type { ConfirmPaymentIntentInput, CreatePaymentIntentInput, PaymentIntentIdInput, PaymentIntentView } from '../operations.js';
import { PaymentIntentRepository } from '../ports.js';
import { ActivityLog } from './activity.js';
import { currentUser } from './current-user.js';
import { paymentIntentView } from './intent-views.js';
import { Recipients } from './recipients.js';
import { PasskeyAssertions, type AssertionInput } from './passkey-assertions.js';

export const SETTLE_PAYMENT_INTENT_WORKFLOW = 'mobile.settle-payment-intent';

/** The payer's feed item of an intent; recorded again (status updated in place) at each transition. */
export function intentActivity(intent: PaymentIntentRecord) {
  return {
    teamId: intent.teamId,
    userId: intent.userId,
    type: 'payment_intent' as const,
    resourceType: 'payment_intent' as const,
    resourceId: intent.id,
    amount: -intent.amount,
    currency: intent.currency,
    title: `To ${intent.recipient}${intent.description ? `: ${intent.description}` : ''}`,
    status: intent.status,
  };
}

/** The intent of the caller's team, or 404 (also another team's). */
async function findIntent(intents: PaymentIntentRepository, tx: Tx, ctx: RequestContext, id: string): Promise<PaymentIntentRecord> {
  const intent = await intents.find(tx, ctx.actor.teamId, id);
  if (!intent) throw new NotFoundError('payment intent', id, { parameter: 'id' });
  return intent;
}

/**
 * POST /mobile/payments/intents: checks payer and recipient, holds the
 * amount on the paying account (422 insufficient_funds, account_not_active)
 * and stores the intent awaiting confirmation until expires_at.
 */
@injectable()
export class CreatePaymentIntentOperation implements Operation<CreatePaymentIntentInput, PaymentIntentView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(UserDirectory) private readonly directory: UserDirectory,
    @inject(PaymentIntentRepository) private readonly intents: PaymentIntentRepository,
    @inject(Recipients) private readonly recipients: Recipients,
    @inject(ActivityLog) private readonly activity: ActivityLog,
    @inject(Ledger) private readonly ledger: Ledger,
    @inject(AssetCatalog) private readonly assets: AssetCatalog,
    @inject(MobileConfig) private readonly config: MobileConfig,
    @inject(Clock) private readonly clock: Clock,
    @inject(Ids) private readonly ids: Ids,
  ) {}

  execute(input: CreatePaymentIntentInput, ctx: RequestContext): Promise<PaymentIntentView> {
    const asset = this.assets.require(input.currency, '/currency');
    const amount = parseAmountField(input.amount, asset, '/amount');
    return this.uow.run(async (tx) => {
      const user = await currentUser(this.directory, tx, ctx);
      const payer = await this.recipients.payer(tx, user.teamId, user.id, input.from_account, '/from_account');
      const recipient = await this.recipients.resolve(tx, payer, input.recipient, '/recipient');
      const id = this.ids.uuid();
      const holdId = await this.ledger.hold(tx, payer.teamId, { accountId: payer.accountId, assetCode: asset.code, amount, reference: `payment_intent:${id}` });
      const now = this.clock.now();
      const intent: PaymentIntentRecord = {
        id,
        teamId: payer.teamId,
        userId: payer.userId,
        accountId: payer.accountId,
        amount,
        currency: asset.code,
        recipient: input.recipient,
        recipientKind: recipient.kind,
        recipientTeamId: recipient.teamId,
        recipientUserId: recipient.userId,
        recipientAccountId: recipient.accountId,
        description: input.description,
        status: 'requires_confirmation',
        holdId,
        failureReason: null,
        expiresAt: new Date(now.getTime() + this.config.intent_ttl_ms),
        completedAt: null,
        createdAt: now,
        updatedAt: now,
      };
      await this.intents.insert(tx, intent);
      await this.activity.record(tx, intentActivity(intent));
      const view = paymentIntentView(intent, this.assets);
      await tx.append([{ type: IntentCreated.name, teamId: intent.teamId, aggregateType: 'payment_intent', aggregateId: id, payload: view }]);
      return view;
    });
  }
}

/** GET /mobile/payments/intents/{id}. */
@injectable()
export class GetPaymentIntentOperation implements Operation<PaymentIntentIdInput, PaymentIntentView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(PaymentIntentRepository) private readonly intents: PaymentIntentRepository,
    @inject(AssetCatalog) private readonly assets: AssetCatalog,
  ) {}

  execute(input: PaymentIntentIdInput, ctx: RequestContext): Promise<PaymentIntentView> {
    return this.uow.readOnly(async (tx) => paymentIntentView(await findIntent(this.intents, tx, ctx, input.id), this.assets));
  }
}

/**
 * POST /mobile/payments/intents/{id}/confirm: requires_confirmation →
 * processing, and the settlement workflow queued in the same unit of work
 * (it captures the hold moments later; a restart resumes it). 409 from any
 * other state, or once expires_at has passed. Above the configured amount
 * for its currency it needs a fresh passkey assertion of the payer (403
 * passkey_assertion_required, or the assertion's refusal code as a 403).
 */
@injectable()
export class ConfirmPaymentIntentOperation implements Operation<ConfirmPaymentIntentInput, PaymentIntentView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(PaymentIntentRepository) private readonly intents: PaymentIntentRepository,
    @inject(WorkflowEngine) private readonly workflows: WorkflowEngine,
    @inject(PasskeyAssertions) private readonly assertions: PasskeyAssertions,
    @inject(ActivityLog) private readonly activity: ActivityLog,
    @inject(AssetCatalog) private readonly assets: AssetCatalog,
    @inject(MobileConfig) private readonly config: MobileConfig,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(input: ConfirmPaymentIntentInput, ctx: RequestContext): Promise<PaymentIntentView> {
    const found = await this.uow.readOnly((tx) => findIntent(this.intents, tx, ctx, input.id));
    requireStatus(found, ['requires_confirmation'], 'confirmed');
    const assertion = this.#needsAssertion(found) ? await this.#assertion(input.passkey, ctx) : undefined;
    return this.uow.run(async (tx) => {
      const intent = await findIntent(this.intents, tx, ctx, input.id);
      requireStatus(intent, ['requires_confirmation'], 'confirmed');
      if (assertion) await this.assertions.recordUse(tx, assertion.passkey, assertion.head);
      const now = this.clock.now();
      if (isPastExpiry(intent, now)) throw new ConflictError('The payment intent has expired; create a new one.', 'intent_expired');
      const moved = await this.intents.transition(tx, intent.teamId, intent.id, ['requires_confirmation'], { status: 'processing', at: now });
      if (!moved) throw new ConflictError('The payment intent changed meanwhile; read it again.', 'intent_not_confirmed');
      await this.activity.record(tx, intentActivity(moved));
      await this.workflows.start(tx, { definition: SETTLE_PAYMENT_INTENT_WORKFLOW, teamId: intent.teamId, state: { intentId: intent.id }, emitEvents: false });
      const view = paymentIntentView(moved, this.assets);
      await tx.append([{ type: IntentProcessing.name, teamId: moved.teamId, aggregateType: 'payment_intent', aggregateId: moved.id, payload: view }]);
      return view;
    });
  }

  #needsAssertion(intent: PaymentIntentRecord): boolean {
    const above = this.config.confirm_assertion_above[intent.currency];
    if (above === undefined) return false;
    const parsed = parseDecimal(above, this.assets.find(intent.currency)?.precision ?? 2);
    return parsed.ok && intent.amount > parsed.minor;
  }

  /** The payer's own passkey, freshly asserted; refusals are 403 so a client does not take them for a bad token. */
  async #assertion(passkey: AssertionInput | undefined, ctx: RequestContext) {
    if (!passkey) throw new ForbiddenError('Above this amount, confirming needs a fresh passkey assertion in "passkey".', 'passkey_assertion_required');
    try {
      const checked = await this.assertions.check(passkey);
      if (checked.passkey.teamId !== ctx.actor.teamId || checked.passkey.userId !== ctx.actor.userId) {
        throw new ForbiddenError('The passkey is not the payer’s.', 'credential_not_for_user');
      }
      return checked;
    } catch (error) {
      if (error instanceof UnauthorizedError) throw new ForbiddenError(error.message, error.code);
      throw error;
    }
  }
}

/** POST /mobile/payments/intents/{id}/cancel: requires_confirmation → cancelled, the hold released. 409 from any other state. */
@injectable()
export class CancelPaymentIntentOperation implements Operation<PaymentIntentIdInput, PaymentIntentView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(PaymentIntentRepository) private readonly intents: PaymentIntentRepository,
    @inject(ActivityLog) private readonly activity: ActivityLog,
    @inject(Ledger) private readonly ledger: Ledger,
    @inject(AssetCatalog) private readonly assets: AssetCatalog,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  execute(input: PaymentIntentIdInput, ctx: RequestContext): Promise<PaymentIntentView> {
    return this.uow.run(async (tx) => {
      const intent = await findIntent(this.intents, tx, ctx, input.id);
      requireStatus(intent, ['requires_confirmation'], 'cancelled');
      const moved = await this.intents.transition(tx, intent.teamId, intent.id, ['requires_confirmation'], { status: 'cancelled', at: this.clock.now() });
      if (!moved) throw new ConflictError('The payment intent changed meanwhile; read it again.', 'intent_not_cancelled');
      await this.ledger.release(tx, intent.teamId, intent.holdId);
      await this.activity.record(tx, intentActivity(moved));
      const view = paymentIntentView(moved, this.assets);
      await tx.append([{ type: IntentCancelled.name, teamId: moved.teamId, aggregateType: 'payment_intent', aggregateId: moved.id, payload: view }]);
      return view;
    });
  }
}

import { inject, injectable } from 'inversify';
import { AppError, AssetCatalog, formatMinor, Ledger, StepFailure, type LedgerLeg, type Tx, type WorkflowOutcome, type WorkflowRunMeta } from '../../../kernel/public.js';
import type { PaymentIntentRecord } from '../domain/payment-intent.js';
import { IntentCompleted, IntentExpired, IntentFailed } from '../events.js';
import { PaymentIntentRepository } from '../ports.js';
import { ActivityLog } from './activity.js';
import { paymentIntentView } from './intent-views.js';
import { Notifier } from './notifications.js';
import { intentActivity } from './payment-intents.js';

/**
 * Each team's side of money crossing teams. The payer's team credits its
 * clearing account and the recipient's team debits its own, in the same
 * unit of work, so each team's ledger sums to zero and the bank's clearing
 * accounts sum to zero across teams.
 */
export const CLEARING_ACCOUNT = 'system:mobile-clearing';

export interface SettleIntentState {
  readonly intentId: string;
}

/**
 * Moves money for a confirmed intent: captures the payer's hold into the
 * recipient's account (same team) or into the payer team's clearing account
 * and on from the recipient team's clearing account (another team). Also
 * the release when an intent ends without paying.
 */
@injectable()
export class PaymentSettlement {
  constructor(
    @inject(PaymentIntentRepository) private readonly intents: PaymentIntentRepository,
    @inject(Ledger) private readonly ledger: Ledger,
    @inject(AssetCatalog) private readonly assets: AssetCatalog,
    @inject(ActivityLog) private readonly activity: ActivityLog,
    @inject(Notifier) private readonly notifier: Notifier,
  ) {}

  /** The payer's feed item follows the new status, and the payer is notified of the outcome. */
  async #outcome(tx: Tx, intent: PaymentIntentRecord, kind: 'payment_intent_completed' | 'payment_intent_failed' | 'payment_intent_expired'): Promise<void> {
    await this.activity.record(tx, intentActivity(intent));
    const shown = `${formatMinor(intent.amount, this.assets.find(intent.currency)?.precision ?? 2)} ${intent.currency}`;
    const title = { payment_intent_completed: `Payment of ${shown} sent`, payment_intent_failed: `Payment of ${shown} failed`, payment_intent_expired: `Payment of ${shown} expired` }[kind];
    await this.notifier.notify(tx, { teamId: intent.teamId, userId: intent.userId, kind, title, body: `To ${intent.recipient}`, resourceType: 'payment_intent', resourceId: intent.id });
  }

  /** Workflow step 'settle'. A ledger refusal (a frozen account) fails the run for good; onFinished releases the hold. */
  async settle(tx: Tx, state: SettleIntentState, meta: WorkflowRunMeta): Promise<void> {
    const intent = await this.intents.find(tx, meta.teamId, state.intentId);
    if (!intent || intent.status !== 'processing') return;
    let received: string;
    try {
      received = await this.#move(tx, intent);
    } catch (error) {
      if (error instanceof AppError && error.status < 500) throw new StepFailure(error.code, error.message);
      throw error;
    }
    const done = await this.intents.transition(tx, intent.teamId, intent.id, ['processing'], { status: 'succeeded', completedAt: meta.now, at: meta.now });
    if (!done) return;
    await this.#outcome(tx, done, 'payment_intent_completed');
    await this.#received(tx, done, received);
    await tx.append([{ type: IntentCompleted.name, teamId: done.teamId, aggregateType: 'payment_intent', aggregateId: done.id, payload: paymentIntentView(done, this.assets) }]);
  }

  /** Workflow onFinished: a run that did not complete leaves the intent failed and its hold released. */
  async finished(tx: Tx, state: SettleIntentState, outcome: WorkflowOutcome, meta: WorkflowRunMeta): Promise<void> {
    if (outcome === 'completed') return;
    const failed = await this.intents.transition(tx, meta.teamId, state.intentId, ['processing'], { status: 'failed', failureReason: meta.error ?? outcome, at: meta.now });
    if (!failed) return;
    await this.ledger.release(tx, failed.teamId, failed.holdId);
    await this.#outcome(tx, failed, 'payment_intent_failed');
    await tx.append([{ type: IntentFailed.name, teamId: failed.teamId, aggregateType: 'payment_intent', aggregateId: failed.id, payload: paymentIntentView(failed, this.assets) }]);
  }

  /** Releases the hold of an intent the expiry sweep just expired, with its event. */
  async expired(tx: Tx, intent: PaymentIntentRecord): Promise<void> {
    await this.ledger.release(tx, intent.teamId, intent.holdId);
    await this.#outcome(tx, intent, 'payment_intent_expired');
    await tx.append([{ type: IntentExpired.name, teamId: intent.teamId, aggregateType: 'payment_intent', aggregateId: intent.id, payload: paymentIntentView(intent, this.assets) }]);
  }

  /**
   * A user recipient sees the payment in their feed, linked to the movement
   * on their own account: the intent is the payer's team's, which the
   * recipient (maybe another customer) must not read.
   */
  async #received(tx: Tx, intent: PaymentIntentRecord, movementId: string): Promise<void> {
    if (intent.recipientUserId === null) return;
    await this.activity.record(tx, {
      teamId: intent.recipientTeamId,
      userId: intent.recipientUserId,
      type: 'payment_received',
      resourceType: 'ledger_movement',
      resourceId: `${intent.recipientAccountId}/${movementId}`,
      amount: intent.amount,
      currency: intent.currency,
      title: intent.description ? `Payment received: ${intent.description}` : 'Payment received',
      status: 'succeeded',
    });
  }

  /** Moves the money; answers the movement that credited the recipient's account. */
  async #move(tx: Tx, intent: PaymentIntentRecord): Promise<string> {
    const leg = (accountId: string, amount: bigint): LedgerLeg => ({ accountId, assetCode: intent.currency, amount });
    const reference = `payment_intent:${intent.id}`;
    if (intent.recipientTeamId === intent.teamId) {
      return (await this.ledger.capture(tx, intent.teamId, intent.holdId, intent.amount, [leg(intent.recipientAccountId, intent.amount)], 'mobile.payment')).movementId;
    }
    await this.ledger.capture(tx, intent.teamId, intent.holdId, intent.amount, [leg(CLEARING_ACCOUNT, intent.amount)], 'mobile.payment.out');
    const posted = await this.ledger.post(tx, intent.recipientTeamId, {
      kind: 'mobile.payment.in',
      reference,
      legs: [leg(CLEARING_ACCOUNT, -intent.amount), leg(intent.recipientAccountId, intent.amount)],
    });
    return posted.movementId;
  }
}

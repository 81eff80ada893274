import { inject, injectable } from 'inversify';
import { Clock, EventBackbone, Ids, Logger, Meter, Random, token, UnitOfWork, type BackgroundWorker, type MeterCounter, type Tx } from '../../../kernel/public.js';
import { attemptRow } from './attempt-row.js';
import { WebhooksConfig } from '../config.js';
import { nextRetryDelayMs, parseRetryAfterMs } from '../domain/retry-schedule.js';
import { verdictOf } from '../domain/outcome.js';
import type { StatusChangePayload } from '../events.js';
import {
  DeliveryRepository,
  WebhookRepository,
  WebhookTransport,
  type AttemptRecord,
  type AttemptState,
  type DeliveryAnswer,
  type DeliveryOutcome,
  type DeliveryRecord,
  type WebhookKey,
  type WebhookRecord,
} from '../ports.js';
import { CancelDeliveries } from './cancel-deliveries.js';
import { OutcomeRecorder } from './outcome-recorder.js';
import { overlappingSecret, signDelivery } from './signer.js';

/** An answer (or a cancellation) ready to write: the delivery's new state under its lease, and its history row. */
interface Recorded {
  readonly outcome: DeliveryOutcome;
  readonly attempt: AttemptRecord;
}

/** An endpoint an answer disabled in this write, with the reason. */
interface Disabling {
  readonly webhook: WebhookRecord;
  readonly reason: string;
}

/** A sent delivery with its answer, or one not sent (endpoint disabled or deleted meanwhile). */
type SendOutcome =
  | { readonly delivery: DeliveryRecord; readonly answer: DeliveryAnswer; readonly reason?: undefined }
  | { readonly delivery: DeliveryRecord; readonly answer?: undefined; readonly reason: string };

/**
 * Sends due deliveries. A pass claims a batch (SKIP LOCKED, pushed to a
 * lease so no other dispatcher takes them), sends them concurrently outside
 * any transaction, and records the answers in shared units of work. A
 * process that dies mid-send leaves the rows leased; they become due again
 * when the lease lapses, so delivery is at least once, with the same
 * webhook-id every time. Two bounds per process: `batch_size` sends in
 * flight in all, `max_parallel_per_endpoint` to one subscription; each
 * recorded write frees capacity and wakes the worker loop, so a backlog is
 * claimed as fast as answers come in, not at the next poll.
 */
@injectable()
export class WebhookDispatcher implements BackgroundWorker {
  readonly name = 'webhooks.dispatcher';

  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(WebhookRepository) private readonly webhooks: WebhookRepository,
    @inject(DeliveryRepository) private readonly deliveries: DeliveryRepository,
    @inject(CancelDeliveries) private readonly cancel: CancelDeliveries,
    @inject(WebhookTransport) private readonly transport: WebhookTransport,
    @inject(WebhooksConfig) private readonly config: WebhooksConfig,
    @inject(Clock) private readonly clock: Clock,
    @inject(Ids) private readonly ids: Ids,
    @inject(Random) private readonly random: Random,
    @inject(Logger) private readonly logger: Logger,
    @inject(EventBackbone) private readonly backbone: EventBackbone,
    @inject(Meter) meter: Meter,
  ) {
    this.#attempts = meter.counter({
      name: 'bank_webhook_delivery_attempts_total',
      help: 'Webhook delivery attempts recorded, by state: succeeded, retrying (failed, tried again later), failed (given up), cancelled.',
      labelNames: ['state'],
    });
  }

  /**
   * Claims what is due, up to the free capacity, and starts sending it; it
   * does not wait for the answers, so one slow receiver (up to the 15 s
   * timeout) never holds back deliveries to everyone else. `idle()` waits
   * for the sends in flight (drains, graceful stops).
   */
  async runDue(): Promise<number> {
    const capacity = this.config.batch_size - this.#inFlight;
    if (capacity <= 0) {
      this.#bounded = true;
      return 0;
    }
    const now = this.clock.now();
    const slots = { max: this.config.max_parallel_per_endpoint, busy: this.#busy };
    // One unit of work: the claim and the endpoints it needs (all in one read per pass).
    const { claimed, webhooks } = await this.uow.run(async (tx) => {
      const due = await this.deliveries.claimDue(tx, now, capacity, new Date(now.getTime() + this.config.lease_ms), slots);
      return { claimed: due, webhooks: await this.webhooks.findMany(tx, endpointsOf(due)) };
    });
    for (const delivery of claimed) {
      this.#inFlight += 1;
      this.#take(delivery.webhookId, 1);
      // Each answer is recorded as soon as it is in; answers arriving while a write runs share the next one.
      const work = this.#send(delivery, webhooks.get(delivery.webhookId))
        .finally(() => this.#take(delivery.webhookId, -1))
        .then((outcome) => this.#recorder.add(outcome))
        // The lease lapses and the delivery is sent again; nothing is lost (at least once).
        .catch((error: unknown) => this.logger.error('webhook delivery could not be recorded', { delivery_id: delivery.id, error }))
        .finally(() => {
          this.#inFlight -= 1;
          this.#pending.delete(work);
          // Capacity freed after a pass that stopped at a bound: claim what else is due now, not at the next poll
          // (the loop runs one pass for any number of wakes). A pass that found less than it could take needs no wake.
          if (this.#bounded) this.backbone.wakeWorkers();
        });
      this.#pending.add(work);
    }
    // A webhook at its slots (from this pass or an earlier one) may have more rows due behind them.
    this.#bounded = claimed.length === capacity || [...this.#busy.values()].some((busy) => busy >= slots.max);
    return claimed.length;
  }

  /** Counts a send to the webhook in (+1) or out (−1) of its slots. */
  #take(webhookId: string, delta: 1 | -1): void {
    const busy = (this.#busy.get(webhookId) ?? 0) + delta;
    if (busy > 0) this.#busy.set(webhookId, busy);
    else this.#busy.delete(webhookId);
  }

  /** Resolves when every send started so far has been answered and recorded. */
  async idle(): Promise<void> {
    while (this.#pending.size > 0) await Promise.all([...this.#pending]);
  }

  #inFlight = 0;
  /** The last pass stopped at a bound (the capacity, or a webhook's slots) rather than at the end of what was due. */
  #bounded = false;
  /** Sends in flight per webhook id (the per-endpoint bound); a webhook with none is absent. */
  readonly #busy = new Map<string, number>();
  readonly #attempts: MeterCounter<'state'>;
  readonly #pending = new Set<Promise<void>>();
  readonly #recorder = new OutcomeRecorder<SendOutcome>((outcomes) =>
    this.uow.run(async (tx) => {
      const seen = await this.#lockWebhooks(tx, outcomes);
      const disabled: Disabling[] = [];
      const now = this.clock.now();
      const recorded: Recorded[] = [];
      for (const outcome of outcomes) {
        recorded.push(
          outcome.answer
            ? await this.#record(tx, outcome.delivery, outcome.delivery.attempts + 1, outcome.answer, seen, disabled)
            : this.#notSent(outcome.delivery, outcome.reason, now),
        );
      }
      // Two statements for the whole write, however many answers it holds: short transactions. An answer whose
      // delivery changed hands meanwhile (cancelled, deleted, or claimed again after its lease lapsed) is dropped.
      const written = await this.deliveries.recordOutcomes(tx, recorded.map((r) => r.outcome));
      const attempts = recorded.filter((r) => written.has(r.outcome.delivery.id)).map((r) => r.attempt);
      await this.deliveries.insertAttempts(tx, attempts);
      tx.afterCommit(() => {
        for (const { state } of attempts) this.#attempts.inc({ state });
      });
      if (written.size < recorded.length) {
        const dropped = recorded.filter((r) => !written.has(r.outcome.delivery.id)).map((r) => r.outcome.delivery.id);
        this.logger.warn('webhook answers not recorded: the delivery was cancelled, deleted or claimed again meanwhile', { delivery_ids: dropped });
      }
      // After the answers, so the deliveries just answered keep their outcome and only the others are cancelled.
      for (const { webhook, reason } of disabled) await this.#disable(tx, webhook, reason, now);
    }),
  );

  /**
   * Locks the webhooks of the answered deliveries, in id order (two
   * dispatchers writing answers for the same endpoints never wait on each
   * other in a cycle), and re-reads them: the owner may have changed,
   * disabled or deleted an endpoint while we were sending, and a failure
   * record written from a stale copy would undo that change.
   */
  async #lockWebhooks(tx: Tx, outcomes: readonly SendOutcome[]): Promise<Map<string, WebhookRecord | undefined>> {
    // One statement for all of them (it was one per webhook): findMany locks in id order.
    return this.webhooks.findMany(tx, endpointsOf(outcomes.filter((outcome) => outcome.answer).map((outcome) => outcome.delivery)), 'lock');
  }

  async #send(
    delivery: DeliveryRecord,
    webhook: WebhookRecord | undefined,
  ): Promise<SendOutcome> {
    if (!webhook || !webhook.active) return { delivery, reason: webhook ? 'endpoint disabled' : 'endpoint deleted' };
    const now = this.clock.now();
    const headers = signDelivery(webhook.secret, delivery.eventId, Math.floor(now.getTime() / 1000), delivery.body, overlappingSecret(webhook, now));
    const answer = await this.transport.send({
      url: webhook.url,
      body: delivery.body,
      headers: { ...headers, 'user-agent': 'open-bank-webhooks/1' },
      timeoutMs: this.config.request_timeout_ms,
    });
    return { delivery, answer };
  }

  /**
   * `seen` holds the webhooks locked or changed in this unit of work
   * (`#lockWebhooks`), so a write of many answers reads each once; endpoints this answer disables
   * are added to `disabled` (their backlog is cancelled after the answers).
   */
  async #record(
    tx: Tx,
    delivery: DeliveryRecord,
    attempt: number,
    answer: DeliveryAnswer,
    seen: Map<string, WebhookRecord | undefined>,
    disabled: Disabling[],
  ): Promise<Recorded> {
    const now = this.clock.now();
    const webhook = seen.get(delivery.webhookId);
    const save = async (next: WebhookRecord) => {
      await this.webhooks.update(tx, next);
      seen.set(next.id, next);
    };
    const verdict = verdictOf({
      statusCode: answer.statusCode,
      error: answer.error,
      retryAfterMs: parseRetryAfterMs(answer.retryAfter, now),
    });
    let state: AttemptState;
    let nextAttemptAt: Date | null = null;
    let status: DeliveryRecord['status'];
    if (verdict.kind === 'delivered') {
      state = 'succeeded';
      status = 'succeeded';
      if (webhook?.failingSince) await save({ ...webhook, failingSince: null, updatedAt: now });
    } else if (verdict.kind === 'gone' || !webhook || !webhook.active) {
      state = 'failed';
      status = 'failed';
      if (webhook?.active && verdict.kind === 'gone') await this.#disabling(webhook, 'the endpoint answered 410 Gone', now, save, disabled);
    } else {
      const scheduled = nextRetryDelayMs(attempt, this.config.retry_delays_ms, this.config.jitter, this.#unit());
      const failingSince = webhook.failingSince ?? now;
      if (now.getTime() - failingSince.getTime() >= this.config.disable_after_ms) {
        state = 'failed';
        status = 'failed';
        const reason = `the endpoint failed every delivery for ${Math.round(this.config.disable_after_ms / 3_600_000)} hours`;
        await this.#disabling(webhook, reason, now, save, disabled);
      } else {
        if (!webhook.failingSince) await save({ ...webhook, failingSince, updatedAt: now });
        if (scheduled === undefined) {
          state = 'failed';
          status = 'failed';
        } else {
          const honoured = verdict.retryAfterMs === undefined ? 0 : Math.min(verdict.retryAfterMs, this.config.max_retry_after_ms);
          state = 'retrying';
          status = 'pending';
          nextAttemptAt = new Date(now.getTime() + Math.max(scheduled, honoured));
        }
      }
    }
    const error = answer.error ?? (verdict.kind === 'delivered' ? null : `HTTP ${answer.statusCode}`);
    const updated: DeliveryRecord = {
      ...delivery,
      status,
      attempts: attempt,
      nextAttemptAt,
      lastStatusCode: answer.statusCode ?? null,
      lastError: error,
      updatedAt: now,
      deliveredAt: status === 'succeeded' ? now : null,
    };
    return {
      outcome: { delivery: updated, leasedUntil: delivery.nextAttemptAt! },
      attempt: attemptRow(this.ids.uuid(), delivery, {
        attempt,
        statusCode: answer.statusCode ?? null,
        durationMs: Math.round(answer.durationMs),
        error,
        nextRetryAt: nextAttemptAt,
        state,
        attemptedAt: now,
      }),
    };
  }

  /** A claimed delivery not sent because its endpoint was disabled or deleted meanwhile: cancelled, and said so in the history. */
  #notSent(delivery: DeliveryRecord, reason: string, now: Date): Recorded {
    return {
      outcome: { delivery: { ...delivery, status: 'cancelled', nextAttemptAt: null, lastError: reason, updatedAt: now }, leasedUntil: delivery.nextAttemptAt! },
      attempt: this.cancel.historyRow(delivery, reason, now),
    };
  }

  /** Marks the endpoint disabled now (later answers in this write see it); the rest happens in #disable. */
  async #disabling(webhook: WebhookRecord, reason: string, now: Date, save: (next: WebhookRecord) => Promise<void>, disabled: Disabling[]): Promise<void> {
    await save({ ...webhook, active: false, disabledReason: reason, updatedAt: now });
    disabled.push({ webhook, reason });
  }

  /** Cancels the endpoint's backlog and tells the team with system.status_change (in the same commit). */
  async #disable(tx: Tx, webhook: WebhookRecord, reason: string, now: Date): Promise<void> {
    await this.cancel.pending(tx, webhook, reason, now);
    const payload: StatusChangePayload = { component: 'webhook', id: webhook.id, status: 'disabled', previous_status: 'active', reason };
    await tx.append([{ type: 'system.status_change', teamId: webhook.teamId, aggregateType: 'webhook', aggregateId: webhook.id, payload: { ...payload } }]);
    this.logger.warn('webhook endpoint disabled', { webhook_id: webhook.id, team_id: webhook.teamId, reason });
  }

  /** A uniform draw in [0, 1) from the Random port (seeded in tests). */
  #unit(): number {
    const bytes = this.random.bytes(4);
    return (((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0) / 2 ** 32;
  }
}

/** The endpoints of some deliveries, each once. */
function endpointsOf(deliveries: readonly DeliveryRecord[]): WebhookKey[] {
  const keys = new Map<string, WebhookKey>();
  for (const { webhookId, teamId } of deliveries) if (!keys.has(webhookId)) keys.set(webhookId, { teamId, id: webhookId });
  return [...keys.values()];
}

export const Dispatcher = token<WebhookDispatcher>('webhooks.dispatcher');

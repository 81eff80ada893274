import { token, type PageRequest, type Slice, type Tx } from '../../kernel/public.js';

/**
 * The webhooks plugin's private ports. Repositories work inside the
 * transaction they are given and scope every team-facing query by team.
 */
export interface WebhookRecord {
  readonly id: string;
  readonly teamId: string;
  readonly url: string;
  readonly events: readonly string[];
  readonly description: string | null;
  /** Needed to sign every delivery, so it is kept, and shown only when set. */
  readonly secret: string;
  /**
   * The secret a rotation replaced: deliveries carry a signature with it
   * beside the new one's until `previousSecretUntil`, so receivers can switch
   * without losing any. Null outside such an overlap.
   */
  readonly previousSecret: string | null;
  readonly previousSecretUntil: Date | null;
  /** When the secret was last replaced (a rotation, or a PATCH with a secret); null while it is the first. */
  readonly secretRotatedAt: Date | null;
  readonly active: boolean;
  readonly disabledReason: string | null;
  /** Start of the current run of failures; null while the endpoint answers 2xx. */
  readonly failingSince: Date | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

export type DeliveryStatus = 'pending' | 'succeeded' | 'failed' | 'cancelled';

export interface DeliveryRecord {
  readonly id: string;
  readonly teamId: string;
  readonly webhookId: string;
  /** The event's id: the body's id and webhook-id header, the same on every attempt. */
  readonly eventId: string;
  readonly eventType: string;
  /** The exact bytes sent and signed on every attempt. */
  readonly body: string;
  readonly status: DeliveryStatus;
  readonly attempts: number;
  /** When it is due (or, while claimed, when the claim lapses); null once final. */
  readonly nextAttemptAt: Date | null;
  readonly lastStatusCode: number | null;
  readonly lastError: string | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
  readonly deliveredAt: Date | null;
}

export type AttemptState = 'succeeded' | 'retrying' | 'failed' | 'cancelled';

export interface AttemptRecord {
  readonly id: string;
  readonly teamId: string;
  readonly webhookId: string;
  readonly deliveryId: string;
  readonly eventId: string;
  readonly eventType: string;
  readonly attempt: number;
  readonly statusCode: number | null;
  readonly durationMs: number;
  readonly error: string | null;
  readonly nextRetryAt: Date | null;
  readonly state: AttemptState;
  readonly attemptedAt: Date;
}

export type { Slice };

/** A webhook named within its team. */
export interface WebhookKey {
  readonly teamId: string;
  readonly id: string;
}

export interface WebhookRepository {
  insert(tx: Tx, webhook: WebhookRecord): Promise<void>;
  find(tx: Tx, teamId: string, id: string): Promise<WebhookRecord | undefined>;
  /**
   * As `find`, and the row stays locked until the unit of work ends: every
   * read-modify-write of a webhook (PATCH, DELETE, the dispatcher's failure
   * record) goes through it, so none overwrites another's change and a
   * second DELETE finds nothing.
   */
  findForUpdate(tx: Tx, teamId: string, id: string): Promise<WebhookRecord | undefined>;
  /**
   * `find` (or, with 'lock', `findForUpdate`) of several webhooks in one
   * read, keyed by id; one not found in its team is absent. Locks are taken
   * in id order, so two units of work locking overlapping sets never wait on
   * each other in a cycle.
   */
  findMany(tx: Tx, keys: readonly WebhookKey[], lock?: 'lock'): Promise<Map<string, WebhookRecord>>;
  update(tx: Tx, webhook: WebhookRecord): Promise<void>;
  remove(tx: Tx, teamId: string, id: string): Promise<void>;
  /** Oldest first. */
  list(tx: Tx, teamId: string, page: PageRequest): Promise<Slice<WebhookRecord>>;
  count(tx: Tx, teamId: string): Promise<number>;
  /** Active subscriptions of one team (the fan-out's candidates). */
  active(tx: Tx, teamId: string): Promise<WebhookRecord[]>;
  /** Endpoints in a run of failures (failing_since set), of one team or, without `teamId`, of every team. */
  countFailing(tx: Tx, teamId?: string): Promise<number>;
}
export const WebhookRepository = token<WebhookRepository>('webhooks.webhook-repository');

/** A dispatcher's answer for a delivery it claimed: the record to write, valid only under the lease it took. */
export interface DeliveryOutcome {
  readonly delivery: DeliveryRecord;
  /** The claim's next_attempt_at: the row is still this dispatcher's only while it holds this value. */
  readonly leasedUntil: Date;
}

/** The dispatcher's bound per webhook: at most `max` sends in flight, `busy` of them taken (absent: none). */
export interface EndpointSlots {
  readonly max: number;
  readonly busy: ReadonlyMap<string, number>;
}

export interface DeliveryRepository {
  /** One row per (webhook, event); a second insert of the same pair is ignored. */
  insert(tx: Tx, deliveries: readonly DeliveryRecord[]): Promise<void>;
  /**
   * Pending deliveries due at `now`, oldest due first, locked with SKIP
   * LOCKED and pushed to `leaseUntil` so no other dispatcher takes them
   * while this one sends: up to `limit`, and per webhook no more than its
   * free slots (`slots.max` less its sends in flight). Looks at the
   * 2 × `limit` oldest due rows, so one busy webhook's backlog delays the
   * others only until its rows are sent.
   */
  claimDue(tx: Tx, now: Date, limit: number, leaseUntil: Date, slots: EndpointSlots): Promise<DeliveryRecord[]>;
  /**
   * Writes answers in one statement, each only if its delivery is still
   * pending under the same lease: a delivery cancelled, deleted or claimed
   * again (lease lapsed) meanwhile keeps its state. Returns the ids written.
   */
  recordOutcomes(tx: Tx, outcomes: readonly DeliveryOutcome[]): Promise<Set<string>>;
  /** Pending deliveries of a webhook become cancelled with `reason`; returns them as they were before. */
  cancelPending(tx: Tx, teamId: string, webhookId: string, at: Date, reason: string): Promise<DeliveryRecord[]>;
  insertAttempts(tx: Tx, attempts: readonly AttemptRecord[]): Promise<void>;
  /** Newest first. */
  attempts(tx: Tx, teamId: string, webhookId: string, page: PageRequest): Promise<Slice<AttemptRecord>>;
  /** A webhook's deliveries (one per event), newest first, of one status when given. */
  list(tx: Tx, teamId: string, webhookId: string, status: DeliveryStatus | undefined, page: PageRequest): Promise<Slice<DeliveryRecord>>;
  /** Deletes a webhook's deliveries and their attempts (the webhook is being deleted). */
  removeForWebhook(tx: Tx, teamId: string, webhookId: string): Promise<void>;
  /** Deletes up to `limit` finished deliveries last changed before `before`, with their attempts; returns how many deliveries went. */
  prune(tx: Tx, before: Date, limit: number): Promise<number>;
  /**
   * The backlog (pending deliveries, when the oldest was queued) and the
   * attempts that failed at or after `since`, of one team or, without
   * `teamId`, of every team.
   */
  backlog(tx: Tx, since: Date, teamId?: string): Promise<DeliveryBacklog>;
}

export interface DeliveryBacklog {
  readonly pending: number;
  readonly oldestPendingAt: Date | null;
  readonly failedAttempts: number;
}
export const DeliveryRepository = token<DeliveryRepository>('webhooks.delivery-repository');

export interface DeliveryRequest {
  readonly url: string;
  readonly body: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly timeoutMs: number;
}

export interface DeliveryAnswer {
  readonly statusCode?: number;
  readonly retryAfter?: string;
  /** Connection, TLS, timeout or SSRF refusal. */
  readonly error?: string;
  readonly durationMs: number;
}

export type AddressCheck = { readonly ok: true } | { readonly ok: false; readonly reason: string; readonly code: string };

/**
 * Sends a delivery over HTTP. The target host is resolved, every address is
 * checked against the SSRF rules, and the connection goes to the checked
 * address (no second lookup an attacker's DNS could answer differently).
 */
export interface WebhookTransport {
  check(url: URL): Promise<AddressCheck>;
  send(request: DeliveryRequest): Promise<DeliveryAnswer>;
  /** Releases kept-alive connections (the plugin's stop, after the sends in flight ended). */
  close?(): Promise<void>;
}
export const WebhookTransport = token<WebhookTransport>('webhooks.transport');

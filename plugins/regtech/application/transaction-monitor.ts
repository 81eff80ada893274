import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { Ids, parseDecimal, PriceFeed, convertMinor, AssetCatalog, type ConsumerDefinition, type StoredEvent, type Tx } from '../../../kernel/public.js';
import { SanctionsListRepository } from '../ports.js';
import { ScreeningIndexCache } from './screening-index-cache.js';
import { RegtechConfig } from '../config.js';
import { isJustUnder, justUnderFloor, mergeFlags, movementFindings, riskScoreOf, transferFindings, type Finding, type MonitoringThresholds } from '../domain/monitoring/rules.js';
import { ComplianceViolationDetected } from '../events.js';
import { MonitoringRepository, type MonitoredTransactionRecord } from '../ports.js';
import { TravelRuleCheckView } from '../travel-rule-schemas.js';
import { monitoredTransactionView } from './monitoring-views.js';

/** The part of core-banking's transfer.created payload (version 1) the rules read. */
const TransferCreatedPayload = z.object({ transfer_uuid: z.string(), from_account: z.string(), amount: z.string(), asset_code: z.string() });
type TransferCreatedPayload = z.infer<typeof TransferCreatedPayload>;
/** The part of core-banking's deposit.completed / withdrawal.completed payload (version 1) the rules read. */
const MovementPayload = z.object({ transaction_uuid: z.string(), amount: z.string(), asset_code: z.string(), chain: z.string().nullable(), address: z.string().nullable() });
type MovementPayload = z.infer<typeof MovementPayload>;
const MOVEMENTS: Readonly<Record<string, 'deposit' | 'withdrawal'>> = { 'deposit.completed': 'deposit', 'withdrawal.completed': 'withdrawal' };

/**
 * Transaction monitoring as a durable consumer of the event backbone
 * (group `regtech.transaction-monitoring`): every `transfer.created` is
 * priced in USD and run through the amount, structuring and velocity rules
 * against the sender's recent transfers; every `travel_rule.check.completed`
 * adds `sanctioned_counterparty` or `high_risk_jurisdiction` to its
 * transfer; every `deposit.completed` and `withdrawal.completed` is weighed
 * by size, and a withdrawal to an external address a sanctions list names
 * is flagged `sanctioned_address`. Flags and score are stored with the checkpoint in one unit of
 * work; a flagged transaction emits `compliance.violation.detected`, and one
 * scoring at least `review_score` waits in pending_review.
 */
@injectable()
export class TransactionMonitor implements ConsumerDefinition {
  readonly group = 'regtech.transaction-monitoring';

  constructor(
    @inject(MonitoringRepository) private readonly monitoring: MonitoringRepository,
    @inject(PriceFeed) private readonly prices: PriceFeed,
    @inject(AssetCatalog) private readonly assets: AssetCatalog,
    @inject(RegtechConfig) private readonly config: RegtechConfig,
    @inject(Ids) private readonly ids: Ids,
    @inject(SanctionsListRepository) private readonly lists: SanctionsListRepository,
    @inject(ScreeningIndexCache) private readonly screening: ScreeningIndexCache,
  ) {}

  accepts(event: StoredEvent): boolean {
    return event.type === 'transfer.created' || event.type === 'travel_rule.check.completed' || event.type in MOVEMENTS;
  }

  async handle(tx: Tx, event: StoredEvent): Promise<void> {
    // A payload of another shape (a later version) is not one the rules can read: it only moves the checkpoint.
    if (event.type === 'transfer.created') {
      const payload = TransferCreatedPayload.safeParse(event.payload);
      if (payload.success) await this.#transfer(tx, event, payload.data);
    } else if (event.type in MOVEMENTS) {
      const payload = MovementPayload.safeParse(event.payload);
      if (payload.success) await this.#movement(tx, event, MOVEMENTS[event.type]!, payload.data);
    } else {
      const check = TravelRuleCheckView.safeParse(event.payload);
      if (check.success) await this.#travelRuleCheck(tx, event, check.data);
    }
  }

  get #thresholds(): MonitoringThresholds {
    const m = this.config.monitoring;
    return { largeAmountCents: BigInt(m.large_amount_usd) * 100n, structuringBandPercent: m.structuring_band_percent, structuringCount: m.structuring_count, velocityCount: m.velocity_count };
  }

  async #transfer(tx: Tx, event: StoredEvent, payload: TransferCreatedPayload): Promise<void> {
    const asset = this.assets.find(payload.asset_code);
    const parsed = asset ? parseDecimal(payload.amount, asset.precision) : undefined;
    if (!asset || !parsed?.ok) return; // not a catalogue amount: nothing the rules can weigh
    await this.observeTransfer(tx, { teamId: event.teamId, transferId: payload.transfer_uuid, fromAccount: payload.from_account, amount: parsed.minor, assetCode: asset.code, at: event.occurredAt });
  }

  /**
   * Runs the transfer rules once per transfer, whoever comes first: this
   * consumer on transfer.created, or the SettlementGate when core banking
   * settles it (recordTransfer answers false to the second, which then
   * writes nothing). `at` is when the transfer was made, for the windows.
   */
  async observeTransfer(tx: Tx, transfer: { teamId: string; transferId: string; fromAccount: string; amount: bigint; assetCode: string; at: Date }): Promise<void> {
    const asset = this.assets.find(transfer.assetCode);
    if (!asset) return;
    const usd = await this.#usdPrice(asset.code);
    if (!usd) return; // an asset the feed cannot price: no USD rule can weigh it, and retrying would not help
    const amountCents = convertMinor(transfer.amount, asset.precision, usd, 2);
    const { teamId, transferId, fromAccount, at } = transfer;
    const fresh = await this.monitoring.recordTransfer(tx, { teamId, transferId, fromAccount, amountCents, at });
    if (!fresh) return;
    const thresholds = this.#thresholds;
    const m = this.config.monitoring;
    const justUnderInWindow = isJustUnder(amountCents, thresholds)
      ? await this.monitoring.countFrom(tx, teamId, fromAccount, new Date(at.getTime() - m.structuring_window_hours * 3_600_000), {
          minCents: justUnderFloor(thresholds),
          maxCents: thresholds.largeAmountCents,
        })
      : 0;
    const inVelocityWindow = await this.monitoring.countFrom(tx, teamId, fromAccount, new Date(at.getTime() - m.velocity_window_minutes * 60_000));
    await this.#flag(tx, teamId, at, transferId, transferFindings({ amountCents, justUnderInWindow, inVelocityWindow }, thresholds));
  }

  /**
   * A deposit or withdrawal, already completed (they post at once): flagged
   * for review after the fact, not held. Its size against large_amount_usd,
   * and a withdrawal's external address against the digital currency
   * addresses of the loaded sanctions lists.
   */
  async #movement(tx: Tx, event: StoredEvent, kind: 'deposit' | 'withdrawal', payload: MovementPayload): Promise<void> {
    const findings: Finding[] = [];
    const asset = this.assets.find(payload.asset_code);
    const parsed = asset ? parseDecimal(payload.amount, asset.precision) : undefined;
    const usd = asset && parsed?.ok ? await this.#usdPrice(asset.code) : undefined;
    if (asset && parsed?.ok && usd) findings.push(...movementFindings(kind, convertMinor(parsed.minor, asset.precision, usd, 2), this.#thresholds));
    if (kind === 'withdrawal' && payload.address) {
      const index = await this.screening.index(tx, await this.lists.versions(tx));
      for (const { source, entry, currency } of index.addressMatches(payload.address)) {
        findings.push({ flag: 'sanctioned_address', detail: `Withdrawn to ${payload.address}${payload.chain ? ` on ${payload.chain}` : ''}, listed by ${source} entry ${entry.entryId} (${entry.names[0]}) as a ${currency} address.` });
      }
    }
    await this.#flag(tx, event.teamId, event.occurredAt, payload.transaction_uuid, findings);
  }

  async #usdPrice(code: string) {
    try {
      return (await this.prices.usdPrice(code)).usd;
    } catch {
      return undefined;
    }
  }

  async #travelRuleCheck(tx: Tx, event: StoredEvent, check: TravelRuleCheckView): Promise<void> {
    const findings: Finding[] = [];
    const screening = check.sanctions_screening;
    if (!screening.originator_cleared || !screening.beneficiary_cleared) {
      findings.push({ flag: 'sanctioned_counterparty', detail: `Travel-rule check ${check.check_id}: a party matched a sanctions list.` });
    }
    if (check.risk_factors.includes('high_risk_country')) {
      findings.push({ flag: 'high_risk_jurisdiction', detail: `Travel-rule check ${check.check_id}: an institution or address in a FATF call-for-action country.` });
    }
    await this.#flag(tx, event.teamId, event.occurredAt, check.transfer_id, findings);
  }

  async #flag(tx: Tx, teamId: string, at: Date, transactionId: string, findings: readonly Finding[]): Promise<void> {
    if (findings.length === 0) return;
    const current = await this.monitoring.find(tx, teamId, transactionId);
    const flags = mergeFlags(current?.flags ?? [], findings.map((finding) => finding.flag));
    if (current && flags.length === current.flags.length) return; // nothing new (a re-driven event)
    const riskScore = riskScoreOf(flags);
    const needsReview = riskScore >= this.config.monitoring.review_score;
    // A decided review stays decided; a new flag on a clear transaction may put it in review.
    const reviewStatus = current && (current.reviewStatus === 'cleared' || current.reviewStatus === 'rejected') ? current.reviewStatus : needsReview ? 'pending_review' : 'clear';
    const record: MonitoredTransactionRecord = {
      id: current?.id ?? this.ids.uuid(),
      teamId,
      transactionId,
      flags,
      riskScore,
      reviewStatus,
      details: [...(current?.details ?? []), ...findings.map((finding) => finding.detail)],
      flaggedAt: current?.flaggedAt ?? at,
      reviewedAt: current?.reviewedAt ?? null,
      reviewNote: current?.reviewNote ?? null,
    };
    await this.monitoring.put(tx, record);
    await tx.append([{ type: ComplianceViolationDetected.name, teamId, aggregateType: 'monitored_transaction', aggregateId: record.id, payload: monitoredTransactionView(record) }]);
  }
}

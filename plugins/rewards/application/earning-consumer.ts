import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { AssetCatalog, Ids, parseDecimal, type ConsumerDefinition, type StoredEvent, type Tx } from '../../../kernel/public.js';
import { RewardsConfig } from '../config.js';
import { counted, earned, period, pointsBetween, type EarningRecord, type EarningSource, type ProfileRecord, type QuestEvent } from '../domain/rewards.js';
import { PointsEarned, QuestCompleted } from '../events.js';
import { RewardsRepository } from '../ports.js';
import { earningView, questView } from './views.js';

/**
 * The events that earn, by name and the fields read from their payloads
 * (the publishing plugins' documented payloads, docs/events.md; rewards
 * imports no other plugin). A payload of another shape only moves the
 * checkpoint.
 */
const CARD_CAPTURED = 'card.authorization.captured';
const INVOICE_PAYMENT_SENT = 'commerce.invoice.payment_sent';
const cardCaptured = z.object({ id: z.string(), currency: z.string(), captured_amount: z.string() });
const paymentSent = z.object({ movement_id: z.string(), asset_code: z.string(), amount: z.string() });

interface Spend {
  readonly source: EarningSource & QuestEvent;
  readonly sourceId: string;
  readonly assetCode: string;
  /** Cumulative spend of the source after this event, in minor units (a card authorization's captures add up). */
  readonly cumulative: bigint | null;
  /** This event's own spend, when it is not cumulative. */
  readonly amount: bigint | null;
}

/**
 * The durable consumer (group `rewards.earn` on the kernel's event
 * backbone): its writes and its checkpoint commit in one unit of work, so
 * each event earns once, and a restart resumes after the last one handled.
 * Events of a team without an enrolled profile earn nothing and count for
 * no quest (enrolment is not retroactive).
 */
@injectable()
export class EarningConsumer implements ConsumerDefinition {
  readonly group = 'rewards.earn';

  constructor(
    @inject(RewardsRepository) private readonly repo: RewardsRepository,
    @inject(AssetCatalog) private readonly assets: AssetCatalog,
    @inject(RewardsConfig) private readonly config: RewardsConfig,
    @inject(Ids) private readonly ids: Ids,
  ) {}

  accepts(event: StoredEvent): boolean {
    return event.type === CARD_CAPTURED || event.type === INVOICE_PAYMENT_SENT;
  }

  async handle(tx: Tx, event: StoredEvent): Promise<void> {
    const spend = this.#spend(event);
    if (!spend) return;
    const profile = await this.repo.lockProfile(tx, event.teamId);
    if (profile?.status !== 'enrolled') return;
    const precision = this.assets.find(spend.assetCode)!.precision;
    const before = spend.cumulative === null ? 0n : await this.repo.earnedBasis(tx, event.teamId, spend.source, spend.sourceId);
    const after = spend.cumulative ?? spend.amount!;
    if (after <= before) return;
    const points = pointsBetween(before, after, this.config.points_per_unit[spend.assetCode] ?? 0, precision);
    const earning = this.#earning(event, spend.source, spend.sourceId, spend.assetCode, after - before, points);
    await this.#credit(tx, event, profile, [earning]);
    await this.#quests(tx, event, spend.source);
  }

  #spend(event: StoredEvent): Spend | undefined {
    if (event.type === CARD_CAPTURED) {
      const payload = cardCaptured.safeParse(event.payload);
      const minor = payload.success ? this.#minor(payload.data.currency, payload.data.captured_amount) : undefined;
      return minor === undefined ? undefined : { source: 'card_capture', sourceId: payload.data!.id, assetCode: payload.data!.currency, cumulative: minor, amount: null };
    }
    const payload = paymentSent.safeParse(event.payload);
    const minor = payload.success ? this.#minor(payload.data.asset_code, payload.data.amount) : undefined;
    return minor === undefined ? undefined : { source: 'invoice_payment', sourceId: payload.data!.movement_id, assetCode: payload.data!.asset_code, cumulative: null, amount: minor };
  }

  #minor(assetCode: string, amount: string): bigint | undefined {
    const asset = this.assets.find(assetCode);
    const parsed = asset && parseDecimal(amount, asset.precision);
    return parsed?.ok ? parsed.minor : undefined;
  }

  #earning(event: StoredEvent, source: EarningSource, sourceId: string, assetCode: string | null, basis: bigint, points: bigint): EarningRecord {
    return { id: this.ids.uuid(), teamId: event.teamId, eventId: event.id, source, sourceId, assetCode, basis, points, createdAt: event.occurredAt };
  }

  async #credit(tx: Tx, event: StoredEvent, profile: ProfileRecord, earnings: readonly EarningRecord[]): Promise<ProfileRecord> {
    let next = profile;
    for (const earning of earnings) {
      await this.repo.insertEarning(tx, earning);
      next = earned(next, earning.points, event.occurredAt);
    }
    await this.repo.saveProfile(tx, next);
    await tx.append(
      earnings.map((earning) => ({ type: PointsEarned.name, teamId: event.teamId, aggregateType: 'reward_profile', aggregateId: event.teamId, payload: earningView(earning, this.assets) })),
    );
    return next;
  }

  /** One more qualifying event in the event's month for every quest counting it; a quest reaching its target pays its bonus once. */
  async #quests(tx: Tx, event: StoredEvent, source: QuestEvent): Promise<void> {
    const month = period(event.occurredAt);
    for (const quest of await this.repo.quests(tx, source)) {
      if (quest.createdAt.getTime() > event.occurredAt.getTime()) continue;
      const { next, completes } = counted(await this.repo.lockProgress(tx, event.teamId, quest.id, month), quest, event.occurredAt);
      await this.repo.saveProgress(tx, next);
      if (!completes) continue;
      const profile = (await this.repo.lockProfile(tx, event.teamId))!;
      await this.#credit(tx, event, profile, [this.#earning(event, 'quest_bonus', `${quest.id}:${month}`, null, 0n, quest.bonusPoints)]);
      await tx.append([{ type: QuestCompleted.name, teamId: event.teamId, aggregateType: 'reward_quest', aggregateId: quest.id, payload: questView(quest, month, next) }]);
    }
  }
}

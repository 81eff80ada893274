import { injectable } from 'inversify';
import { pageOffset, type PageRequest, type Slice, type Tx } from '../../../../kernel/public.js';
import { putUndoable } from '../../../../kit/memory.js';
import type { EarningRecord, EarningSource, ProfileRecord, QuestEvent, QuestProgressRecord, QuestRecord, RedemptionRecord } from '../../domain/rewards.js';
import type { RewardsRepository } from '../../ports.js';

function newestFirst<T>(rows: readonly T[], page: PageRequest): Slice<T> {
  const all = [...rows].reverse();
  const start = pageOffset(page);
  return { items: all.slice(start, start + page.perPage), total: all.length };
}

/**
 * The rewards tables in Maps (insertion order); every write is undone if
 * its unit of work rolls back. The memory store runs one unit of work at a
 * time, so a lock is a plain read.
 */
@injectable()
export class MemoryRewardsRepository implements RewardsRepository {
  readonly #profiles = new Map<string, ProfileRecord>();
  readonly #earnings = new Map<string, EarningRecord>();
  /** `${eventId}/${sourceId}`: an event earns once per source, as the SQL unique key says. */
  readonly #earned = new Map<string, string>();
  readonly #quests = new Map<string, QuestRecord>();
  readonly #progress = new Map<string, QuestProgressRecord>();
  readonly #redemptions = new Map<string, RedemptionRecord>();

  async findProfile(_tx: Tx, teamId: string): Promise<ProfileRecord | undefined> {
    return this.#profiles.get(teamId);
  }

  lockProfile(tx: Tx, teamId: string): Promise<ProfileRecord | undefined> {
    return this.findProfile(tx, teamId);
  }

  async saveProfile(tx: Tx, profile: ProfileRecord): Promise<void> {
    const stored = this.#profiles.get(profile.teamId);
    putUndoable(tx, this.#profiles, profile.teamId, stored ? { ...profile, createdAt: stored.createdAt } : profile);
  }

  async insertEarning(tx: Tx, earning: EarningRecord): Promise<void> {
    const key = `${earning.eventId}/${earning.sourceId}`;
    if (this.#earned.has(key)) throw new Error(`event ${earning.eventId} earned for ${earning.sourceId} already`);
    putUndoable(tx, this.#earned, key, earning.id);
    putUndoable(tx, this.#earnings, earning.id, earning);
  }

  async earnedBasis(_tx: Tx, teamId: string, source: EarningSource, sourceId: string): Promise<bigint> {
    let sum = 0n;
    for (const one of this.#earnings.values()) if (one.teamId === teamId && one.source === source && one.sourceId === sourceId) sum += one.basis;
    return sum;
  }

  async listEarnings(_tx: Tx, teamId: string, page: PageRequest): Promise<Slice<EarningRecord>> {
    return newestFirst([...this.#earnings.values()].filter((one) => one.teamId === teamId), page);
  }

  async insertQuest(tx: Tx, quest: QuestRecord): Promise<void> {
    putUndoable(tx, this.#quests, quest.id, quest);
  }

  async quests(_tx: Tx, event?: QuestEvent): Promise<QuestRecord[]> {
    return [...this.#quests.values()].filter((quest) => event === undefined || quest.event === event);
  }

  async lockProgress(_tx: Tx, teamId: string, questId: string, period: string): Promise<QuestProgressRecord> {
    return this.#progress.get(`${teamId}/${questId}/${period}`) ?? { teamId, questId, period, count: 0, completedAt: null };
  }

  async saveProgress(tx: Tx, progress: QuestProgressRecord): Promise<void> {
    putUndoable(tx, this.#progress, `${progress.teamId}/${progress.questId}/${progress.period}`, progress);
  }

  async progress(_tx: Tx, teamId: string, period: string): Promise<QuestProgressRecord[]> {
    return [...this.#progress.values()].filter((one) => one.teamId === teamId && one.period === period);
  }

  async insertRedemption(tx: Tx, redemption: RedemptionRecord): Promise<void> {
    putUndoable(tx, this.#redemptions, redemption.id, redemption);
  }

  async listRedemptions(_tx: Tx, teamId: string, page: PageRequest): Promise<Slice<RedemptionRecord>> {
    return newestFirst([...this.#redemptions.values()].filter((one) => one.teamId === teamId), page);
  }
}

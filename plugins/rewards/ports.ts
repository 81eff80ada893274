import { token, type PageRequest, type Slice, type Tx } from '../../kernel/public.js';
import type { EarningRecord, EarningSource, ProfileRecord, QuestEvent, QuestProgressRecord, QuestRecord, RedemptionRecord } from './domain/rewards.js';

/**
 * The plugin's repository, one implementation per store family, both held
 * to adapters/repository.contract.ts. Team data is scoped by team; quests
 * are the bank's (an operator creates them) and shared by every team.
 */
export interface RewardsRepository {
  findProfile(tx: Tx, teamId: string): Promise<ProfileRecord | undefined>;
  /** The profile, locked until the unit of work ends (earning and redeeming run one after another). */
  lockProfile(tx: Tx, teamId: string): Promise<ProfileRecord | undefined>;
  /** Inserts or replaces the team's profile. */
  saveProfile(tx: Tx, profile: ProfileRecord): Promise<void>;

  insertEarning(tx: Tx, earning: EarningRecord): Promise<void>;
  /** The spend already counted for one source (a card authorization's earlier captures). */
  earnedBasis(tx: Tx, teamId: string, source: EarningSource, sourceId: string): Promise<bigint>;
  /** Newest first. */
  listEarnings(tx: Tx, teamId: string, page: PageRequest): Promise<Slice<EarningRecord>>;

  insertQuest(tx: Tx, quest: QuestRecord): Promise<void>;
  /** Oldest first; only those counting `event` when given. */
  quests(tx: Tx, event?: QuestEvent): Promise<QuestRecord[]>;
  /** The team's progress in one quest and month, locked; a zero count when none is stored. */
  lockProgress(tx: Tx, teamId: string, questId: string, period: string): Promise<QuestProgressRecord>;
  saveProgress(tx: Tx, progress: QuestProgressRecord): Promise<void>;
  /** The team's progress in every quest in one month. */
  progress(tx: Tx, teamId: string, period: string): Promise<QuestProgressRecord[]>;

  insertRedemption(tx: Tx, redemption: RedemptionRecord): Promise<void>;
  /** Newest first. */
  listRedemptions(tx: Tx, teamId: string, page: PageRequest): Promise<Slice<RedemptionRecord>>;
}
export const RewardsRepository = token<RewardsRepository>('rewards.repository');

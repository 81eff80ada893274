import { injectable } from 'inversify';
import { sql } from 'kysely';
import { pageOffset, type PageRequest, type Slice, type Tx } from '../../../../kernel/public.js';
import { sqlTx, toBigInt, toCount, toDate, toDateOrNull } from '../../../../kit/sql.js';
import type { EarningRecord, EarningSource, ProfileRecord, QuestEvent, QuestProgressRecord, QuestRecord, RedemptionRecord } from '../../domain/rewards.js';
import type { RewardsRepository } from '../../ports.js';

const PROFILE = sql.raw('team_id, status, points::text as points, lifetime_points::text as lifetime_points, created_at, updated_at');
const EARNING = sql.raw('id, team_id, event_id, source, source_id, asset_code, basis::text as basis, points::text as points, created_at');
const QUEST = sql.raw('id, name, event, target, bonus_points::text as bonus_points, created_at');
const PROGRESS = sql.raw('team_id, quest_id, period, count, completed_at');
const REDEMPTION = sql.raw('id, team_id, points::text as points, account_id, asset_code, amount::text as amount, movement_id, created_at');

type Row = Record<string, any>;
const toProfile = (r: Row): ProfileRecord => ({ teamId: r.team_id, status: r.status, points: toBigInt(r.points), lifetimePoints: toBigInt(r.lifetime_points), createdAt: toDate(r.created_at), updatedAt: toDate(r.updated_at) });
const toEarning = (r: Row): EarningRecord => ({
  id: r.id,
  teamId: r.team_id,
  eventId: r.event_id,
  source: r.source,
  sourceId: r.source_id,
  assetCode: r.asset_code,
  basis: toBigInt(r.basis),
  points: toBigInt(r.points),
  createdAt: toDate(r.created_at),
});
const toQuest = (r: Row): QuestRecord => ({ id: r.id, name: r.name, event: r.event, target: toCount(r.target), bonusPoints: toBigInt(r.bonus_points), createdAt: toDate(r.created_at) });
const toProgress = (r: Row): QuestProgressRecord => ({ teamId: r.team_id, questId: r.quest_id, period: r.period, count: toCount(r.count), completedAt: toDateOrNull(r.completed_at) });
const toRedemption = (r: Row): RedemptionRecord => ({
  id: r.id,
  teamId: r.team_id,
  points: toBigInt(r.points),
  accountId: r.account_id,
  assetCode: r.asset_code,
  amount: toBigInt(r.amount),
  movementId: r.movement_id,
  createdAt: toDate(r.created_at),
});

/** Reward profiles, earnings, quests, progress and redemptions in the rewards_* tables; every statement runs in the transaction it is given. */
@injectable()
export class SqlRewardsRepository implements RewardsRepository {
  async findProfile(tx: Tx, teamId: string): Promise<ProfileRecord | undefined> {
    const { rows } = await sql<Row>`select ${PROFILE} from rewards_profiles where team_id = ${teamId}`.execute(sqlTx(tx).db);
    return rows[0] && toProfile(rows[0]);
  }

  async lockProfile(tx: Tx, teamId: string): Promise<ProfileRecord | undefined> {
    const { rows } = await sql<Row>`select ${PROFILE} from rewards_profiles where team_id = ${teamId} for update`.execute(sqlTx(tx).db);
    return rows[0] && toProfile(rows[0]);
  }

  async saveProfile(tx: Tx, p: ProfileRecord): Promise<void> {
    await sql`
      insert into rewards_profiles (team_id, status, points, lifetime_points, created_at, updated_at)
      values (${p.teamId}, ${p.status}, ${p.points.toString()}, ${p.lifetimePoints.toString()}, ${p.createdAt}, ${p.updatedAt})
      on conflict (team_id) do update set status = excluded.status, points = excluded.points, lifetime_points = excluded.lifetime_points, updated_at = excluded.updated_at`.execute(sqlTx(tx).db);
  }

  async insertEarning(tx: Tx, e: EarningRecord): Promise<void> {
    await sql`
      insert into rewards_earnings (id, team_id, event_id, source, source_id, asset_code, basis, points, created_at)
      values (${e.id}, ${e.teamId}, ${e.eventId}, ${e.source}, ${e.sourceId}, ${e.assetCode}, ${e.basis.toString()}, ${e.points.toString()}, ${e.createdAt})`.execute(sqlTx(tx).db);
  }

  async earnedBasis(tx: Tx, teamId: string, source: EarningSource, sourceId: string): Promise<bigint> {
    const { rows } = await sql<Row>`
      select coalesce(sum(basis), 0)::text as basis from rewards_earnings where team_id = ${teamId} and source = ${source} and source_id = ${sourceId}`.execute(sqlTx(tx).db);
    return toBigInt(rows[0]?.basis ?? '0');
  }

  async listEarnings(tx: Tx, teamId: string, page: PageRequest): Promise<Slice<EarningRecord>> {
    const db = sqlTx(tx).db;
    const { rows } = await sql<Row>`select ${EARNING} from rewards_earnings where team_id = ${teamId} order by seq desc limit ${page.perPage} offset ${pageOffset(page)}`.execute(db);
    const count = await sql<Row>`select count(*) as n from rewards_earnings where team_id = ${teamId}`.execute(db);
    return { items: rows.map(toEarning), total: toCount(count.rows[0]?.n) };
  }

  async insertQuest(tx: Tx, q: QuestRecord): Promise<void> {
    await sql`
      insert into rewards_quests (id, name, event, target, bonus_points, created_at)
      values (${q.id}, ${q.name}, ${q.event}, ${q.target}, ${q.bonusPoints.toString()}, ${q.createdAt})`.execute(sqlTx(tx).db);
  }

  async quests(tx: Tx, event?: QuestEvent): Promise<QuestRecord[]> {
    const { rows } = await sql<Row>`
      select ${QUEST} from rewards_quests ${event === undefined ? sql`` : sql`where event = ${event}`} order by seq`.execute(sqlTx(tx).db);
    return rows.map(toQuest);
  }

  async lockProgress(tx: Tx, teamId: string, questId: string, period: string): Promise<QuestProgressRecord> {
    const { rows } = await sql<Row>`
      select ${PROGRESS} from rewards_quest_progress where team_id = ${teamId} and quest_id = ${questId} and period = ${period} for update`.execute(sqlTx(tx).db);
    return rows[0] ? toProgress(rows[0]) : { teamId, questId, period, count: 0, completedAt: null };
  }

  async saveProgress(tx: Tx, p: QuestProgressRecord): Promise<void> {
    await sql`
      insert into rewards_quest_progress (team_id, quest_id, period, count, completed_at)
      values (${p.teamId}, ${p.questId}, ${p.period}, ${p.count}, ${p.completedAt})
      on conflict (team_id, quest_id, period) do update set count = excluded.count, completed_at = excluded.completed_at`.execute(sqlTx(tx).db);
  }

  async progress(tx: Tx, teamId: string, period: string): Promise<QuestProgressRecord[]> {
    const { rows } = await sql<Row>`select ${PROGRESS} from rewards_quest_progress where team_id = ${teamId} and period = ${period}`.execute(sqlTx(tx).db);
    return rows.map(toProgress);
  }

  async insertRedemption(tx: Tx, r: RedemptionRecord): Promise<void> {
    await sql`
      insert into rewards_redemptions (id, team_id, points, account_id, asset_code, amount, movement_id, created_at)
      values (${r.id}, ${r.teamId}, ${r.points.toString()}, ${r.accountId}, ${r.assetCode}, ${r.amount.toString()}, ${r.movementId}, ${r.createdAt})`.execute(sqlTx(tx).db);
  }

  async listRedemptions(tx: Tx, teamId: string, page: PageRequest): Promise<Slice<RedemptionRecord>> {
    const db = sqlTx(tx).db;
    const { rows } = await sql<Row>`select ${REDEMPTION} from rewards_redemptions where team_id = ${teamId} order by seq desc limit ${page.perPage} offset ${pageOffset(page)}`.execute(db);
    const count = await sql<Row>`select count(*) as n from rewards_redemptions where team_id = ${teamId}`.execute(db);
    return { items: rows.map(toRedemption), total: toCount(count.rows[0]?.n) };
  }
}

import { sql, type Kysely } from 'kysely';
import type { SqlMigration } from '../../../../kit/sql.js';

/**
 * The rewards plugin's tables, prefixed with its name. Every table of a
 * team's data carries team_id; rewards_quests holds the bank's quests,
 * which no team owns (an operator creates them, every team reads them).
 */
export const rewardsMigrations: Readonly<Record<string, SqlMigration>> = {
  '0001-rewards': {
    async up(db: Kysely<any>) {
      await sql`
        create table rewards_profiles (
          team_id text primary key,
          status text not null check (status in ('enrolled', 'opted_out')),
          points numeric(78, 0) not null check (points >= 0),
          lifetime_points numeric(78, 0) not null check (lifetime_points >= points),
          created_at timestamptz not null,
          updated_at timestamptz not null
        )`.execute(db);
      await sql`
        create table rewards_earnings (
          seq bigint generated always as identity,
          id uuid primary key,
          team_id text not null,
          event_id text not null,
          source text not null check (source in ('card_capture', 'invoice_payment', 'quest_bonus')),
          source_id text not null,
          asset_code text,
          basis numeric(78, 0) not null check (basis >= 0),
          points numeric(78, 0) not null check (points >= 0),
          created_at timestamptz not null,
          unique (event_id, source_id)
        )`.execute(db);
      await sql`create index rewards_earnings_team_order on rewards_earnings (team_id, seq)`.execute(db);
      await sql`create index rewards_earnings_source on rewards_earnings (team_id, source, source_id)`.execute(db);
      await sql`
        create table rewards_quests (
          seq bigint generated always as identity,
          id uuid primary key,
          name text not null,
          event text not null check (event in ('card_capture', 'invoice_payment')),
          target integer not null check (target > 0),
          bonus_points numeric(78, 0) not null check (bonus_points >= 0),
          created_at timestamptz not null
        )`.execute(db);
      await sql`
        create table rewards_quest_progress (
          team_id text not null,
          quest_id uuid not null references rewards_quests (id),
          period text not null,
          count integer not null check (count >= 0),
          completed_at timestamptz,
          primary key (team_id, quest_id, period)
        )`.execute(db);
      await sql`
        create table rewards_redemptions (
          seq bigint generated always as identity,
          id uuid primary key,
          team_id text not null,
          points numeric(78, 0) not null check (points > 0),
          account_id text not null,
          asset_code text not null,
          amount numeric(78, 0) not null check (amount > 0),
          movement_id text not null,
          created_at timestamptz not null
        )`.execute(db);
      await sql`create index rewards_redemptions_team_order on rewards_redemptions (team_id, seq)`.execute(db);
    },
    async down(db: Kysely<any>) {
      for (const table of ['rewards_redemptions', 'rewards_quest_progress', 'rewards_quests', 'rewards_earnings', 'rewards_profiles']) await sql`drop table if exists ${sql.table(table)}`.execute(db);
    },
  },
};

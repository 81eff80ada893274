import { sql, type Kysely } from 'kysely';
import type { SqlMigration } from '../../../../kit/sql.js';

/**
 * The regtech tables. Sanctions lists are reference data the operator loads
 * for every team (no team_id, like the chains' state); screenings carry the
 * team's id.
 */
export const regtechMigrations: Readonly<Record<string, SqlMigration>> = {
  '0001-sanctions': {
    async up(db: Kysely<any>) {
      await sql`
        create table regtech_sanctions_lists (
          source text primary key,
          version text not null,
          published_at text,
          loaded_at timestamptz not null,
          entries integer not null check (entries >= 0)
        )`.execute(db);
      // position keeps list order; names, dates and countries are short arrays read whole.
      await sql`
        create table regtech_sanctions_entries (
          source text not null references regtech_sanctions_lists (source) on delete cascade,
          position integer not null,
          entry_id text not null,
          entry_type text not null,
          names jsonb not null,
          dates_of_birth jsonb not null,
          countries jsonb not null,
          programs jsonb not null,
          primary key (source, position)
        )`.execute(db);
      await sql`
        create table regtech_screenings (
          id uuid primary key,
          team_id text not null,
          party jsonb not null,
          purpose text,
          matches jsonb not null,
          list_versions jsonb not null,
          threshold double precision not null,
          screened_at timestamptz not null
        )`.execute(db);
      await sql`create index regtech_screenings_team on regtech_screenings (team_id, screened_at)`.execute(db);
    },
    async down(db: Kysely<any>) {
      await sql`drop table if exists regtech_screenings`.execute(db);
      await sql`drop table if exists regtech_sanctions_entries`.execute(db);
      await sql`drop table if exists regtech_sanctions_lists`.execute(db);
    },
  },
  '0002-travel-rule': {
    async up(db: Kysely<any>) {
      await sql`
        create table regtech_travel_rule_checks (
          id uuid primary key,
          team_id text not null,
          transfer_id text not null,
          jurisdiction text not null,
          view jsonb not null,
          is_compliant boolean not null,
          risk_level text not null,
          checked_at timestamptz not null
        )`.execute(db);
      await sql`create index regtech_travel_rule_checks_team on regtech_travel_rule_checks (team_id, checked_at)`.execute(db);
      await sql`
        create table regtech_travel_rule_submissions (
          id uuid primary key,
          team_id text not null,
          transfer_id text not null,
          check_id uuid not null references regtech_travel_rule_checks (id),
          jurisdiction text not null,
          ivms101 jsonb not null,
          submitted_at timestamptz not null,
          unique (team_id, transfer_id)
        )`.execute(db);
    },
    async down(db: Kysely<any>) {
      await sql`drop table if exists regtech_travel_rule_submissions`.execute(db);
      await sql`drop table if exists regtech_travel_rule_checks`.execute(db);
    },
  },
  '0003-mifir-reports': {
    async up(db: Kysely<any>) {
      // seq breaks ties of equal timestamps (a manual clock) in insertion order.
      await sql`
        create table regtech_mifir_reports (
          id uuid primary key,
          seq bigint generated always as identity,
          team_id text not null,
          transaction_id text not null,
          report_type text not null,
          jurisdiction text not null,
          fields jsonb not null,
          status text not null,
          authority_reference text not null,
          feedback_due_at timestamptz not null,
          decided_at timestamptz,
          reasons jsonb not null,
          cancels_report_id uuid,
          submitted_at timestamptz not null
        )`.execute(db);
      await sql`create index regtech_mifir_reports_transaction on regtech_mifir_reports (team_id, transaction_id)`.execute(db);
      await sql`create index regtech_mifir_reports_due on regtech_mifir_reports (feedback_due_at) where status = 'submitted'`.execute(db);
      await sql`
        create table regtech_authority_inbox (
          reference text primary key,
          seq bigint generated always as identity,
          team_id text not null,
          jurisdiction text not null,
          transaction_reference text not null,
          report_status text not null,
          trading_at timestamptz not null,
          received_at timestamptz not null,
          due_at timestamptz not null,
          outcome text,
          reasons jsonb not null,
          decided_at timestamptz
        )`.execute(db);
      await sql`create index regtech_authority_inbox_reference on regtech_authority_inbox (team_id, jurisdiction, transaction_reference)`.execute(db);
    },
    async down(db: Kysely<any>) {
      await sql`drop table if exists regtech_authority_inbox`.execute(db);
      await sql`drop table if exists regtech_mifir_reports`.execute(db);
    },
  },
  '0004-mica': {
    async up(db: Kysely<any>) {
      // The registry is reference data the operator keeps for every team (no team_id); checks are the team's.
      await sql`
        create table regtech_mica_issuers (
          issuer_id text primary key,
          name text not null,
          home_member_state text not null,
          licences jsonb not null,
          withdrawn boolean not null,
          updated_at timestamptz not null
        )`.execute(db);
      await sql`
        create table regtech_mica_white_papers (
          id uuid primary key,
          seq bigint generated always as identity,
          issuer_id text not null references regtech_mica_issuers (issuer_id),
          asset_type text not null,
          token_name text not null,
          hash text not null,
          notified_on text not null,
          published_on text,
          approved_on text,
          filed_at timestamptz not null,
          unique (issuer_id, hash)
        )`.execute(db);
      await sql`
        create table regtech_mica_checks (
          id uuid primary key,
          team_id text not null,
          view jsonb not null,
          compliant boolean not null,
          checked_at timestamptz not null
        )`.execute(db);
      await sql`create index regtech_mica_checks_team on regtech_mica_checks (team_id, checked_at)`.execute(db);
    },
    async down(db: Kysely<any>) {
      await sql`drop table if exists regtech_mica_checks`.execute(db);
      await sql`drop table if exists regtech_mica_white_papers`.execute(db);
      await sql`drop table if exists regtech_mica_issuers`.execute(db);
    },
  },
  '0005-monitoring': {
    async up(db: Kysely<any>) {
      await sql`
        create table regtech_monitored_transfers (
          team_id text not null,
          transfer_id text not null,
          from_account text not null,
          amount_cents numeric not null,
          occurred_at timestamptz not null,
          primary key (team_id, transfer_id)
        )`.execute(db);
      await sql`create index regtech_monitored_transfers_account on regtech_monitored_transfers (team_id, from_account, occurred_at)`.execute(db);
      await sql`
        create table regtech_monitoring_flags (
          id uuid primary key,
          seq bigint generated always as identity,
          team_id text not null,
          transaction_id text not null,
          flags jsonb not null,
          risk_score integer not null,
          review_status text not null,
          details jsonb not null,
          flagged_at timestamptz not null,
          reviewed_at timestamptz,
          review_note text,
          unique (team_id, transaction_id)
        )`.execute(db);
      await sql`create index regtech_monitoring_flags_pending on regtech_monitoring_flags (flagged_at) where review_status = 'pending_review'`.execute(db);
    },
    async down(db: Kysely<any>) {
      await sql`drop table if exists regtech_monitoring_flags`.execute(db);
      await sql`drop table if exists regtech_monitored_transfers`.execute(db);
    },
  },
  '0006-sanctions-addresses': {
    // Digital currency addresses of an entry (OFAC remarks); a list loaded before has none until it is loaded again.
    async up(db: Kysely<any>) {
      await sql`alter table regtech_sanctions_entries add column addresses jsonb not null default '[]'::jsonb`.execute(db);
    },
    async down(db: Kysely<any>) {
      await sql`alter table regtech_sanctions_entries drop column addresses`.execute(db);
    },
  },
};

import { sql, type Kysely } from 'kysely';
import type { SqlMigration } from '../../../../kit/sql.js';

/** The plugin's tables, prefixed with its name and carrying team_id. Amounts are numeric minor units. */
export const cardIssuanceMigrations: Readonly<Record<string, SqlMigration>> = {
  '0001-cards': {
    async up(db: Kysely<any>) {
      await sql`
        create table card_issuance_cardholders (
          seq bigint generated always as identity,
          id uuid primary key,
          team_id text not null,
          name text not null,
          email text,
          created_at timestamptz not null
        )`.execute(db);
      await sql`create index card_issuance_cardholders_team on card_issuance_cardholders (team_id, seq)`.execute(db);
      await sql`
        create table card_issuance_cards (
          seq bigint generated always as identity,
          id uuid primary key,
          team_id text not null,
          cardholder_id uuid not null references card_issuance_cardholders (id),
          account_id uuid not null,
          currency text not null,
          pan_ciphertext text not null,
          last4 text not null check (last4 ~ '^[0-9]{4}$'),
          exp_month int not null check (exp_month between 1 and 12),
          exp_year int not null,
          status text not null check (status in ('active', 'frozen', 'cancelled')),
          per_transaction_limit numeric(40, 0) check (per_transaction_limit > 0),
          daily_limit numeric(40, 0) check (daily_limit > 0),
          allowed_categories jsonb,
          created_at timestamptz not null,
          updated_at timestamptz not null
        )`.execute(db);
      await sql`create index card_issuance_cards_team on card_issuance_cards (team_id, seq)`.execute(db);
      await sql`
        create table card_issuance_authorizations (
          seq bigint generated always as identity,
          id uuid primary key,
          team_id text not null,
          card_id uuid not null references card_issuance_cards (id),
          amount numeric(40, 0) not null check (amount > 0),
          currency text not null,
          merchant_name text not null,
          merchant_category text not null,
          status text not null check (status in ('approved', 'partially_captured', 'captured', 'reversed', 'declined')),
          decline_reason text,
          hold_id text,
          captured_amount numeric(40, 0) not null default 0,
          released_amount numeric(40, 0) not null default 0,
          created_at timestamptz not null,
          updated_at timestamptz not null,
          check (captured_amount >= 0 and released_amount >= 0 and captured_amount + released_amount <= amount),
          check ((status = 'declined') = (hold_id is null))
        )`.execute(db);
      // The card's history (newest first) and its daily-limit window read by card and time.
      await sql`create index card_issuance_authorizations_card on card_issuance_authorizations (team_id, card_id, created_at)`.execute(db);
    },
    async down(db: Kysely<any>) {
      await sql`drop table if exists card_issuance_authorizations`.execute(db);
      await sql`drop table if exists card_issuance_cards`.execute(db);
      await sql`drop table if exists card_issuance_cardholders`.execute(db);
    },
  },
};

import { sql, type Kysely } from 'kysely';
import type { SqlMigration } from '../../../../kit/sql.js';

/** The plugin's tables, prefixed with its name and carrying team_id. */
export const mobileMigrations: Readonly<Record<string, SqlMigration>> = {
  '0001-passkeys': {
    async up(db: Kysely<any>) {
      // A challenge is looked up by its value alone (the client presents only that); team_id is '' for a discoverable sign-in.
      await sql`
        create table mobile_challenges (
          challenge text primary key,
          team_id text not null,
          user_id text,
          purpose text not null check (purpose in ('registration', 'authentication')),
          expires_at timestamptz not null,
          consumed_at timestamptz,
          created_at timestamptz not null
        )`.execute(db);
      await sql`create index mobile_challenges_expiry on mobile_challenges (expires_at)`.execute(db);
      await sql`
        create table mobile_passkeys (
          seq bigint generated always as identity,
          id text primary key,
          team_id text not null,
          user_id text not null,
          user_handle text not null,
          public_key text not null,
          counter bigint not null check (counter >= 0),
          transports text not null,
          attestation_format text not null,
          aaguid text not null,
          device_type text not null check (device_type in ('singleDevice', 'multiDevice')),
          backed_up boolean not null,
          flagged_at timestamptz,
          flag_reason text,
          last_used_at timestamptz,
          created_at timestamptz not null
        )`.execute(db);
      await sql`create index mobile_passkeys_user on mobile_passkeys (team_id, user_id, seq)`.execute(db);
      await sql`
        create table mobile_sessions (
          id uuid primary key,
          team_id text not null,
          user_id text not null,
          credential_id text not null,
          prefix text not null,
          hash text not null unique,
          permissions text not null,
          expires_at timestamptz not null,
          revoked_at timestamptz,
          created_at timestamptz not null
        )`.execute(db);
      await sql`create index mobile_sessions_user on mobile_sessions (team_id, user_id, created_at)`.execute(db);
      await sql`create index mobile_sessions_credential on mobile_sessions (credential_id) where revoked_at is null`.execute(db);
    },
    async down(db: Kysely<any>) {
      await sql`drop table if exists mobile_sessions`.execute(db);
      await sql`drop table if exists mobile_passkeys`.execute(db);
      await sql`drop table if exists mobile_challenges`.execute(db);
    },
  },
  '0002-payments': {
    async up(db: Kysely<any>) {
      await sql`
        create table mobile_wallets (
          team_id text not null,
          user_id text not null,
          account_id text not null,
          updated_at timestamptz not null,
          primary key (team_id, user_id)
        )`.execute(db);
      await sql`
        create table mobile_payment_intents (
          id uuid primary key,
          team_id text not null,
          user_id text not null,
          account_id text not null,
          amount numeric(40, 0) not null check (amount > 0),
          currency text not null,
          recipient text not null,
          recipient_kind text not null check (recipient_kind in ('user', 'account')),
          recipient_team_id text not null,
          recipient_user_id text,
          recipient_account_id text not null,
          description text not null,
          status text not null check (status in ('requires_confirmation', 'processing', 'succeeded', 'failed', 'cancelled', 'expired')),
          hold_id text not null,
          failure_reason text,
          expires_at timestamptz not null,
          completed_at timestamptz,
          created_at timestamptz not null,
          updated_at timestamptz not null
        )`.execute(db);
      await sql`create index mobile_payment_intents_team on mobile_payment_intents (team_id, created_at)`.execute(db);
      // The expiry sweep reads only intents awaiting confirmation, earliest first.
      await sql`create index mobile_payment_intents_due on mobile_payment_intents (expires_at) where status = 'requires_confirmation'`.execute(db);
    },
    async down(db: Kysely<any>) {
      await sql`drop table if exists mobile_payment_intents`.execute(db);
      await sql`drop table if exists mobile_wallets`.execute(db);
    },
  },
  '0003-p2p-and-activity': {
    async up(db: Kysely<any>) {
      // Both sides read a transfer; team_id is the sender's (the table's owner), to_team_id the recipient's.
      await sql`
        create table mobile_p2p_transfers (
          id uuid primary key,
          team_id text not null,
          from_user_id text not null,
          from_account_id text not null,
          to_team_id text not null,
          to_user_id text not null,
          to_account_id text not null,
          amount numeric(40, 0) not null check (amount > 0),
          currency text not null,
          note text not null,
          created_at timestamptz not null
        )`.execute(db);
      await sql`
        create table mobile_activity (
          id uuid primary key,
          team_id text not null,
          user_id text not null,
          type text not null,
          resource_type text not null,
          resource_id text not null,
          amount numeric(41, 0),
          currency text,
          title text not null,
          status text not null,
          created_at timestamptz not null,
          updated_at timestamptz not null,
          unique (team_id, user_id, resource_type, resource_id)
        )`.execute(db);
      await sql`create index mobile_activity_feed on mobile_activity (team_id, user_id, created_at desc, id desc)`.execute(db);
    },
    async down(db: Kysely<any>) {
      await sql`drop table if exists mobile_activity`.execute(db);
      await sql`drop table if exists mobile_p2p_transfers`.execute(db);
    },
  },
  '0004-notifications': {
    async up(db: Kysely<any>) {
      await sql`
        create table mobile_devices (
          id uuid primary key,
          team_id text not null,
          user_id text not null,
          platform text not null check (platform in ('ios', 'android', 'web')),
          push_token text not null,
          name text not null,
          created_at timestamptz not null,
          unique (team_id, user_id, push_token)
        )`.execute(db);
      await sql`
        create table mobile_notifications (
          seq bigint generated always as identity,
          id uuid primary key,
          team_id text not null,
          user_id text not null,
          kind text not null,
          title text not null,
          body text not null,
          resource_type text not null,
          resource_id text not null,
          delivery text not null check (delivery in ('pending', 'delivered', 'no_devices', 'failed')),
          delivered_to integer not null,
          created_at timestamptz not null,
          delivered_at timestamptz
        )`.execute(db);
      await sql`create index mobile_notifications_user on mobile_notifications (team_id, user_id, seq)`.execute(db);
      await sql`create index mobile_notifications_pending on mobile_notifications (seq) where delivery = 'pending'`.execute(db);
      await sql`
        create table mobile_push_simulator (
          seq bigint generated always as identity,
          id uuid primary key,
          team_id text not null,
          platform text not null,
          push_token text not null,
          title text not null,
          body text not null,
          data jsonb not null,
          accepted boolean not null,
          sent_at timestamptz not null
        )`.execute(db);
      await sql`create index mobile_push_simulator_token on mobile_push_simulator (push_token, seq)`.execute(db);
    },
    async down(db: Kysely<any>) {
      await sql`drop table if exists mobile_push_simulator`.execute(db);
      await sql`drop table if exists mobile_notifications`.execute(db);
      await sql`drop table if exists mobile_devices`.execute(db);
    },
  },
  '0005-wallet-activity': {
    async up(db: Kysely<any>) {
      await sql`create index mobile_wallets_account on mobile_wallets (team_id, account_id)`.execute(db);
      await sql`
        create table mobile_balance_marks (
          team_id text not null,
          account_id text not null,
          asset_code text not null,
          total numeric(40, 0) not null,
          primary key (team_id, account_id, asset_code)
        )`.execute(db);
    },
    async down(db: Kysely<any>) {
      await sql`drop table if exists mobile_balance_marks`.execute(db);
      await sql`drop index if exists mobile_wallets_account`.execute(db);
    },
  },
  // The transaction history (ai's questions) reads a team's payments and p2p transfers from either side, by time.
  '0006-history-indexes': {
    async up(db: Kysely<any>) {
      await sql`create index mobile_payment_intents_recipient on mobile_payment_intents (recipient_team_id, created_at)`.execute(db);
      await sql`create index mobile_p2p_transfers_team on mobile_p2p_transfers (team_id, created_at)`.execute(db);
      await sql`create index mobile_p2p_transfers_recipient on mobile_p2p_transfers (to_team_id, created_at)`.execute(db);
    },
    async down(db: Kysely<any>) {
      await sql`drop index if exists mobile_p2p_transfers_recipient`.execute(db);
      await sql`drop index if exists mobile_p2p_transfers_team`.execute(db);
      await sql`drop index if exists mobile_payment_intents_recipient`.execute(db);
    },
  },
};

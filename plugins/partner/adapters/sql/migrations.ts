import { sql, type Kysely } from 'kysely';
import type { SqlMigration } from '../../../../kit/sql.js';

/** The module's tables, prefixed with its name and carrying team_id (the partner's live team, or the tenant's owner). */
export const partnerMigrations: Readonly<Record<string, SqlMigration>> = {
  '0001-partners': {
    async up(db: Kysely<any>) {
      await sql`
        create table partner_partners (
          seq bigint generated always as identity,
          id uuid primary key,
          team_id text not null unique,
          sandbox_team_id text not null unique,
          organization_name text not null,
          contact_email text not null,
          admin_user_id text not null,
          tier text not null check (tier in ('starter', 'growth', 'enterprise')),
          modules jsonb not null,
          sdk_languages jsonb not null,
          ip_whitelist jsonb not null,
          requests_per_minute integer not null,
          burst integer not null,
          metadata jsonb not null,
          status text not null check (status in ('active', 'suspended', 'revoked')),
          live_key_hash text not null unique,
          live_key_prefix text not null,
          sandbox_key_hash text not null unique,
          sandbox_key_prefix text not null,
          compliance_review text not null,
          sandbox_tested_at timestamptz,
          sdk_generated_at timestamptz,
          created_at timestamptz not null,
          updated_at timestamptz not null
        )`.execute(db);
      await sql`create index partner_partners_order on partner_partners (seq)`.execute(db);
      await sql`
        create table partner_tenants (
          seq bigint generated always as identity,
          id uuid primary key,
          partner_id uuid not null references partner_partners (id),
          environment text not null check (environment in ('live', 'sandbox')),
          team_id text not null,
          tenant_team_id text not null unique,
          name text not null,
          plan text not null check (plan in ('starter', 'growth', 'enterprise')),
          domain text not null unique,
          status text not null,
          created_at timestamptz not null
        )`.execute(db);
      await sql`create index partner_tenants_owner on partner_tenants (team_id, seq)`.execute(db);
    },
    async down(db: Kysely<any>) {
      await sql`drop table if exists partner_tenants`.execute(db);
      await sql`drop table if exists partner_partners`.execute(db);
    },
  },
  '0002-whitelabel': {
    async up(db: Kysely<any>) {
      // One row per published version: an embedded widget pinned to a version keeps reading it.
      await sql`
        create table partner_whitelabel (
          partner_id uuid not null references partner_partners (id),
          version integer not null,
          team_id text not null,
          logo_url text not null,
          primary_color text not null,
          features jsonb not null,
          published_at timestamptz not null,
          primary key (partner_id, version)
        )`.execute(db);
    },
    async down(db: Kysely<any>) {
      await sql`drop table if exists partner_whitelabel`.execute(db);
    },
  },
  '0003-sdk-packages': {
    async up(db: Kysely<any>) {
      // The archive itself: a download answers the bytes the generation reported, whatever the service version is by then.
      await sql`
        create table partner_sdk_packages (
          id uuid primary key,
          partner_id uuid not null references partner_partners (id),
          team_id text not null,
          generation_id uuid not null,
          language text not null,
          version text not null,
          package_name text not null,
          file_name text not null,
          media_type text not null,
          content bytea not null,
          install_command text not null,
          created_at timestamptz not null
        )`.execute(db);
    },
    async down(db: Kysely<any>) {
      await sql`drop table if exists partner_sdk_packages`.execute(db);
    },
  },
  '0004-keys-rotated-at': {
    // When the operator last rotated the partner's keys, for the key inventory (docs/key-management.md).
    async up(db: Kysely<any>) {
      await sql`alter table partner_partners add column keys_rotated_at timestamptz`.execute(db);
    },
    async down(db: Kysely<any>) {
      await sql`alter table partner_partners drop column keys_rotated_at`.execute(db);
    },
  },
};

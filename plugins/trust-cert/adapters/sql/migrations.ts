import { sql, type Kysely } from 'kysely';
import type { SqlMigration } from '../../../../kit/sql.js';

/** The plugin's table, prefixed with its name and carrying team_id. */
export const trustCertMigrations: Readonly<Record<string, SqlMigration>> = {
  '0001-certificates': {
    async up(db: Kysely<any>) {
      await sql`
        create table trust_cert_certificates (
          seq bigint generated always as identity,
          id uuid primary key,
          team_id text not null,
          user_id uuid not null,
          level text not null check (level in ('basic', 'standard', 'enhanced')),
          token text not null,
          issued_at timestamptz not null,
          expires_at timestamptz not null,
          revoked_at timestamptz,
          revocation_reason text
        )`.execute(db);
      await sql`create index trust_cert_certificates_team on trust_cert_certificates (team_id, seq)`.execute(db);
      await sql`create index trust_cert_certificates_user on trust_cert_certificates (team_id, user_id, seq)`.execute(db);
    },
    async down(db: Kysely<any>) {
      await sql`drop table if exists trust_cert_certificates`.execute(db);
    },
  },
};

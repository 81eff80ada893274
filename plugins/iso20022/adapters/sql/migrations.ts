import { sql, type Kysely } from 'kysely';
import type { SqlMigration } from '../../../../kit/sql.js';

/**
 * The messages the service issued, prefixed with the plugin's name and
 * carrying team_id. One message per team, type and subject (an export asked
 * twice, even concurrently, answers the first), message ids unique overall.
 */
export const iso20022Migrations: Readonly<Record<string, SqlMigration>> = {
  '0001-messages': {
    async up(db: Kysely<any>) {
      await sql`
        create table iso20022_messages (
          seq bigint generated always as identity,
          id uuid primary key,
          team_id text not null,
          message_id text not null unique,
          type text not null check (type in ('pacs.008', 'camt.053')),
          subject text not null,
          transfer_id text,
          account_id text,
          currency text not null,
          period_from text,
          period_to text,
          created_at timestamptz not null,
          document text not null,
          unique (team_id, type, subject)
        )`.execute(db);
      await sql`create index iso20022_messages_team on iso20022_messages (team_id, seq)`.execute(db);
    },
    async down(db: Kysely<any>) {
      await sql`drop table if exists iso20022_messages`.execute(db);
    },
  },
};

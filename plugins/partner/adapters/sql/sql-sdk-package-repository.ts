import { injectable } from 'inversify';
import { sql } from 'kysely';
import type { SdkLanguage, Tx } from '../../../../kernel/public.js';
import { sqlTx, toDate } from '../../../../kit/sql.js';
import type { SdkPackageRecord } from '../../domain/sdk-package.js';
import type { SdkPackageRepository } from '../../ports.js';

interface SdkPackageRow {
  readonly id: string;
  readonly partner_id: string;
  readonly team_id: string;
  readonly generation_id: string;
  readonly language: SdkLanguage;
  readonly version: string;
  readonly package_name: string;
  readonly file_name: string;
  readonly media_type: string;
  readonly content: Uint8Array;
  readonly install_command: string;
  readonly created_at: unknown;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Packages in partner_sdk_packages, the archive in a bytea column. */
@injectable()
export class SqlSdkPackageRepository implements SdkPackageRepository {
  async insert(tx: Tx, packages: readonly SdkPackageRecord[]): Promise<void> {
    for (const p of packages) {
      await sql`
        insert into partner_sdk_packages (id, partner_id, team_id, generation_id, language, version, package_name, file_name, media_type, content, install_command, created_at)
        values (${p.id}, ${p.partnerId}, ${p.teamId}, ${p.generationId}, ${p.language}, ${p.version}, ${p.packageName}, ${p.fileName}, ${p.mediaType},
          ${Buffer.from(p.content)}, ${p.installCommand}, ${p.createdAt})`.execute(sqlTx(tx).db);
    }
  }

  async find(tx: Tx, partnerId: string, id: string): Promise<SdkPackageRecord | undefined> {
    if (!UUID.test(id)) return undefined;
    const { rows } = await sql<SdkPackageRow>`
      select id, partner_id, team_id, generation_id, language, version, package_name, file_name, media_type, content, install_command, created_at
      from partner_sdk_packages where partner_id = ${partnerId} and id = ${id}`.execute(sqlTx(tx).db);
    const row = rows[0];
    if (!row) return undefined;
    return {
      id: row.id,
      partnerId: row.partner_id,
      teamId: row.team_id,
      generationId: row.generation_id,
      language: row.language,
      version: row.version,
      packageName: row.package_name,
      fileName: row.file_name,
      mediaType: row.media_type,
      content: new Uint8Array(row.content),
      installCommand: row.install_command,
      createdAt: toDate(row.created_at),
    };
  }
}

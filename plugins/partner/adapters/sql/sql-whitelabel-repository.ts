import { injectable } from 'inversify';
import { sql } from 'kysely';
import { ConflictError, type Tx } from '../../../../kernel/public.js';
import { sqlTx, toDate } from '../../../../kit/sql.js';
import type { WhitelabelRecord } from '../../domain/whitelabel.js';
import type { WhitelabelRepository } from '../../ports.js';

interface WhitelabelRow {
  readonly partner_id: string;
  readonly team_id: string;
  readonly version: number;
  readonly logo_url: string;
  readonly primary_color: string;
  readonly features: unknown;
  readonly published_at: unknown;
}

const COLUMNS = sql.raw('partner_id, team_id, version, logo_url, primary_color, features, published_at');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function toRecord(row: WhitelabelRow): WhitelabelRecord {
  return {
    partnerId: row.partner_id,
    teamId: row.team_id,
    version: Number(row.version),
    logoUrl: row.logo_url,
    primaryColor: row.primary_color,
    features: row.features as Record<string, boolean>,
    publishedAt: toDate(row.published_at),
  };
}

/** Published versions in partner_whitelabel, one row each. */
@injectable()
export class SqlWhitelabelRepository implements WhitelabelRepository {
  async insert(tx: Tx, c: WhitelabelRecord): Promise<void> {
    const { rows } = await sql<{ version: number }>`
      insert into partner_whitelabel (partner_id, version, team_id, logo_url, primary_color, features, published_at)
      values (${c.partnerId}, ${c.version}, ${c.teamId}, ${c.logoUrl}, ${c.primaryColor}, ${JSON.stringify(c.features)}::jsonb, ${c.publishedAt})
      on conflict (partner_id, version) do nothing returning version`.execute(sqlTx(tx).db);
    if (rows.length === 0) throw new ConflictError(`Version ${c.version} is already published.`, 'version_taken');
  }

  async find(tx: Tx, partnerId: string, version?: number): Promise<WhitelabelRecord | undefined> {
    if (!UUID.test(partnerId)) return undefined;
    const db = sqlTx(tx).db;
    const { rows } =
      version === undefined
        ? await sql<WhitelabelRow>`select ${COLUMNS} from partner_whitelabel where partner_id = ${partnerId} order by version desc limit 1`.execute(db)
        : await sql<WhitelabelRow>`select ${COLUMNS} from partner_whitelabel where partner_id = ${partnerId} and version = ${version}`.execute(db);
    return rows[0] && toRecord(rows[0]);
  }
}

import { injectable } from 'inversify';
import { sql } from 'kysely';
import { pageOffset, type PageRequest, type Slice, type Tx } from '../../../../kernel/public.js';
import { sqlTx, toCount, toDate } from '../../../../kit/sql.js';
import type { ReconstructionRecord, RecoveryKeyRecord } from '../../domain/recovery-key.js';
import type { RecoveryKeyRepository } from '../../ports.js';

const KEY = sql.raw('id, team_id, label, threshold, share_count, fingerprint, created_at');
const RECONSTRUCTION = sql.raw('id, team_id, recovery_key_id, purpose, shares_given, matches, created_at');

interface KeyRow {
  readonly id: string;
  readonly team_id: string;
  readonly label: string;
  readonly threshold: number;
  readonly share_count: number;
  readonly fingerprint: string;
  readonly created_at: unknown;
}

interface ReconstructionRow {
  readonly id: string;
  readonly team_id: string;
  readonly recovery_key_id: string;
  readonly purpose: ReconstructionRecord['purpose'];
  readonly shares_given: number;
  readonly matches: boolean;
  readonly created_at: unknown;
}

const toKey = (row: KeyRow): RecoveryKeyRecord => ({
  id: row.id,
  teamId: row.team_id,
  label: row.label,
  threshold: Number(row.threshold),
  shareCount: Number(row.share_count),
  fingerprint: row.fingerprint,
  createdAt: toDate(row.created_at),
});

const toReconstruction = (row: ReconstructionRow): ReconstructionRecord => ({
  id: row.id,
  teamId: row.team_id,
  recoveryKeyId: row.recovery_key_id,
  purpose: row.purpose,
  sharesGiven: Number(row.shares_given),
  matches: row.matches,
  createdAt: toDate(row.created_at),
});

/** Recovery keys and their reconstructions; every statement runs in the transaction it is given and names the team. */
@injectable()
export class SqlRecoveryKeyRepository implements RecoveryKeyRepository {
  async insertKey(tx: Tx, k: RecoveryKeyRecord): Promise<void> {
    await sql`
      insert into key_management_recovery_keys (id, team_id, label, threshold, share_count, fingerprint, created_at)
      values (${k.id}, ${k.teamId}, ${k.label}, ${k.threshold}, ${k.shareCount}, ${k.fingerprint}, ${k.createdAt})`.execute(sqlTx(tx).db);
  }

  async findKey(tx: Tx, teamId: string, id: string): Promise<RecoveryKeyRecord | undefined> {
    const { rows } = await sql<KeyRow>`select ${KEY} from key_management_recovery_keys where team_id = ${teamId} and id = ${id}`.execute(sqlTx(tx).db);
    return rows[0] && toKey(rows[0]);
  }

  async listKeys(tx: Tx, teamId: string, page: PageRequest): Promise<Slice<RecoveryKeyRecord>> {
    const db = sqlTx(tx).db;
    const { rows } = await sql<KeyRow>`
      select ${KEY} from key_management_recovery_keys where team_id = ${teamId} order by seq desc limit ${page.perPage} offset ${pageOffset(page)}`.execute(db);
    const count = await sql<{ n: unknown }>`select count(*) as n from key_management_recovery_keys where team_id = ${teamId}`.execute(db);
    return { items: rows.map(toKey), total: toCount(count.rows[0]?.n) };
  }

  async insertReconstruction(tx: Tx, r: ReconstructionRecord): Promise<void> {
    await sql`
      insert into key_management_reconstructions (id, team_id, recovery_key_id, purpose, shares_given, matches, created_at)
      values (${r.id}, ${r.teamId}, ${r.recoveryKeyId}, ${r.purpose}, ${r.sharesGiven}, ${r.matches}, ${r.createdAt})`.execute(sqlTx(tx).db);
  }

  async listReconstructions(tx: Tx, teamId: string, recoveryKeyId: string, page: PageRequest): Promise<Slice<ReconstructionRecord>> {
    const db = sqlTx(tx).db;
    const { rows } = await sql<ReconstructionRow>`
      select ${RECONSTRUCTION} from key_management_reconstructions where team_id = ${teamId} and recovery_key_id = ${recoveryKeyId}
      order by seq desc limit ${page.perPage} offset ${pageOffset(page)}`.execute(db);
    const count = await sql<{ n: unknown }>`
      select count(*) as n from key_management_reconstructions where team_id = ${teamId} and recovery_key_id = ${recoveryKeyId}`.execute(db);
    return { items: rows.map(toReconstruction), total: toCount(count.rows[0]?.n) };
  }
}

import { injectable } from 'inversify';
import { sql } from 'kysely';
import { pageOffset, type PageRequest, type Slice, type Tx } from '../../../../kernel/public.js';
import { sqlTx, toCount, toDate, toDateOrNull } from '../../../../kit/sql.js';
import type { CertificateRecord, VerificationLevel } from '../../domain/certificate.js';
import type { CertificateRepository } from '../../ports.js';

const COLUMNS = sql.raw('id, team_id, user_id, level, token, issued_at, expires_at, revoked_at, revocation_reason');

interface CertificateRow {
  readonly id: string;
  readonly team_id: string;
  readonly user_id: string;
  readonly level: VerificationLevel;
  readonly token: string;
  readonly issued_at: unknown;
  readonly expires_at: unknown;
  readonly revoked_at: unknown;
  readonly revocation_reason: string | null;
}

function toCertificate(row: CertificateRow): CertificateRecord {
  return {
    id: row.id,
    teamId: row.team_id,
    userId: row.user_id,
    level: row.level,
    token: row.token,
    issuedAt: toDate(row.issued_at),
    expiresAt: toDate(row.expires_at),
    revokedAt: toDateOrNull(row.revoked_at),
    revocationReason: row.revocation_reason,
  };
}

/** Certificates in trust_cert_certificates; every statement runs in the transaction it is given. */
@injectable()
export class SqlCertificateRepository implements CertificateRepository {
  async insert(tx: Tx, c: CertificateRecord): Promise<void> {
    await sql`
      insert into trust_cert_certificates (id, team_id, user_id, level, token, issued_at, expires_at, revoked_at, revocation_reason)
      values (${c.id}, ${c.teamId}, ${c.userId}, ${c.level}, ${c.token}, ${c.issuedAt}, ${c.expiresAt}, ${c.revokedAt}, ${c.revocationReason})`.execute(sqlTx(tx).db);
  }

  async find(tx: Tx, teamId: string, id: string): Promise<CertificateRecord | undefined> {
    const { rows } = await sql<CertificateRow>`select ${COLUMNS} from trust_cert_certificates where team_id = ${teamId} and id = ${id}`.execute(sqlTx(tx).db);
    return rows[0] && toCertificate(rows[0]);
  }

  async findForVerification(tx: Tx, id: string): Promise<CertificateRecord | undefined> {
    const { rows } = await sql<CertificateRow>`select ${COLUMNS} from trust_cert_certificates where id = ${id}`.execute(sqlTx(tx).db);
    return rows[0] && toCertificate(rows[0]);
  }

  async list(tx: Tx, teamId: string, page: PageRequest, userId?: string): Promise<Slice<CertificateRecord>> {
    const db = sqlTx(tx).db;
    const user = userId === undefined ? sql`` : sql`and user_id = ${userId}`;
    const { rows } = await sql<CertificateRow>`
      select ${COLUMNS} from trust_cert_certificates where team_id = ${teamId} ${user}
      order by seq desc limit ${page.perPage} offset ${pageOffset(page)}`.execute(db);
    const count = await sql<{ n: unknown }>`select count(*) as n from trust_cert_certificates where team_id = ${teamId} ${user}`.execute(db);
    return { items: rows.map(toCertificate), total: toCount(count.rows[0]?.n) };
  }

  async revoke(tx: Tx, teamId: string, id: string, at: Date, reason: string | null): Promise<CertificateRecord | undefined> {
    const { rows } = await sql<CertificateRow>`
      update trust_cert_certificates set revoked_at = ${at}, revocation_reason = ${reason}
      where team_id = ${teamId} and id = ${id} and revoked_at is null
      returning ${COLUMNS}`.execute(sqlTx(tx).db);
    return rows[0] && toCertificate(rows[0]);
  }
}

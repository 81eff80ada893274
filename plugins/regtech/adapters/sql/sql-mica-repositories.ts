import { injectable } from 'inversify';
import { sql } from 'kysely';
import type { Tx } from '../../../../kernel/public.js';
import { sqlTx, toDate } from '../../../../kit/sql.js';
import type { FiledWhitePaper, IssuerLicence, MicaAssetType, RegisteredIssuer } from '../../domain/mica/mica-rules.js';
import type { MicaCheckRecord, MicaCheckRepository, MicaRegistryRepository } from '../../ports.js';

function toIssuer(row: Record<string, unknown>): RegisteredIssuer & { updatedAt: Date } {
  return {
    issuerId: row.issuer_id as string,
    name: row.name as string,
    homeMemberState: row.home_member_state as string,
    licences: row.licences as IssuerLicence[],
    withdrawn: row.withdrawn as boolean,
    updatedAt: toDate(row.updated_at),
  };
}

function toPaper(row: Record<string, unknown>): FiledWhitePaper & { filedAt: Date } {
  return {
    id: row.id as string,
    issuerId: row.issuer_id as string,
    assetType: row.asset_type as MicaAssetType,
    tokenName: row.token_name as string,
    hash: row.hash as string,
    notifiedOn: row.notified_on as string,
    publishedOn: (row.published_on as string | null) ?? null,
    approvedOn: (row.approved_on as string | null) ?? null,
    filedAt: toDate(row.filed_at),
  };
}

const PAPER_COLUMNS = sql.raw('id, issuer_id, asset_type, token_name, hash, notified_on, published_on, approved_on, filed_at');

/** The MiCA registry in regtech_mica_issuers and regtech_mica_white_papers. */
@injectable()
export class SqlMicaRegistryRepository implements MicaRegistryRepository {
  async putIssuer(tx: Tx, i: RegisteredIssuer, at: Date): Promise<void> {
    await sql`
      insert into regtech_mica_issuers (issuer_id, name, home_member_state, licences, withdrawn, updated_at)
      values (${i.issuerId}, ${i.name}, ${i.homeMemberState}, ${JSON.stringify(i.licences)}::jsonb, ${i.withdrawn}, ${at})
      on conflict (issuer_id) do update set name = excluded.name, home_member_state = excluded.home_member_state,
        licences = excluded.licences, withdrawn = excluded.withdrawn, updated_at = excluded.updated_at`.execute(sqlTx(tx).db);
  }

  async issuer(tx: Tx, issuerId: string) {
    const { rows } = await sql<Record<string, unknown>>`select * from regtech_mica_issuers where issuer_id = ${issuerId}`.execute(sqlTx(tx).db);
    return rows[0] && toIssuer(rows[0]);
  }

  async issuers(tx: Tx) {
    const { rows } = await sql<Record<string, unknown>>`select * from regtech_mica_issuers order by issuer_id collate "C"`.execute(sqlTx(tx).db);
    return rows.map(toIssuer);
  }

  async fileWhitePaper(tx: Tx, p: FiledWhitePaper, at: Date): Promise<boolean> {
    const { rows } = await sql<{ id: string }>`
      insert into regtech_mica_white_papers (${PAPER_COLUMNS})
      values (${p.id}, ${p.issuerId}, ${p.assetType}, ${p.tokenName}, ${p.hash}, ${p.notifiedOn}, ${p.publishedOn}, ${p.approvedOn}, ${at})
      on conflict (issuer_id, hash) do nothing
      returning id`.execute(sqlTx(tx).db);
    return rows.length === 1;
  }

  async whitePaper(tx: Tx, issuerId: string, assetType: MicaAssetType, hash: string): Promise<FiledWhitePaper | undefined> {
    const { rows } = await sql<Record<string, unknown>>`
      select ${PAPER_COLUMNS} from regtech_mica_white_papers where issuer_id = ${issuerId} and hash = ${hash} and asset_type = ${assetType}`.execute(sqlTx(tx).db);
    if (!rows[0]) return undefined;
    const { filedAt: _filedAt, ...paper } = toPaper(rows[0]);
    return paper;
  }

  async whitePapersOf(tx: Tx, issuerId: string) {
    const { rows } = await sql<Record<string, unknown>>`
      select ${PAPER_COLUMNS} from regtech_mica_white_papers where issuer_id = ${issuerId} order by filed_at, seq`.execute(sqlTx(tx).db);
    return rows.map(toPaper);
  }
}

/** MiCA checks in regtech_mica_checks, each its team's. */
@injectable()
export class SqlMicaCheckRepository implements MicaCheckRepository {
  async insert(tx: Tx, c: MicaCheckRecord): Promise<void> {
    await sql`
      insert into regtech_mica_checks (id, team_id, view, compliant, checked_at)
      values (${c.id}, ${c.teamId}, ${JSON.stringify(c.view)}::jsonb, ${c.view.compliant}, ${c.checkedAt})`.execute(sqlTx(tx).db);
  }

  async counts(tx: Tx, teamId: string) {
    const { rows } = await sql<{ total: unknown; compliant: unknown }>`
      select count(*) as total, count(*) filter (where compliant) as compliant from regtech_mica_checks where team_id = ${teamId}`.execute(sqlTx(tx).db);
    return { total: Number(rows[0]?.total ?? 0), compliant: Number(rows[0]?.compliant ?? 0) };
  }
}

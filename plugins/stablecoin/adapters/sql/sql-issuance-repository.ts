import { injectable } from 'inversify';
import { sql } from 'kysely';
import { pageOffset, type PageRequest, type Slice, type Tx } from '../../../../kernel/public.js';
import { sqlTx, toBigInt, toCount, toDate } from '../../../../kit/sql.js';
import type { IssuanceKind, IssuanceRecord } from '../../domain/reserve.js';
import type { IssuanceRepository } from '../../ports.js';

const COLUMNS = sql.raw('id, team_id, kind, code, reference_asset, account_id, amount, movement_id, created_at');

interface IssuanceRow {
  readonly id: string;
  readonly team_id: string;
  readonly kind: IssuanceKind;
  readonly code: string;
  readonly reference_asset: string;
  readonly account_id: string;
  readonly amount: unknown;
  readonly movement_id: string;
  readonly created_at: unknown;
}

const toIssuance = (row: IssuanceRow): IssuanceRecord => ({
  id: row.id,
  teamId: row.team_id,
  kind: row.kind,
  code: row.code,
  referenceAsset: row.reference_asset,
  accountId: row.account_id,
  amount: toBigInt(row.amount),
  movementId: row.movement_id,
  createdAt: toDate(row.created_at),
});

/** stablecoin_issuances; every statement runs in the transaction it is given and names the team. */
@injectable()
export class SqlIssuanceRepository implements IssuanceRepository {
  async insert(tx: Tx, i: IssuanceRecord): Promise<void> {
    await sql`
      insert into stablecoin_issuances (id, team_id, kind, code, reference_asset, account_id, amount, movement_id, created_at)
      values (${i.id}, ${i.teamId}, ${i.kind}, ${i.code}, ${i.referenceAsset}, ${i.accountId}, ${i.amount.toString()}, ${i.movementId}, ${i.createdAt})`.execute(sqlTx(tx).db);
  }

  async find(tx: Tx, teamId: string, id: string): Promise<IssuanceRecord | undefined> {
    const { rows } = await sql<IssuanceRow>`select ${COLUMNS} from stablecoin_issuances where team_id = ${teamId} and id = ${id}`.execute(sqlTx(tx).db);
    return rows[0] && toIssuance(rows[0]);
  }

  async list(tx: Tx, teamId: string, code: string, page: PageRequest): Promise<Slice<IssuanceRecord>> {
    const db = sqlTx(tx).db;
    const { rows } = await sql<IssuanceRow>`
      select ${COLUMNS} from stablecoin_issuances where team_id = ${teamId} and code = ${code}
      order by seq desc limit ${page.perPage} offset ${pageOffset(page)}`.execute(db);
    const count = await sql<{ n: unknown }>`select count(*) as n from stablecoin_issuances where team_id = ${teamId} and code = ${code}`.execute(db);
    return { items: rows.map(toIssuance), total: toCount(count.rows[0]?.n) };
  }

  async lockToken(tx: Tx, teamId: string, code: string): Promise<void> {
    const db = sqlTx(tx).db;
    await sql`insert into stablecoin_token_locks (team_id, code) values (${teamId}, ${code}) on conflict do nothing`.execute(db);
    await sql`select 1 from stablecoin_token_locks where team_id = ${teamId} and code = ${code} for update`.execute(db);
  }
}

import { injectable } from 'inversify';
import { sql } from 'kysely';
import { pageOffset, type PageRequest, type Slice, type Tx } from '../../../../kernel/public.js';
import { sqlTx, toCount, toDate } from '../../../../kit/sql.js';
import type { EndpointRecord } from '../../domain/records.js';
import type { EndpointRepository } from '../../ports.js';

const COLUMNS = sql.raw('id, team_id, path, price_usd_cents, network, asset, description, account_id, created_at, updated_at');

interface EndpointRow {
  readonly id: string;
  readonly team_id: string;
  readonly path: string;
  readonly price_usd_cents: number;
  readonly network: string;
  readonly asset: string;
  readonly description: string;
  readonly account_id: string;
  readonly created_at: unknown;
  readonly updated_at: unknown;
}

function toEndpoint(row: EndpointRow): EndpointRecord {
  return {
    id: row.id,
    teamId: row.team_id,
    path: row.path,
    priceUsdCents: Number(row.price_usd_cents),
    network: row.network,
    asset: row.asset,
    description: row.description,
    accountId: row.account_id,
    createdAt: toDate(row.created_at),
    updatedAt: toDate(row.updated_at),
  };
}

/** Registrations in x402_endpoints; the path is unique across teams. */
@injectable()
export class SqlEndpointRepository implements EndpointRepository {
  async insert(tx: Tx, e: EndpointRecord): Promise<boolean> {
    const { rows } = await sql`
      insert into x402_endpoints (id, team_id, path, price_usd_cents, network, asset, description, account_id, created_at, updated_at)
      values (${e.id}, ${e.teamId}, ${e.path}, ${e.priceUsdCents}, ${e.network}, ${e.asset}, ${e.description}, ${e.accountId}, ${e.createdAt}, ${e.updatedAt})
      on conflict (path) do nothing returning id`.execute(sqlTx(tx).db);
    return rows.length === 1;
  }

  async find(tx: Tx, teamId: string, id: string): Promise<EndpointRecord | undefined> {
    const { rows } = await sql<EndpointRow>`select ${COLUMNS} from x402_endpoints where team_id = ${teamId} and id = ${id}`.execute(sqlTx(tx).db);
    return rows[0] && toEndpoint(rows[0]);
  }

  async findByPath(tx: Tx, path: string): Promise<EndpointRecord | undefined> {
    const { rows } = await sql<EndpointRow>`select ${COLUMNS} from x402_endpoints where path = ${path}`.execute(sqlTx(tx).db);
    return rows[0] && toEndpoint(rows[0]);
  }

  async list(tx: Tx, teamId: string, page: PageRequest): Promise<Slice<EndpointRecord>> {
    const db = sqlTx(tx).db;
    const { rows } = await sql<EndpointRow>`
      select ${COLUMNS} from x402_endpoints where team_id = ${teamId}
      order by seq limit ${page.perPage} offset ${pageOffset(page)}`.execute(db);
    const count = await sql<{ n: unknown }>`select count(*) as n from x402_endpoints where team_id = ${teamId}`.execute(db);
    return { items: rows.map(toEndpoint), total: toCount(count.rows[0]?.n) };
  }

  async update(tx: Tx, e: EndpointRecord): Promise<EndpointRecord | undefined> {
    const { rows } = await sql<EndpointRow>`
      update x402_endpoints set price_usd_cents = ${e.priceUsdCents}, network = ${e.network}, asset = ${e.asset},
        description = ${e.description}, account_id = ${e.accountId}, updated_at = ${e.updatedAt}
      where team_id = ${e.teamId} and id = ${e.id}
      returning ${COLUMNS}`.execute(sqlTx(tx).db);
    return rows[0] && toEndpoint(rows[0]);
  }

  async delete(tx: Tx, teamId: string, id: string): Promise<boolean> {
    const { rows } = await sql`delete from x402_endpoints where team_id = ${teamId} and id = ${id} returning id`.execute(sqlTx(tx).db);
    return rows.length === 1;
  }
}

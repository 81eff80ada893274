import { injectable } from 'inversify';
import { sql } from 'kysely';
import { sqlTx, toBigInt, toDate } from '../../../../kit/sql.js';
import { parseRate, type Tx } from '../../../../kernel/public.js';
import type { ProposalRecord } from '../../domain/proposal.js';
import type { BasketRecord, BasketVersion, GcuRepository, HoldingRow, PricePoint, ReserveRecord, VoteRecord } from '../../ports.js';
import { basketFromDoc, basketToDoc, proposalFromDoc, proposalToDoc, rateText, versionFromDoc, versionToDoc } from './sql-docs.js';

type Row = Record<string, any>;

function doc(value: unknown): any {
  return typeof value === 'string' ? JSON.parse(value) : value;
}

@injectable()
export class SqlGcuRepository implements GcuRepository {
  async findBasket(tx: Tx, code: string) {
    const r = await sql<Row>`select doc from gcu_baskets where code = ${code}`.execute(sqlTx(tx).db);
    return r.rows[0] ? basketFromDoc(doc(r.rows[0].doc)) : undefined;
  }
  async lockBasket(tx: Tx, code: string) {
    const r = await sql<Row>`select doc from gcu_baskets where code = ${code} for update`.execute(sqlTx(tx).db);
    return r.rows[0] ? basketFromDoc(doc(r.rows[0].doc)) : undefined;
  }
  async listBaskets(tx: Tx) {
    const r = await sql<Row>`select doc from gcu_baskets order by code`.execute(sqlTx(tx).db);
    return r.rows.map((row) => basketFromDoc(doc(row.doc)));
  }
  async saveBasket(tx: Tx, basket: BasketRecord) {
    await sql`insert into gcu_baskets (code, doc, updated_at) values (${basket.code}, ${JSON.stringify(basketToDoc(basket))}::jsonb, ${basket.updatedAt})
      on conflict (code) do update set doc = excluded.doc, updated_at = excluded.updated_at`.execute(sqlTx(tx).db);
  }
  async insertBasket(tx: Tx, basket: BasketRecord) {
    const r = await sql<Row>`insert into gcu_baskets (code, doc, updated_at) values (${basket.code}, ${JSON.stringify(basketToDoc(basket))}::jsonb, ${basket.updatedAt})
      on conflict (code) do nothing returning code`.execute(sqlTx(tx).db);
    return r.rows.length === 1;
  }
  async insertVersion(tx: Tx, version: BasketVersion) {
    await sql`insert into gcu_basket_versions (code, version, effective_at, doc)
      values (${version.code}, ${version.version}, ${version.effectiveAt}, ${JSON.stringify(versionToDoc(version))}::jsonb)`.execute(sqlTx(tx).db);
  }
  async listVersions(tx: Tx, code: string) {
    const r = await sql<Row>`select doc from gcu_basket_versions where code = ${code} order by version`.execute(sqlTx(tx).db);
    return r.rows.map((row) => versionFromDoc(doc(row.doc)));
  }

  async recordPrices(tx: Tx, points: readonly PricePoint[]) {
    // Multi-row inserts: a first start backfills thousands of hourly points.
    for (let i = 0; i < points.length; i += 500) {
      const rows = points.slice(i, i + 500).map((p) => sql`(${p.assetCode}, ${p.at}, ${rateText(p.usd)})`);
      await sql`insert into gcu_prices (asset_code, at, usd) values ${sql.join(rows)}
        on conflict (asset_code, at) do nothing`.execute(sqlTx(tx).db);
    }
  }
  async lastPriceAt(tx: Tx) {
    const r = await sql<Row>`select max(at) as at from gcu_prices`.execute(sqlTx(tx).db);
    return r.rows[0]?.at ? toDate(r.rows[0].at) : undefined;
  }
  async priceNear(tx: Tx, assetCode: string, at: Date) {
    const r = await sql<Row>`(select asset_code, at, usd, 0 as rank from gcu_prices where asset_code = ${assetCode} and at <= ${at} order by at desc limit 1)
      union all (select asset_code, at, usd, 1 as rank from gcu_prices where asset_code = ${assetCode} order by at limit 1)
      order by rank limit 1`.execute(sqlTx(tx).db);
    const row = r.rows[0];
    return row ? { assetCode: row.asset_code as string, at: toDate(row.at), usd: parseRate(row.usd as string) } : undefined;
  }
  async prices(tx: Tx, assets: readonly string[], from: Date | null, to: Date) {
    if (assets.length === 0) return [];
    const r = await sql<Row>`select asset_code, at, usd from gcu_prices
      where asset_code in (${sql.join(assets)}) and at <= ${to} ${from ? sql`and at >= ${from}` : sql``}
      order by at, asset_code`.execute(sqlTx(tx).db);
    return r.rows.map((row) => ({ assetCode: row.asset_code as string, at: toDate(row.at), usd: parseRate(row.usd as string) }));
  }

  async insertProposal(tx: Tx, p: ProposalRecord) {
    await sql`insert into gcu_proposals (id, basket_code, starts_at, ends_at, created_at, doc)
      values (${p.id}, ${p.basketCode}, ${p.startsAt}, ${p.endsAt}, ${p.createdAt}, ${JSON.stringify(proposalToDoc(p))}::jsonb)`.execute(sqlTx(tx).db);
  }
  async saveProposal(tx: Tx, p: ProposalRecord) {
    await sql`update gcu_proposals set doc = ${JSON.stringify(proposalToDoc(p))}::jsonb where id = ${p.id}`.execute(sqlTx(tx).db);
  }
  async findProposal(tx: Tx, id: string) {
    const r = await sql<Row>`select doc from gcu_proposals where id = ${id}`.execute(sqlTx(tx).db);
    return r.rows[0] ? proposalFromDoc(doc(r.rows[0].doc)) : undefined;
  }
  async lockProposal(tx: Tx, id: string) {
    const r = await sql<Row>`select doc from gcu_proposals where id = ${id} for update`.execute(sqlTx(tx).db);
    return r.rows[0] ? proposalFromDoc(doc(r.rows[0].doc)) : undefined;
  }
  async listProposals(tx: Tx, basketCode: string) {
    const r = await sql<Row>`select doc from gcu_proposals where basket_code = ${basketCode}
      order by starts_at desc, created_at desc, id`.execute(sqlTx(tx).db);
    return r.rows.map((row) => proposalFromDoc(doc(row.doc)));
  }

  async findVote(tx: Tx, proposalId: string, teamId: string) {
    const r = await sql<Row>`select * from gcu_votes where proposal_id = ${proposalId} and team_id = ${teamId}`.execute(sqlTx(tx).db);
    return r.rows[0] ? toVote(r.rows[0]) : undefined;
  }
  async saveVote(tx: Tx, v: VoteRecord) {
    const body = JSON.stringify({ user_id: v.userId, choice: v.choice, changes: v.changes });
    await sql`insert into gcu_votes (proposal_id, team_id, cast_at, power, doc)
      values (${v.proposalId}, ${v.teamId}, ${v.castAt}, ${v.power.toString()}, ${body}::jsonb)
      on conflict (proposal_id, team_id) do update set cast_at = excluded.cast_at, power = excluded.power, doc = excluded.doc`.execute(sqlTx(tx).db);
  }
  async listVotes(tx: Tx, proposalId: string) {
    const r = await sql<Row>`select * from gcu_votes where proposal_id = ${proposalId} order by team_id`.execute(sqlTx(tx).db);
    return r.rows.map(toVote);
  }
  async listTeamVotes(tx: Tx, teamId: string) {
    const r = await sql<Row>`select * from gcu_votes where team_id = ${teamId} order by cast_at desc, proposal_id`.execute(sqlTx(tx).db);
    return r.rows.map(toVote);
  }

  async lockReserve(tx: Tx, teamId: string, basketCode: string, version: number) {
    await sql`insert into gcu_reserves (team_id, basket_code, outstanding, version) values (${teamId}, ${basketCode}, 0, ${version})
      on conflict (team_id, basket_code) do nothing`.execute(sqlTx(tx).db);
    const r = await sql<Row>`select * from gcu_reserves where team_id = ${teamId} and basket_code = ${basketCode} for update`.execute(sqlTx(tx).db);
    return toReserve(r.rows[0]!);
  }
  async saveReserve(tx: Tx, reserve: ReserveRecord) {
    await sql`insert into gcu_reserves (team_id, basket_code, outstanding, version)
      values (${reserve.teamId}, ${reserve.basketCode}, ${reserve.outstanding.toString()}, ${reserve.version})
      on conflict (team_id, basket_code) do update set outstanding = excluded.outstanding, version = excluded.version`.execute(sqlTx(tx).db);
  }
  async totalOutstanding(tx: Tx, basketCode: string) {
    const r = await sql<Row>`select coalesce(sum(outstanding), 0) as total from gcu_reserves where basket_code = ${basketCode}`.execute(sqlTx(tx).db);
    return toBigInt(r.rows[0]?.total ?? 0);
  }
  async staleReserves(tx: Tx, basketCode: string, version: number) {
    const r = await sql<Row>`select * from gcu_reserves where basket_code = ${basketCode} and version < ${version} order by team_id`.execute(sqlTx(tx).db);
    return r.rows.map(toReserve);
  }

  async recordHoldings(tx: Tx, rows: readonly HoldingRow[]) {
    for (let i = 0; i < rows.length; i += 500) {
      const values = rows
        .slice(i, i + 500)
        .map((h) => sql`(${h.accountId}, ${h.assetCode}, ${h.position.toString()}, ${h.occurredAt}, ${h.teamId}, ${h.balance.toString()})`);
      await sql`insert into gcu_holdings (account_id, asset_code, position, occurred_at, team_id, balance) values ${sql.join(values)}
        on conflict (account_id, asset_code, position) do nothing`.execute(sqlTx(tx).db);
    }
  }
  async holdingsByTeam(tx: Tx, assetCode: string, asOf?: Date) {
    const r = await sql<Row>`select team_id, sum(balance) as total from (
        select distinct on (account_id) team_id, balance from gcu_holdings
        where asset_code = ${assetCode} ${asOf ? sql`and occurred_at <= ${asOf}` : sql``}
        order by account_id, position desc
      ) latest
      group by team_id having sum(balance) > 0 order by team_id`.execute(sqlTx(tx).db);
    return new Map(r.rows.map((row) => [row.team_id as string, toBigInt(row.total)]));
  }
  async pruneHoldings(tx: Tx, assetCode: string, before: Date) {
    await sql`delete from gcu_holdings h using (
        select account_id, max(position) as keep from gcu_holdings
        where asset_code = ${assetCode} and occurred_at <= ${before} group by account_id
      ) k
      where h.asset_code = ${assetCode} and h.account_id = k.account_id and h.position < k.keep`.execute(sqlTx(tx).db);
  }
  async insertSnapshot(tx: Tx, proposalId: string, powers: ReadonlyMap<string, bigint>) {
    for (const [teamId, power] of powers) {
      await sql`insert into gcu_snapshots (proposal_id, team_id, power) values (${proposalId}, ${teamId}, ${power.toString()})`.execute(sqlTx(tx).db);
    }
  }
  async snapshotPower(tx: Tx, proposalId: string, teamId: string) {
    const r = await sql<Row>`select power from gcu_snapshots where proposal_id = ${proposalId} and team_id = ${teamId}`.execute(sqlTx(tx).db);
    return r.rows[0] ? toBigInt(r.rows[0].power) : 0n;
  }
}

function toVote(row: Row): VoteRecord {
  const body = doc(row.doc);
  return {
    proposalId: row.proposal_id,
    teamId: row.team_id,
    userId: body.user_id,
    choice: body.choice,
    power: toBigInt(row.power),
    castAt: toDate(row.cast_at),
    changes: body.changes,
  };
}

function toReserve(row: Row): ReserveRecord {
  return { teamId: row.team_id, basketCode: row.basket_code, outstanding: toBigInt(row.outstanding), version: Number(row.version) };
}

import { injectable } from 'inversify';
import { sql } from 'kysely';
import type { Tx } from '../../../../kernel/public.js';
import { sqlTx, toBigInt, toBigIntOrNull, toDate, toJsonObject } from '../../../../kit/sql.js';
import type { QuotedAlternative, QuotedRoute, SwapQuoteRecord } from '../../domain/swap-quote.js';
import type { QuoteRepository } from '../../ports.js';

interface QuoteRow {
  readonly id: string;
  readonly team_id: string;
  readonly chain: string;
  readonly token_in: string;
  readonly token_out: string;
  readonly amount_in: unknown;
  readonly estimated_output: unknown;
  readonly minimum_output: unknown;
  readonly route: unknown;
  readonly alternatives: unknown;
  readonly price_impact_ppm: unknown;
  readonly gas_usd_micros: unknown;
  readonly gas_units: unknown;
  readonly gas_price_wei: unknown;
  readonly expires_at: unknown;
  readonly created_at: unknown;
}

/** Alternatives as stored: amounts are strings in JSON. */
interface StoredAlternative {
  readonly dex: QuotedAlternative['dex'];
  readonly estimated_output: string;
  readonly price_impact_ppm: string;
}

function parseJson<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

function toQuote(row: QuoteRow): SwapQuoteRecord {
  return {
    id: row.id,
    teamId: row.team_id,
    chain: row.chain,
    tokenIn: row.token_in,
    tokenOut: row.token_out,
    amountIn: toBigInt(row.amount_in),
    estimatedOutput: toBigInt(row.estimated_output),
    minimumOutput: toBigIntOrNull(row.minimum_output),
    route: toJsonObject(row.route) as unknown as QuotedRoute,
    alternatives: parseJson<StoredAlternative[]>(row.alternatives).map((one) => ({ dex: one.dex, estimatedOutput: BigInt(one.estimated_output), priceImpactPpm: BigInt(one.price_impact_ppm) })),
    priceImpactPpm: toBigInt(row.price_impact_ppm),
    gasUsdMicros: toBigInt(row.gas_usd_micros),
    gasUnits: toBigInt(row.gas_units),
    gasPriceWei: toBigInt(row.gas_price_wei),
    expiresAt: toDate(row.expires_at),
    createdAt: toDate(row.created_at),
  };
}

/** Quotes in defi_quotes; route and alternatives as JSON. */
@injectable()
export class SqlQuoteRepository implements QuoteRepository {
  async insert(tx: Tx, q: SwapQuoteRecord): Promise<void> {
    const alternatives: StoredAlternative[] = q.alternatives.map((one) => ({ dex: one.dex, estimated_output: String(one.estimatedOutput), price_impact_ppm: String(one.priceImpactPpm) }));
    await sql`
      insert into defi_quotes (id, team_id, chain, token_in, token_out, amount_in, estimated_output, minimum_output, route, alternatives,
        price_impact_ppm, gas_usd_micros, gas_units, gas_price_wei, expires_at, created_at)
      values (${q.id}, ${q.teamId}, ${q.chain}, ${q.tokenIn}, ${q.tokenOut}, ${String(q.amountIn)}::numeric, ${String(q.estimatedOutput)}::numeric,
        ${q.minimumOutput === null ? null : String(q.minimumOutput)}::numeric, ${JSON.stringify(q.route)}::jsonb, ${JSON.stringify(alternatives)}::jsonb,
        ${String(q.priceImpactPpm)}::bigint, ${String(q.gasUsdMicros)}::numeric, ${String(q.gasUnits)}::bigint, ${String(q.gasPriceWei)}::numeric,
        ${q.expiresAt}, ${q.createdAt})`.execute(sqlTx(tx).db);
  }

  async find(tx: Tx, teamId: string, id: string): Promise<SwapQuoteRecord | undefined> {
    const { rows } = await sql<QuoteRow>`
      select * from defi_quotes where team_id = ${teamId} and id = ${id}`.execute(sqlTx(tx).db);
    return rows[0] && toQuote(rows[0]);
  }

  async markExecuted(tx: Tx, teamId: string, id: string, at: Date): Promise<boolean> {
    // The row lock makes a racing second execution wait, then find executed_at set.
    const result = await sql`
      update defi_quotes set executed_at = ${at} where id = ${id} and team_id = ${teamId} and executed_at is null`.execute(sqlTx(tx).db);
    return Number(result.numAffectedRows ?? 0n) === 1;
  }
}

import { injectable } from 'inversify';
import { sql } from 'kysely';
import type { Tx } from '../../../../kernel/public.js';
import { sqlTx, toBigInt, toDate } from '../../../../kit/sql.js';
import type { BridgeProtocolId } from '../../domain/bridge-model.js';
import type { BridgeQuoteRecord } from '../../domain/bridge-quote.js';
import type { BridgeQuoteRepository } from '../../ports.js';

interface QuoteRow {
  readonly id: string;
  readonly team_id: string;
  readonly protocol: string;
  readonly source_chain: string;
  readonly destination_chain: string;
  readonly token: string;
  readonly input_amount: unknown;
  readonly fee_amount: unknown;
  readonly receive_amount: unknown;
  readonly fee_usd_micros: unknown;
  readonly duration_seconds: unknown;
  readonly destination_gas_price_wei: unknown;
  readonly alternatives: unknown;
  readonly expires_at: unknown;
  readonly created_at: unknown;
}

/** An alternative as stored: amounts are strings in JSON. */
interface StoredAlternative {
  readonly protocol: BridgeProtocolId;
  readonly receive_amount: string;
  readonly fee_amount: string;
  readonly duration_seconds: number;
}

function parseJson<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

function toQuote(row: QuoteRow): BridgeQuoteRecord {
  return {
    id: row.id,
    teamId: row.team_id,
    protocol: row.protocol as BridgeProtocolId,
    sourceChain: row.source_chain,
    destinationChain: row.destination_chain,
    token: row.token,
    inputAmount: toBigInt(row.input_amount),
    feeAmount: toBigInt(row.fee_amount),
    receiveAmount: toBigInt(row.receive_amount),
    feeUsdMicros: toBigInt(row.fee_usd_micros),
    durationSeconds: Number(row.duration_seconds),
    destinationGasPriceWei: toBigInt(row.destination_gas_price_wei),
    alternatives: parseJson<StoredAlternative[]>(row.alternatives).map((one) => ({
      protocol: one.protocol,
      receiveAmount: BigInt(one.receive_amount),
      feeAmount: BigInt(one.fee_amount),
      durationSeconds: one.duration_seconds,
    })),
    expiresAt: toDate(row.expires_at),
    createdAt: toDate(row.created_at),
  };
}

/** Quotes in crosschain_bridge_quotes; alternatives as JSON. */
@injectable()
export class SqlBridgeQuoteRepository implements BridgeQuoteRepository {
  async insert(tx: Tx, q: BridgeQuoteRecord): Promise<void> {
    const alternatives: StoredAlternative[] = q.alternatives.map((one) => ({
      protocol: one.protocol,
      receive_amount: String(one.receiveAmount),
      fee_amount: String(one.feeAmount),
      duration_seconds: one.durationSeconds,
    }));
    await sql`
      insert into crosschain_bridge_quotes (id, team_id, protocol, source_chain, destination_chain, token, input_amount, fee_amount, receive_amount,
        fee_usd_micros, duration_seconds, destination_gas_price_wei, alternatives, expires_at, created_at)
      values (${q.id}, ${q.teamId}, ${q.protocol}, ${q.sourceChain}, ${q.destinationChain}, ${q.token}, ${String(q.inputAmount)}::numeric,
        ${String(q.feeAmount)}::numeric, ${String(q.receiveAmount)}::numeric, ${String(q.feeUsdMicros)}::numeric, ${q.durationSeconds},
        ${String(q.destinationGasPriceWei)}::numeric, ${JSON.stringify(alternatives)}::jsonb, ${q.expiresAt}, ${q.createdAt})`.execute(sqlTx(tx).db);
  }

  async find(tx: Tx, teamId: string, id: string): Promise<BridgeQuoteRecord | undefined> {
    const { rows } = await sql<QuoteRow>`
      select * from crosschain_bridge_quotes where team_id = ${teamId} and id = ${id}`.execute(sqlTx(tx).db);
    return rows[0] && toQuote(rows[0]);
  }
}

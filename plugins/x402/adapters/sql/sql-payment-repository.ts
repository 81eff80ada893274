import { injectable } from 'inversify';
import { sql } from 'kysely';
import { pageOffset, type PageRequest, type Slice, type Tx } from '../../../../kernel/public.js';
import { sqlTx, toBigInt, toCount, toDate, toDateOrNull } from '../../../../kit/sql.js';
import type { PaymentRecord } from '../../domain/records.js';
import type { PaymentRepository } from '../../ports.js';

const COLUMNS = sql.raw('id, team_id, direction, status, failure_reason, network, asset, amount, payer, receiver, endpoint_id, resource, nonce, tx_hash, settled_at, created_at');

interface PaymentRow {
  readonly id: string;
  readonly team_id: string;
  readonly direction: PaymentRecord['direction'];
  readonly status: PaymentRecord['status'];
  readonly failure_reason: string | null;
  readonly network: string;
  readonly asset: string;
  readonly amount: unknown;
  readonly payer: string;
  readonly receiver: string;
  readonly endpoint_id: string | null;
  readonly resource: string;
  readonly nonce: string;
  readonly tx_hash: string | null;
  readonly settled_at: unknown;
  readonly created_at: unknown;
}

function toPayment(row: PaymentRow): PaymentRecord {
  return {
    id: row.id,
    teamId: row.team_id,
    direction: row.direction,
    status: row.status,
    failureReason: row.failure_reason,
    network: row.network,
    asset: row.asset,
    amount: toBigInt(row.amount),
    payer: row.payer,
    receiver: row.receiver,
    endpointId: row.endpoint_id,
    resource: row.resource,
    nonce: row.nonce,
    txHash: row.tx_hash,
    settledAt: toDateOrNull(row.settled_at),
    createdAt: toDate(row.created_at),
  };
}

/** Payments in x402_payments; used nonces in x402_nonces, whose primary key lets one of concurrent claims win. */
@injectable()
export class SqlPaymentRepository implements PaymentRepository {
  async claimNonce(tx: Tx, network: string, payer: string, nonce: string): Promise<boolean> {
    const { rows } = await sql`
      insert into x402_nonces (network, payer, nonce) values (${network}, ${payer.toLowerCase()}, ${nonce.toLowerCase()})
      on conflict do nothing returning nonce`.execute(sqlTx(tx).db);
    return rows.length === 1;
  }

  async isNonceUsed(tx: Tx, network: string, payer: string, nonce: string): Promise<boolean> {
    const { rows } = await sql`
      select 1 from x402_nonces where network = ${network} and payer = ${payer.toLowerCase()} and nonce = ${nonce.toLowerCase()}`.execute(sqlTx(tx).db);
    return rows.length > 0;
  }

  async insert(tx: Tx, p: PaymentRecord): Promise<void> {
    await sql`
      insert into x402_payments (id, team_id, direction, status, failure_reason, network, asset, amount, payer, receiver, endpoint_id, resource, nonce, tx_hash, settled_at, created_at)
      values (${p.id}, ${p.teamId}, ${p.direction}, ${p.status}, ${p.failureReason}, ${p.network}, ${p.asset}, ${p.amount.toString()}, ${p.payer}, ${p.receiver},
        ${p.endpointId}, ${p.resource}, ${p.nonce}, ${p.txHash}, ${p.settledAt}, ${p.createdAt})`.execute(sqlTx(tx).db);
  }

  async list(tx: Tx, teamId: string, page: PageRequest): Promise<Slice<PaymentRecord>> {
    const db = sqlTx(tx).db;
    const { rows } = await sql<PaymentRow>`
      select ${COLUMNS} from x402_payments where team_id = ${teamId}
      order by seq desc limit ${page.perPage} offset ${pageOffset(page)}`.execute(db);
    const count = await sql<{ n: unknown }>`select count(*) as n from x402_payments where team_id = ${teamId}`.execute(db);
    return { items: rows.map(toPayment), total: toCount(count.rows[0]?.n) };
  }

  async counts(tx: Tx, teamId: string): Promise<Record<PaymentRecord['status'], number>> {
    const { rows } = await sql<{ status: PaymentRecord['status']; n: unknown }>`
      select status, count(*) as n from x402_payments where team_id = ${teamId} group by status`.execute(sqlTx(tx).db);
    const counts = { verified: 0, settled: 0, failed: 0 };
    for (const row of rows) counts[row.status] = toCount(row.n);
    return counts;
  }
}

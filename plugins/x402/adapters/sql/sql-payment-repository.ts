import { injectable } from 'inversify';
import { sql } from 'kysely';
import { pageOffset, type PageRequest, type Slice, type Tx } from '../../../../kernel/public.js';
import { sqlTx, toBigInt, toCount, toDate, toDateOrNull } from '../../../../kit/sql.js';
import type { PaymentOutcome, PaymentRecord } from '../../domain/records.js';
import type { PaymentRepository } from '../../ports.js';

const COLUMNS = sql.raw(
  'id, team_id, direction, status, failure_reason, network, asset, amount, payer, receiver, endpoint_id, resource, nonce, tx_hash, settled_at, created_at, account_id, agent_key_id, spent_cents, valid_before, request_key',
);

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
  readonly account_id: string | null;
  readonly agent_key_id: string | null;
  readonly spent_cents: unknown;
  readonly valid_before: unknown;
  readonly request_key: string | null;
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
    made:
      row.account_id === null
        ? null
        : {
            accountId: row.account_id,
            agentKeyId: row.agent_key_id,
            spentCents: toBigInt(row.spent_cents ?? 0),
            validBefore: toDate(row.valid_before),
            requestKey: row.request_key,
          },
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

  async insert(tx: Tx, p: PaymentRecord): Promise<boolean> {
    const { rows } = await sql`
      insert into x402_payments (id, team_id, direction, status, failure_reason, network, asset, amount, payer, receiver, endpoint_id, resource, nonce, tx_hash, settled_at, created_at,
        account_id, agent_key_id, spent_cents, valid_before, request_key)
      values (${p.id}, ${p.teamId}, ${p.direction}, ${p.status}, ${p.failureReason}, ${p.network}, ${p.asset}, ${p.amount.toString()}, ${p.payer}, ${p.receiver},
        ${p.endpointId}, ${p.resource}, ${p.nonce}, ${p.txHash}, ${p.settledAt}, ${p.createdAt},
        ${p.made?.accountId ?? null}, ${p.made?.agentKeyId ?? null}, ${p.made ? p.made.spentCents.toString() : null}, ${p.made?.validBefore ?? null}, ${p.made?.requestKey ?? null})
      on conflict (team_id, request_key) where request_key is not null do nothing
      returning id`.execute(sqlTx(tx).db);
    return rows.length === 1;
  }

  async find(tx: Tx, teamId: string, id: string): Promise<PaymentRecord | undefined> {
    const { rows } = await sql<PaymentRow>`select ${COLUMNS} from x402_payments where team_id = ${teamId} and id = ${id}`.execute(sqlTx(tx).db);
    return rows[0] && toPayment(rows[0]);
  }

  async findMade(tx: Tx, teamId: string, requestKey: string): Promise<PaymentRecord | undefined> {
    const { rows } = await sql<PaymentRow>`
      select ${COLUMNS} from x402_payments where team_id = ${teamId} and request_key = ${requestKey}`.execute(sqlTx(tx).db);
    return rows[0] && toPayment(rows[0]);
  }

  async list(tx: Tx, teamId: string, page: PageRequest): Promise<Slice<PaymentRecord>> {
    const db = sqlTx(tx).db;
    const { rows } = await sql<PaymentRow>`
      select ${COLUMNS} from x402_payments where team_id = ${teamId}
      order by seq desc limit ${page.perPage} offset ${pageOffset(page)}`.execute(db);
    const count = await sql<{ n: unknown }>`select count(*) as n from x402_payments where team_id = ${teamId}`.execute(db);
    return { items: rows.map(toPayment), total: toCount(count.rows[0]?.n) };
  }

  async finish(tx: Tx, id: string, o: PaymentOutcome): Promise<PaymentRecord | undefined> {
    const { rows } = await sql<PaymentRow>`
      update x402_payments set status = ${o.status}, failure_reason = ${o.failureReason}, tx_hash = ${o.txHash}, settled_at = ${o.settledAt}
      where id = ${id} and status = 'verified' returning ${COLUMNS}`.execute(sqlTx(tx).db);
    return rows[0] && toPayment(rows[0]);
  }

  async staleVerified(tx: Tx, before: Date, limit: number): Promise<PaymentRecord[]> {
    const { rows } = await sql<PaymentRow>`
      select ${COLUMNS} from x402_payments where status = 'verified' and created_at < ${before} order by created_at, seq limit ${limit}`.execute(sqlTx(tx).db);
    return rows.map(toPayment);
  }

  async settledByNonce(tx: Tx, network: string, payer: string, nonce: string): Promise<PaymentRecord | undefined> {
    const { rows } = await sql<PaymentRow>`
      select ${COLUMNS} from x402_payments
      where status = 'settled' and direction = 'received' and network = ${network} and lower(payer) = ${payer.toLowerCase()} and lower(nonce) = ${nonce.toLowerCase()}
      limit 1`.execute(sqlTx(tx).db);
    return rows[0] && toPayment(rows[0]);
  }

  async counts(tx: Tx, teamId: string): Promise<Record<PaymentRecord['status'], number>> {
    const { rows } = await sql<{ status: PaymentRecord['status']; n: unknown }>`
      select status, count(*) as n from x402_payments where team_id = ${teamId} group by status`.execute(sqlTx(tx).db);
    const counts = { verified: 0, settled: 0, failed: 0 };
    for (const row of rows) counts[row.status] = toCount(row.n);
    return counts;
  }
}

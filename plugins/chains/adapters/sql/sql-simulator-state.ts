import { injectable } from 'inversify';
import { sql } from 'kysely';
import type { ChainTxKind, Tx } from '../../../../kernel/public.js';
import { sqlTx, toBigInt, toDate } from '../../../../kit/sql.js';
import type { SimulatedTransaction, SimulatorStateRepository } from '../../ports.js';

interface TransactionRow {
  readonly hash: string;
  readonly chain: string;
  readonly kind: ChainTxKind;
  readonly from_address: string;
  readonly to_address: string;
  readonly asset_code: string;
  readonly amount: unknown;
  readonly nonce: unknown;
  readonly block_number: unknown;
  readonly gas_used: unknown;
  readonly gas_price_wei: unknown;
  readonly submitted_at: unknown;
}

function toTransaction(row: TransactionRow): SimulatedTransaction {
  return {
    hash: row.hash,
    chain: row.chain,
    kind: row.kind,
    from: row.from_address,
    to: row.to_address,
    assetCode: row.asset_code,
    amount: toBigInt(row.amount),
    nonce: toBigInt(row.nonce),
    blockNumber: toBigInt(row.block_number),
    gasUsed: toBigInt(row.gas_used),
    gasPriceWei: toBigInt(row.gas_price_wei),
    submittedAt: toDate(row.submitted_at),
  };
}

/**
 * The simulated chains' state in chains_*. A debit is one conditional
 * update and a credit one upsert, so concurrent transfers from one address
 * can neither overdraw it nor lose an update; nonces are taken the same way.
 */
@injectable()
export class SqlSimulatorState implements SimulatorStateRepository {
  async credit(tx: Tx, chain: string, address: string, assetCode: string, amount: bigint): Promise<void> {
    await sql`
      insert into chains_balances (chain, address, asset_code, amount)
      values (${chain}, ${address}, ${assetCode}, ${String(amount)}::numeric)
      on conflict (chain, address, asset_code) do update set amount = chains_balances.amount + excluded.amount`.execute(sqlTx(tx).db);
  }

  async debit(tx: Tx, chain: string, address: string, assetCode: string, amount: bigint): Promise<boolean> {
    const { rows } = await sql`
      update chains_balances set amount = amount - ${String(amount)}::numeric
      where chain = ${chain} and address = ${address} and asset_code = ${assetCode} and amount >= ${String(amount)}::numeric
      returning 1 as debited`.execute(sqlTx(tx).db);
    return rows.length === 1;
  }

  async balance(tx: Tx, chain: string, address: string, assetCode: string): Promise<bigint> {
    const { rows } = await sql<{ amount: unknown }>`
      select amount from chains_balances where chain = ${chain} and address = ${address} and asset_code = ${assetCode}`.execute(sqlTx(tx).db);
    return rows[0] ? toBigInt(rows[0].amount) : 0n;
  }

  async balances(tx: Tx, chain: string, address: string): Promise<Map<string, bigint>> {
    const { rows } = await sql<{ asset_code: string; amount: unknown }>`
      select asset_code, amount from chains_balances
      where chain = ${chain} and address = ${address} and amount > 0 order by asset_code`.execute(sqlTx(tx).db);
    return new Map(rows.map((row) => [row.asset_code, toBigInt(row.amount)]));
  }

  async takeNonce(tx: Tx, chain: string, address: string): Promise<bigint> {
    const { rows } = await sql<{ next_nonce: unknown }>`
      insert into chains_nonces (chain, address, next_nonce) values (${chain}, ${address}, 1)
      on conflict (chain, address) do update set next_nonce = chains_nonces.next_nonce + 1
      returning next_nonce`.execute(sqlTx(tx).db);
    return toBigInt(rows[0]!.next_nonce) - 1n;
  }

  async insertTransaction(tx: Tx, t: SimulatedTransaction): Promise<void> {
    await sql`
      insert into chains_transactions
        (hash, chain, kind, from_address, to_address, asset_code, amount, nonce, block_number, gas_used, gas_price_wei, submitted_at)
      values (${t.hash}, ${t.chain}, ${t.kind}, ${t.from}, ${t.to}, ${t.assetCode}, ${String(t.amount)}::numeric, ${String(t.nonce)}::bigint,
        ${String(t.blockNumber)}::bigint, ${String(t.gasUsed)}::bigint, ${String(t.gasPriceWei)}::numeric, ${t.submittedAt})`.execute(sqlTx(tx).db);
  }

  async findTransaction(tx: Tx, chain: string, hash: string): Promise<SimulatedTransaction | undefined> {
    const { rows } = await sql<TransactionRow>`
      select * from chains_transactions where hash = ${hash} and chain = ${chain}`.execute(sqlTx(tx).db);
    return rows[0] && toTransaction(rows[0]);
  }

  async supply(tx: Tx, chain: string, assetCode: string): Promise<{ held: bigint; minted: bigint }> {
    const db = sqlTx(tx).db;
    const held = await sql<{ total: unknown }>`
      select coalesce(sum(amount), 0) as total from chains_balances where chain = ${chain} and asset_code = ${assetCode}`.execute(db);
    const minted = await sql<{ total: unknown }>`
      select coalesce(sum(amount), 0) as total from chains_transactions
      where chain = ${chain} and asset_code = ${assetCode} and kind = 'mint'`.execute(db);
    return { held: toBigInt(held.rows[0]!.total), minted: toBigInt(minted.rows[0]!.total) };
  }
}

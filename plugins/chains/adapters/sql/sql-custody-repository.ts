import { injectable } from 'inversify';
import { sql } from 'kysely';
import type { Tx } from '../../../../kernel/public.js';
import { sqlTx, toDateOrNull } from '../../../../kit/sql.js';
import type { CustodyAddress, CustodyRepository } from '../../ports.js';

interface AddressRow {
  readonly chain: string;
  readonly address: string;
  readonly team_id: string;
  readonly account_id: string;
  readonly account_index: unknown;
  readonly created_at: unknown;
}

function toAddress(row: AddressRow): CustodyAddress {
  return { chain: row.chain, address: row.address, teamId: row.team_id, accountId: row.account_id, accountIndex: Number(row.account_index), createdAt: toDateOrNull(row.created_at) };
}

const COLUMNS = sql.raw('chain, address, team_id, account_id, account_index, created_at');

/** Custody indexes and addresses in chains_custody_*; allocation is an insert that ignores a conflict, so racing first calls agree. */
@injectable()
export class SqlCustodyRepository implements CustodyRepository {
  async recordSeedFingerprint(tx: Tx, fingerprint: string): Promise<string> {
    const db = sqlTx(tx).db;
    await sql`insert into chains_custody_seed (id, fingerprint) values (1, ${fingerprint}) on conflict (id) do nothing`.execute(db);
    const { rows } = await sql<{ fingerprint: string }>`select fingerprint from chains_custody_seed where id = 1`.execute(db);
    return rows[0]!.fingerprint;
  }

  async accountIndex(tx: Tx, teamId: string, accountId: string): Promise<number> {
    const db = sqlTx(tx).db;
    await sql`insert into chains_custody_accounts (account_id, team_id) values (${accountId}, ${teamId}) on conflict (team_id, account_id) do nothing`.execute(db);
    const { rows } = await sql<{ account_index: unknown }>`
      select account_index from chains_custody_accounts where team_id = ${teamId} and account_id = ${accountId}`.execute(db);
    return Number(rows[0]!.account_index);
  }

  async saveAddresses(tx: Tx, addresses: readonly CustodyAddress[]): Promise<void> {
    const db = sqlTx(tx).db;
    for (const one of addresses) {
      await sql`
        insert into chains_custody_addresses (chain, address, team_id, account_id, account_index, created_at)
        values (${one.chain}, ${one.address}, ${one.teamId}, ${one.accountId}, ${one.accountIndex}, ${one.createdAt})
        on conflict do nothing`.execute(db);
    }
  }

  async addresses(tx: Tx, teamId: string, accountId: string): Promise<CustodyAddress[]> {
    const { rows } = await sql<AddressRow>`
      select ${COLUMNS} from chains_custody_addresses where team_id = ${teamId} and account_id = ${accountId}`.execute(sqlTx(tx).db);
    return rows.map(toAddress);
  }

  async teamAddresses(tx: Tx, teamId: string): Promise<CustodyAddress[]> {
    const { rows } = await sql<AddressRow>`
      select ${COLUMNS} from chains_custody_addresses where team_id = ${teamId} order by account_index, chain`.execute(sqlTx(tx).db);
    return rows.map(toAddress);
  }

  async list(tx: Tx): Promise<CustodyAddress[]> {
    const { rows } = await sql<AddressRow>`select ${COLUMNS} from chains_custody_addresses order by chain, address`.execute(sqlTx(tx).db);
    return rows.map(toAddress);
  }

  async owner(tx: Tx, chain: string, address: string): Promise<CustodyAddress | undefined> {
    const { rows } = await sql<AddressRow>`
      select ${COLUMNS} from chains_custody_addresses where chain = ${chain} and address = ${address}`.execute(sqlTx(tx).db);
    return rows[0] && toAddress(rows[0]);
  }
}

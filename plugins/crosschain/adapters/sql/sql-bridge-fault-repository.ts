import { injectable } from 'inversify';
import { sql } from 'kysely';
import type { Tx } from '../../../../kernel/public.js';
import { sqlTx } from '../../../../kit/sql.js';
import type { BridgeProtocolId } from '../../domain/bridge-model.js';
import type { BridgeFault } from '../../domain/bridge-transfer.js';
import type { BridgeFaultRepository } from '../../ports.js';

/** Armed faults in crosschain_bridge_faults, one row per protocol; take is one conditional update, so two initiations never take the same fault. */
@injectable()
export class SqlBridgeFaultRepository implements BridgeFaultRepository {
  async arm(tx: Tx, protocol: BridgeProtocolId, fault: BridgeFault, count: number): Promise<void> {
    const db = sqlTx(tx).db;
    await sql`delete from crosschain_bridge_faults where protocol = ${protocol}`.execute(db);
    if (count > 0) await sql`insert into crosschain_bridge_faults (protocol, fault, remaining) values (${protocol}, ${fault}, ${count})`.execute(db);
  }

  async take(tx: Tx, protocol: BridgeProtocolId): Promise<BridgeFault | null> {
    const db = sqlTx(tx).db;
    const { rows } = await sql<{ fault: string; remaining: number }>`
      update crosschain_bridge_faults set remaining = remaining - 1 where protocol = ${protocol} and remaining > 0 returning fault, remaining`.execute(db);
    const row = rows[0];
    if (!row) return null;
    if (Number(row.remaining) <= 0) await sql`delete from crosschain_bridge_faults where protocol = ${protocol}`.execute(db);
    return row.fault as BridgeFault;
  }

  async list(tx: Tx): Promise<Array<{ protocol: BridgeProtocolId; fault: BridgeFault; remaining: number }>> {
    const { rows } = await sql<{ protocol: string; fault: string; remaining: number }>`
      select protocol, fault, remaining from crosschain_bridge_faults order by protocol`.execute(sqlTx(tx).db);
    return rows.map((row) => ({ protocol: row.protocol as BridgeProtocolId, fault: row.fault as BridgeFault, remaining: Number(row.remaining) }));
  }
}

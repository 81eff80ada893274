import { inject, injectable } from 'inversify';
import type { Tx } from '../../../../kernel/public.js';
import { drift } from './drift.js';
import { CustodianRepository, type CustodianGateway } from '../../ports.js';

/**
 * The default custodian: an account opens with the holdings the bank put
 * into custody, and every read of its balances is one sync that first
 * applies the seeded drift of drift.ts (deposits and withdrawals at
 * the custodian the bank has not booked). Its state is stored with the
 * module's tables, in the caller's unit of work, so a restart resumes it.
 */
@injectable()
export class SimulatedCustodian implements CustodianGateway {
  readonly name = 'simulator';

  constructor(@inject(CustodianRepository) private readonly repo: CustodianRepository) {}

  async open(tx: Tx, reference: string, holdings: ReadonlyMap<string, bigint>): Promise<string> {
    const externalId = `sim-${reference}`;
    await this.repo.saveSimulated(tx, { externalId, syncs: 0, balances: new Map(holdings) });
    return externalId;
  }

  async balances(tx: Tx, externalId: string): Promise<Map<string, bigint>> {
    const account = await this.repo.loadSimulated(tx, externalId);
    if (!account) throw new Error(`The simulated custodian has no account ${externalId}.`);
    const syncs = account.syncs + 1;
    const balances = drift(externalId, syncs, account.balances);
    await this.repo.saveSimulated(tx, { externalId, syncs, balances });
    return balances;
  }
}

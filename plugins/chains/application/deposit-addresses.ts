import { inject, injectable } from 'inversify';
import { Clock, type Tx } from '../../../kernel/public.js';
import { CHAIN_MODELS } from '../domain/chain-model.js';
import { CustodyKeys, CustodyRepository, type CustodyAddress } from '../ports.js';

/**
 * Every account's custodial deposit address on every chain: on the first
 * call the account gets its index in the HD tree and its addresses are
 * derived and stored; later calls read them. Racing first calls agree (the
 * index is allocated once and addresses are derived from it).
 */
@injectable()
export class DepositAddresses {
  constructor(
    @inject(CustodyRepository) private readonly custody: CustodyRepository,
    @inject(CustodyKeys) private readonly keys: CustodyKeys,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  /** The account's addresses in the catalogue's chain order. The caller has checked the account is the team's. */
  async forAccount(tx: Tx, teamId: string, accountId: string): Promise<CustodyAddress[]> {
    let stored = await this.custody.addresses(tx, teamId, accountId);
    const missing = CHAIN_MODELS.filter((model) => !stored.some((one) => one.chain === model.name));
    if (missing.length > 0) {
      const accountIndex = await this.custody.accountIndex(tx, teamId, accountId);
      const derived = this.keys.addresses(accountIndex, missing.map((model) => model.custodySlot));
      await this.custody.saveAddresses(
        tx,
        missing.map((model) => ({ chain: model.name, address: derived.get(model.custodySlot)!, teamId, accountId, accountIndex, createdAt: this.clock.now() })),
      );
      stored = await this.custody.addresses(tx, teamId, accountId);
    }
    const order = new Map(CHAIN_MODELS.map((model, position) => [model.name, position]));
    return stored.sort((a, b) => order.get(a.chain)! - order.get(b.chain)!);
  }

  /** The account's address on one chain (a customer account, or a system account of the team such as system:fees). */
  async on(tx: Tx, teamId: string, accountId: string, chain: string): Promise<string> {
    return (await this.forAccount(tx, teamId, accountId)).find((one) => one.chain === chain)!.address;
  }
}

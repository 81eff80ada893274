import { inject, injectable } from 'inversify';
import { ChainCatalog, Ledger, UnitOfWork, type Operation, type RequestContext } from '../../../kernel/public.js';
import { CHAIN_MODELS } from '../domain/chain-model.js';
import { custodyPath } from '../domain/custody-path.js';
import type { AccountParams, DepositAddressView } from '../operations.js';
import { DepositAddresses } from './deposit-addresses.js';

/** GET /accounts/{id}/deposit-addresses: the account's custodial address on every chain (404 for another team's account). */
@injectable()
export class ListDepositAddressesOperation implements Operation<AccountParams, DepositAddressView[]> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Ledger) private readonly ledger: Ledger,
    @inject(ChainCatalog) private readonly catalog: ChainCatalog,
    @inject(DepositAddresses) private readonly depositAddresses: DepositAddresses,
  ) {}

  execute(input: AccountParams, ctx: RequestContext): Promise<DepositAddressView[]> {
    return this.uow.run(async (tx) => {
      await this.ledger.account(tx, ctx.actor.teamId, input.id);
      const addresses = await this.depositAddresses.forAccount(tx, ctx.actor.teamId, input.id);
      return addresses.map((one) => {
        const slot = CHAIN_MODELS.find((model) => model.name === one.chain)!.custodySlot;
        return { chain: one.chain, caip2: this.catalog.find(one.chain)!.caip2, address: one.address, derivation_path: custodyPath(one.accountIndex, slot) };
      });
    });
  }
}

import { inject, injectable } from 'inversify';
import { Chain, ChainCatalog, formatMinor, UnitOfWork, ValidationError, type Operation } from '../../../kernel/public.js';
import type { AddressBalancesView, AddressParams } from '../operations.js';
import { checksummedAddress } from '../domain/address.js';
import { chainInPath } from './chain-in-path.js';

/** GET /chains/{chain}/addresses/{address}/balances: what an address holds, as any block explorer shows it. */
@injectable()
export class GetAddressBalancesOperation implements Operation<AddressParams, AddressBalancesView> {
  constructor(
    @inject(Chain) private readonly chain: Chain,
    @inject(ChainCatalog) private readonly catalog: ChainCatalog,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
  ) {}

  async execute(input: AddressParams): Promise<AddressBalancesView> {
    const { name } = chainInPath(this.catalog, input.chain);
    const address = checksummedOr422(input.address);
    const held = await this.uow.readOnly((tx) => this.chain.balancesOf(tx, name, address));
    const balances = this.catalog
      .tokens(name)
      .filter((token) => held.has(token.assetCode))
      .map((token) => {
        const amount = held.get(token.assetCode)!;
        return { asset_code: token.assetCode, amount: formatMinor(amount, token.decimals), amount_base_units: amount.toString() };
      });
    return { chain: name, address, balances };
  }
}

function checksummedOr422(address: string): string {
  const valid = checksummedAddress(address);
  if (valid) return valid;
  throw ValidationError.field('/address', 'The EIP-55 checksum of this mixed-case address does not match; send it checksummed or in lower case.', 'invalid_address');
}

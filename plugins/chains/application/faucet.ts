import { inject, injectable, optional } from 'inversify';
import { AssetCatalog, ChainCatalog, ChainFaucet, ConflictError, parseAmountField, UnitOfWork, ValidationError, type Operation } from '../../../kernel/public.js';
import { checksummedAddress } from '../domain/address.js';
import type { FaucetInput, ReceiptView } from '../operations.js';
import { receiptView } from './views.js';

/**
 * POST /sandbox/faucet (operator key): mints tokens to any address on a
 * simulated chain, so an outside wallet (an x402 payer, a bridge recipient)
 * can be funded. Refused when the chain adapter is not a simulator: nobody
 * mints on a real chain.
 */
@injectable()
export class FaucetOperation implements Operation<FaucetInput, ReceiptView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(ChainCatalog) private readonly catalog: ChainCatalog,
    @inject(AssetCatalog) private readonly assets: AssetCatalog,
    @inject(ChainFaucet) @optional() private readonly faucet: ChainFaucet | undefined,
  ) {}

  async execute(input: FaucetInput): Promise<ReceiptView> {
    if (!this.faucet) throw new ConflictError('The chain adapter is not a simulator: there is no faucet.', 'faucet_unavailable');
    const chain = this.catalog.require(input.chain, '/chain');
    const address = checksummedAddress(input.address);
    if (!address) throw ValidationError.field('/address', 'Not an EVM address: 0x and 40 hex digits, in lower case or with a correct EIP-55 checksum.', 'invalid_address');
    const token = this.catalog.requireToken(chain.name, input.asset_code, '/asset_code');
    const amount = parseAmountField(input.amount, this.assets.require(token.assetCode, '/asset_code'), '/amount');
    const receipt = await this.uow.run((tx) => this.faucet!.mint(tx, chain.name, address, token.assetCode, amount));
    return receiptView(receipt, token.decimals);
  }
}

import { inject, injectable } from 'inversify';
import { AssetCatalog, ChainCatalog, Clock, ConflictError, NotFoundError, OnChainHoldings, UnitOfWork, ValidationError, walletAccount, type Operation, type RequestContext } from '../../../kernel/public.js';
import { checksummedAddress } from '../domain/evm-address.js';
import type { BridgeInitiateInput, BridgeTransferView } from '../operations.js';
import { BridgeQuoteRepository, BridgeTransferRepository } from '../ports.js';
import { BridgeTransfers } from './bridge-transfers.js';
import { bridgeTransferView } from './views.js';

/**
 * POST {api_root}/v1/crosschain/bridge/initiate: redeems a stored quote (once,
 * before it expires) at its fee: the sender's source holding is debited and
 * locked in the protocol's contract, and the transfer runs its lifecycle.
 */
@injectable()
export class InitiateBridgeOperation implements Operation<BridgeInitiateInput, BridgeTransferView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(BridgeQuoteRepository) private readonly quotes: BridgeQuoteRepository,
    @inject(BridgeTransferRepository) private readonly transfers: BridgeTransferRepository,
    @inject(BridgeTransfers) private readonly bridge: BridgeTransfers,
    @inject(OnChainHoldings) private readonly holdings: OnChainHoldings,
    @inject(ChainCatalog) private readonly catalog: ChainCatalog,
    @inject(AssetCatalog) private readonly assets: AssetCatalog,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(input: BridgeInitiateInput, ctx: RequestContext): Promise<BridgeTransferView> {
    const teamId = ctx.actor.teamId;
    const sender = checksummedAddress(input.sender_address);
    if (!sender) throw ValidationError.field('/sender_address', 'Not an EVM address: 0x and 40 hex digits, in lower case or with a correct EIP-55 checksum.', 'invalid_address');
    const recipient = checksummedAddress(input.recipient_address);
    if (!recipient) throw ValidationError.field('/recipient_address', 'Not an EVM address: 0x and 40 hex digits, in lower case or with a correct EIP-55 checksum.', 'invalid_address');
    const transfer = await this.uow.run(async (tx) => {
      const quote = /^[0-9a-f-]{36}$/i.test(input.quote_id) ? await this.quotes.find(tx, teamId, input.quote_id) : undefined;
      if (!quote) throw new NotFoundError('Bridge quote', input.quote_id, { pointer: '/quote_id' });
      const now = this.clock.now();
      if (now > quote.expiresAt) throw ValidationError.field('/quote_id', `The quote expired at ${quote.expiresAt.toISOString()}; ask for a new one.`, 'quote_expired');
      if (input.deadline_minutes !== undefined && now.getTime() > quote.createdAt.getTime() + input.deadline_minutes * 60_000) {
        throw ValidationError.field('/deadline_minutes', `The deadline of ${input.deadline_minutes} minutes from the quote passed.`, 'deadline_passed');
      }
      if (await this.transfers.quoteUsed(tx, teamId, quote.id)) throw new ConflictError(`Quote ${quote.id} was initiated already: a quote initiates one transfer.`, 'quote_already_used');
      const accountId = await walletAccount(tx, this.holdings, teamId, quote.sourceChain, sender, '/sender_address');
      // A deposit address of the service (any team's account) is credited; anything else is outside custody.
      const owner = await this.holdings.custodyOwner(tx, quote.destinationChain, recipient);
      const source = this.catalog.find(quote.sourceChain)!;
      const destination = this.catalog.find(quote.destinationChain)!;
      return this.bridge.initiate(tx, {
        teamId,
        accountId,
        quoteId: quote.id,
        protocol: quote.protocol,
        route: { source, destination, token: quote.token, tokenDecimals: this.assets.require(quote.token, '/token').precision },
        inputAmount: quote.inputAmount,
        feeAmount: quote.feeAmount,
        recipientAddress: recipient,
        recipient: owner ?? null,
      });
    });
    return bridgeTransferView(transfer, this.assets.require(transfer.token, '/token').precision);
  }
}

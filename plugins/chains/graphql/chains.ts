import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { graphqlInputType, graphqlObjectType, type GraphqlContext, type GraphqlContribution } from '../../../kit/graphql.js';
import {
  AddressBalancesView,
  ChainView,
  Faucet,
  FaucetInput,
  GetAddressBalances,
  GetChain,
  GetTransaction,
  ListChains,
  ListDepositAddresses,
  ReceiptView,
  type DepositAddressView,
} from '../operations.js';
import { WalletAddressType, WalletResolver } from './wallet.js';

/**
 * The simulated chains as the REST routes show them (chain data is public on
 * a real network too: any key with read access reads it), an account's
 * deposit addresses, and the operator's sandbox faucet. The types are derived
 * from the operations' views, so they cannot drift from REST.
 */
const ChainType = graphqlObjectType('Chain', ChainView);
const ReceiptType = graphqlObjectType('ChainReceipt', ReceiptView);
const AddressBalancesType = graphqlObjectType('ChainAddressBalances', AddressBalancesView);
const FaucetInputType = graphqlInputType('SandboxFaucetInput', FaucetInput);

@Resolver()
export class ChainsResolver {
  @Query(() => [ChainType], { description: 'Every simulated chain with its head, gas price and tokens.' })
  chains(@Ctx() ctx: GraphqlContext): Promise<ChainView[]> {
    return ctx.run(ListChains, {});
  }

  @Query(() => ChainType, { description: 'One chain by our name (`base`) or CAIP-2 id (`eip155:8453`).' })
  chain(@Arg('chain', () => String) chain: string, @Ctx() ctx: GraphqlContext): Promise<ChainView> {
    return ctx.run(GetChain, { chain });
  }

  @Query(() => ReceiptType, { description: 'A transaction of a chain by hash, with its confirmations now.' })
  chainTransaction(@Arg('chain', () => String) chain: string, @Arg('hash', () => String) hash: string, @Ctx() ctx: GraphqlContext): Promise<ReceiptView> {
    return ctx.run(GetTransaction, { chain, hash });
  }

  @Query(() => AddressBalancesType, { description: 'What an address holds on a chain, every token of the chain.' })
  chainAddressBalances(@Arg('chain', () => String) chain: string, @Arg('address', () => String) address: string, @Ctx() ctx: GraphqlContext): Promise<AddressBalancesView> {
    return ctx.run(GetAddressBalances, { chain, address });
  }

  @Query(() => [WalletAddressType], { description: 'The deposit addresses of an account of the caller’s team, one per chain.' })
  depositAddresses(@Arg('account_id', () => ID) accountId: string, @Ctx() ctx: GraphqlContext): Promise<DepositAddressView[]> {
    return ctx.run(ListDepositAddresses, { id: accountId });
  }

  @Mutation(() => ReceiptType, { description: 'Mints a token to an address on a sandbox chain (operator key), as POST /sandbox/faucet.' })
  sandboxFaucet(@Arg('input', () => FaucetInputType) input: FaucetInput, @Ctx() ctx: GraphqlContext): Promise<ReceiptView> {
    return ctx.run(Faucet, { ...input });
  }
}

export const chainsGraphql: readonly GraphqlContribution[] = [{ domain: 'wallet', resolvers: [WalletResolver, ChainsResolver] }];

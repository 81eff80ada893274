import { Arg, Ctx, Field, ID, ObjectType, Query, Resolver, Root, Subscription } from 'type-graphql';
import type { StoredEvent } from '../../../kernel/public.js';
import { DateTimeScalar, type GraphqlContext } from '../../../kit/graphql.js';
import { GetWallet, ListDepositAddresses, type DepositAddressView, type WalletHoldingView, type WalletView } from '../operations.js';

/** The wallet domain: an account as a custodial wallet (GET /accounts/{id}/wallet) and its on-chain balance changes, live. */
@ObjectType('WalletAddress', { description: 'The account’s custodial deposit address on one chain.' })
export class WalletAddressType {
  @Field(() => String)
  chain!: string;
  @Field(() => String)
  caip2!: string;
  @Field(() => String, { description: 'EIP-55 checksummed.' })
  address!: string;
  @Field(() => String)
  derivation_path!: string;
}

@ObjectType('WalletHolding', { description: 'A token holding on one chain (decimal strings).' })
export class WalletHoldingType {
  @Field(() => String)
  asset_code!: string;
  @Field(() => String)
  chain!: string;
  @Field(() => String)
  available_balance!: string;
  @Field(() => String)
  reserved_balance!: string;
  @Field(() => String)
  total_balance!: string;
}

@ObjectType('Wallet', { description: 'An account of the caller’s team as a custodial wallet.' })
export class WalletType {
  @Field(() => ID)
  account_id!: string;
  @Field(() => [WalletAddressType])
  addresses!: DepositAddressView[];
  @Field(() => [WalletHoldingType])
  holdings!: WalletHoldingView[];
}

@ObjectType('WalletBalanceUpdate', { description: 'A token holding of the wallet changed (from account.balance_updated).' })
export class WalletBalanceUpdateType {
  @Field(() => ID)
  wallet_id!: string;
  @Field(() => String)
  asset_code!: string;
  @Field(() => String)
  chain!: string;
  @Field(() => String)
  available_balance!: string;
  @Field(() => String)
  reserved_balance!: string;
  @Field(() => String)
  total_balance!: string;
  @Field(() => String, { description: 'deposit, withdrawal, transfer, defi.swap, … (the ledger movement’s kind).' })
  movement_kind!: string;
  @Field(() => DateTimeScalar)
  updated_at!: Date;
}

@Resolver()
export class WalletResolver {
  @Query(() => WalletType, { description: 'An account of the caller’s team as a wallet: its addresses and token holdings per chain.' })
  wallet(@Arg('account_id', () => ID) accountId: string, @Ctx() ctx: GraphqlContext): Promise<WalletView> {
    return ctx.run(GetWallet, { id: accountId });
  }

  @Subscription(() => WalletBalanceUpdateType, {
    description: 'Every change of a token holding of one wallet (an account of the caller’s team), live.',
    subscribe: async ({ args, context }) => {
      const ctx = context as GraphqlContext;
      // Unknown or another team's account: a not_found error, never a silent stream.
      await ctx.run(ListDepositAddresses, { id: args['wallet_id'] as string });
      return ctx.events((event) => event.type === 'account.balance_updated' && event.aggregateId === args['wallet_id'] && typeof (event.payload as { chain?: unknown }).chain === 'string');
    },
  })
  walletBalanceUpdated(@Arg('wallet_id', () => ID) _walletId: string, @Root() event: StoredEvent): WalletBalanceUpdateType {
    const p = event.payload as Record<string, string>;
    return {
      wallet_id: event.aggregateId,
      asset_code: p['asset_code']!,
      chain: p['chain']!,
      available_balance: p['available_balance']!,
      reserved_balance: p['reserved_balance']!,
      total_balance: p['total_balance']!,
      movement_kind: p['movement_kind']!,
      updated_at: event.occurredAt,
    };
  }
}

import { Arg, Ctx, Field, ID, InputType, Int, Mutation, ObjectType, Query, Resolver, Root, Subscription } from 'type-graphql';
import type { StoredEvent } from '../../../kernel/public.js';
import { DateTimeScalar, graphqlInputType, graphqlObjectType, type GraphqlContext, type GraphqlContribution } from '../../../kit/graphql.js';
import {
  ArmBridgeFault,
  Bridge,
  BridgeFaultInput,
  BridgeFaultsView,
  CompareBridgeFees,
  CrossChainSwap,
  GetCrossChainPortfolio,
  InitiateBridge,
  QuoteBridge,
  ReadBridgeQuote,
  ReadBridgeTransfer,
  ReadCrossChainSwap,
  type BridgeFaultInput as BridgeFaultInputValue,
  type BridgeFaultsView as BridgeFaultsViewValue,
  type BridgeFeesView,
  type BridgeInitiateInput,
  type BridgeInput,
  type BridgeQuoteInput,
  type BridgeQuoteView,
  type BridgeTransferView,
  type CrossChainPortfolioView,
  type CrossChainSwapInput,
  type CrossChainSwapView,
} from '../operations.js';

/**
 * The crosschain domain: the module's REST operations through the same entry
 * path (validation, idempotency, tenancy), and bridgeTransferCompleted, live
 * from the event backbone (graphql-views.test.ts pairs the types with the
 * zod views).
 */
@ObjectType('BridgeAlternativeQuote', { description: 'Another protocol that carries the route, and what it would deliver.' })
export class BridgeAlternativeQuoteType {
  @Field(() => String)
  bridge_protocol!: string;
  @Field(() => String, { description: 'Decimal string.' })
  estimated_receive_amount!: string;
  @Field(() => String)
  fee_amount!: string;
  @Field(() => Int)
  estimated_duration_seconds!: number;
}

@ObjectType('BridgeQuote', { description: 'A bridge quote, stored for the team until it expires (POST /v1/crosschain/bridge/quote).' })
export class BridgeQuoteType {
  @Field(() => ID)
  quote_id!: string;
  @Field(() => String, { description: 'wormhole, layerzero or axelar.' })
  bridge_protocol!: string;
  @Field(() => String)
  source_chain!: string;
  @Field(() => String)
  destination_chain!: string;
  @Field(() => String)
  token!: string;
  @Field(() => String, { description: 'Decimal string.' })
  input_amount!: string;
  @Field(() => String, { description: 'input_amount − fee_amount, exactly.' })
  estimated_receive_amount!: string;
  @Field(() => String, { description: 'In the bridged token, rounded up.' })
  fee_amount!: string;
  @Field(() => String)
  fee_currency!: string;
  @Field(() => String, { description: '8 decimals, rounded down.' })
  exchange_rate!: string;
  @Field(() => Int)
  estimated_duration_seconds!: number;
  @Field(() => DateTimeScalar)
  quote_expires_at!: string;
  @Field(() => [BridgeAlternativeQuoteType])
  alternative_quotes!: BridgeQuoteView['alternative_quotes'];
}

@ObjectType('BridgeProtocolFee', { description: 'One protocol for a transfer: whether it carries it, its fee, what arrives and how long it takes.' })
export class BridgeProtocolFeeType {
  @Field(() => String)
  bridge_protocol!: string;
  @Field(() => Boolean)
  supported!: boolean;
  @Field(() => Boolean, { description: 'Supported, and the amount covers the fee.' })
  available!: boolean;
  @Field(() => String, { nullable: true })
  reason!: string | null;
  @Field(() => String, { nullable: true, description: 'USD, 6 decimals.' })
  fee_usd!: string | null;
  @Field(() => String, { nullable: true })
  fee_amount!: string | null;
  @Field(() => String)
  fee_currency!: string;
  @Field(() => String, { nullable: true })
  estimated_receive_amount!: string | null;
  @Field(() => Int, { nullable: true })
  estimated_duration_seconds!: number | null;
  @Field(() => Boolean)
  cheapest!: boolean;
  @Field(() => Boolean)
  fastest!: boolean;
}

@ObjectType('BridgeFeeComparison', { description: 'The three protocols side by side for one transfer (GET /crosschain/bridge/fees).' })
export class BridgeFeeComparisonType {
  @Field(() => String)
  source_chain!: string;
  @Field(() => String)
  destination_chain!: string;
  @Field(() => String)
  token!: string;
  @Field(() => String)
  amount!: string;
  @Field(() => [BridgeProtocolFeeType])
  protocols!: BridgeFeesView['protocols'];
}

@ObjectType('BridgeTransfer', { description: 'A bridge transfer: pending, source_confirmed, attested, then completed or failed (refunded).' })
export class BridgeTransferType {
  @Field(() => ID)
  bridge_tx_id!: string;
  @Field(() => ID, { nullable: true })
  quote_id!: string | null;
  @Field(() => String, { description: 'pending, source_confirmed, attested, completed or failed.' })
  status!: string;
  @Field(() => String)
  bridge_protocol!: string;
  @Field(() => String)
  source_chain!: string;
  @Field(() => String)
  destination_chain!: string;
  @Field(() => String)
  token!: string;
  @Field(() => String, { description: 'What left the source holding.' })
  amount!: string;
  @Field(() => String)
  fee_amount!: string;
  @Field(() => String, { description: 'amount − fee_amount.' })
  receive_amount!: string;
  @Field(() => ID)
  account_id!: string;
  @Field(() => String)
  sender_address!: string;
  @Field(() => String, { nullable: true })
  recipient_address!: string | null;
  @Field(() => String)
  source_tx_hash!: string;
  @Field(() => String, { nullable: true })
  destination_tx_hash!: string | null;
  @Field(() => String, { nullable: true })
  refund_tx_hash!: string | null;
  @Field(() => String, { nullable: true })
  failure_reason!: string | null;
  @Field(() => DateTimeScalar)
  created_at!: string;
  @Field(() => DateTimeScalar)
  updated_at!: string;
  @Field(() => DateTimeScalar)
  estimated_completion_at!: string;
}

@ObjectType('CrossChainSwap', { description: 'A bridge, then a swap on the destination (POST /crosschain/swap); status bridging, completed, bridged_not_swapped (the bridged token was kept: the pools paid under the minimum) or failed (refunded).' })
export class CrossChainSwapType {
  @Field(() => ID)
  swap_id!: string;
  @Field(() => String)
  status!: string;
  @Field(() => ID)
  account_id!: string;
  @Field(() => ID)
  bridge_tx_id!: string;
  @Field(() => String)
  bridge_status!: string;
  @Field(() => String)
  bridge_protocol!: string;
  @Field(() => String)
  source_chain!: string;
  @Field(() => String)
  destination_chain!: string;
  @Field(() => String)
  from_token!: string;
  @Field(() => String)
  to_token!: string;
  @Field(() => String)
  amount!: string;
  @Field(() => String)
  bridge_fee!: string;
  @Field(() => String)
  bridged_amount!: string;
  @Field(() => Int)
  slippage_bps!: number;
  @Field(() => String)
  expected_output!: string;
  @Field(() => String)
  minimum_output!: string;
  @Field(() => String, { nullable: true })
  amount_out!: string | null;
  @Field(() => String, { nullable: true })
  offered_output!: string | null;
  @Field(() => ID, { nullable: true })
  destination_swap_id!: string | null;
  @Field(() => String, { nullable: true })
  swap_tx_hash!: string | null;
  @Field(() => String, { nullable: true })
  failure_reason!: string | null;
  @Field(() => DateTimeScalar)
  created_at!: string;
  @Field(() => DateTimeScalar)
  updated_at!: string;
}

@ObjectType('PortfolioHolding', { description: 'A token held on one chain, valued at the price feed now.' })
export class PortfolioHoldingType {
  @Field(() => String)
  token!: string;
  @Field(() => String, { description: 'The ledger holding code (USDC, USDC@base).' })
  asset_code!: string;
  @Field(() => String)
  amount!: string;
  @Field(() => String, { nullable: true })
  price_usd!: string | null;
  @Field(() => String, { nullable: true, description: 'USD, 2 decimals, rounded down.' })
  value_usd!: string | null;
}

@ObjectType('PortfolioDefiPosition', { description: 'An open DeFi position on one chain.' })
export class PortfolioDefiPositionType {
  @Field(() => ID)
  position_id!: string;
  @Field(() => String)
  type!: string;
  @Field(() => ID)
  account_id!: string;
  @Field(() => String)
  protocol!: string;
  @Field(() => String)
  value_usd!: string;
}

@ObjectType('PortfolioChain', { description: 'What the team holds on one chain, its DeFi positions there, and totals.' })
export class PortfolioChainType {
  @Field(() => String)
  chain!: string;
  @Field(() => [PortfolioHoldingType])
  holdings!: CrossChainPortfolioView['chains'][number]['holdings'];
  @Field(() => [PortfolioDefiPositionType])
  defi_positions!: CrossChainPortfolioView['chains'][number]['defi_positions'];
  @Field(() => String)
  holdings_usd!: string;
  @Field(() => String)
  defi_usd!: string;
  @Field(() => String)
  total_usd!: string;
}

@ObjectType('InFlightTransfer', { description: 'A bridge transfer under way: left the source, not arrived.' })
export class InFlightTransferType {
  @Field(() => ID)
  bridge_tx_id!: string;
  @Field(() => String)
  status!: string;
  @Field(() => String)
  bridge_protocol!: string;
  @Field(() => String)
  source_chain!: string;
  @Field(() => String)
  destination_chain!: string;
  @Field(() => String)
  token!: string;
  @Field(() => String)
  amount!: string;
  @Field(() => String)
  receive_amount!: string;
  @Field(() => String, { nullable: true })
  value_usd!: string | null;
  @Field(() => DateTimeScalar)
  estimated_completion_at!: string;
}

@ObjectType('CrossChainPortfolio', { description: 'Holdings per chain and token, DeFi positions, transfers in flight and totals (GET /crosschain/portfolio).' })
export class CrossChainPortfolioType {
  @Field(() => ID, { nullable: true })
  account_id!: string | null;
  @Field(() => [PortfolioChainType])
  chains!: CrossChainPortfolioView['chains'];
  @Field(() => [InFlightTransferType])
  in_flight!: CrossChainPortfolioView['in_flight'];
  @Field(() => String)
  in_flight_usd!: string;
  @Field(() => String)
  total_usd!: string;
  @Field(() => DateTimeScalar)
  valued_at!: string;
}

@InputType('QuoteBridgeInput')
export class QuoteBridgeInputType implements BridgeQuoteInput {
  @Field(() => String, { description: 'Name or CAIP-2 id.' })
  source_chain!: string;
  @Field(() => String)
  destination_chain!: string;
  @Field(() => String)
  token!: string;
  @Field(() => String, { description: 'Decimal string at the token decimals.' })
  amount!: string;
  @Field(() => String, { nullable: true, description: 'wormhole, layerzero or axelar.' })
  preferred_bridge?: string;
}

@InputType('InitiateBridgeInput')
export class InitiateBridgeInputType implements BridgeInitiateInput {
  @Field(() => String)
  quote_id!: string;
  @Field(() => String, { description: 'A deposit address of one of the team’s accounts on the source chain.' })
  sender_address!: string;
  @Field(() => String)
  recipient_address!: string;
  @Field(() => String, { nullable: true, description: 'Accepted: the fee is fixed when quoted.' })
  slippage_tolerance?: string;
  @Field(() => Int, { nullable: true })
  deadline_minutes?: number;
}

@InputType('BridgeInput')
export class BridgeInputType implements BridgeInput {
  @Field(() => String)
  source_chain!: string;
  @Field(() => String)
  destination_chain!: string;
  @Field(() => String)
  token!: string;
  @Field(() => String)
  amount!: string;
  @Field(() => String, { nullable: true })
  protocol?: string;
  @Field(() => ID, { nullable: true, description: 'Default: the team’s oldest active account.' })
  account_id?: string;
}

@InputType('CrossChainSwapInput')
export class CrossChainSwapInputType implements CrossChainSwapInput {
  @Field(() => String)
  source_chain!: string;
  @Field(() => String)
  destination_chain!: string;
  @Field(() => String)
  from_token!: string;
  @Field(() => String)
  to_token!: string;
  @Field(() => String)
  amount!: string;
  @Field(() => Int, { nullable: true, description: 'Default 50.' })
  slippage_bps?: number;
  @Field(() => String, { nullable: true })
  protocol?: string;
  @Field(() => ID, { nullable: true, description: 'Default: the team’s oldest active account.' })
  account_id?: string;
}

/** Derived from the fault route's body and answer. */
const BridgeFaultInputType = graphqlInputType('BridgeFaultInput', BridgeFaultInput);
const BridgeFaultsType = graphqlObjectType('BridgeFaults', BridgeFaultsView);

@Resolver()
export class CrosschainResolver {
  @Query(() => BridgeQuoteType, { description: 'A bridge quote of the team, expired or not.' })
  bridgeQuote(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphqlContext): Promise<BridgeQuoteView> {
    return ctx.run(ReadBridgeQuote, { id });
  }

  @Query(() => BridgeFeeComparisonType, { description: 'The three protocols side by side for a transfer; nothing is stored.' })
  bridgeFees(
    @Arg('from', () => String) from: string,
    @Arg('to', () => String) to: string,
    @Arg('token', () => String) token: string,
    @Arg('amount', () => String) amount: string,
    @Ctx() ctx: GraphqlContext,
  ): Promise<BridgeFeesView> {
    return ctx.run(CompareBridgeFees, { from, to, token, amount });
  }

  @Query(() => BridgeTransferType, { description: 'A bridge transfer of the team as it stands.' })
  bridgeTransfer(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphqlContext): Promise<BridgeTransferView> {
    return ctx.run(ReadBridgeTransfer, { id });
  }

  @Query(() => CrossChainSwapType, { description: 'A cross-chain swap of the team as it stands.' })
  crossChainSwap(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphqlContext): Promise<CrossChainSwapView> {
    return ctx.run(ReadCrossChainSwap, { id });
  }

  @Query(() => CrossChainPortfolioType, { description: 'Holdings per chain and token, DeFi positions, transfers in flight and totals, of the team or one account.' })
  crossChainPortfolio(@Arg('account_id', () => ID, { nullable: true }) accountId: string | undefined, @Ctx() ctx: GraphqlContext): Promise<CrossChainPortfolioView> {
    return ctx.run(GetCrossChainPortfolio, accountId === undefined || accountId === null ? {} : { account_id: accountId });
  }

  @Mutation(() => BridgeQuoteType, { description: 'Quote a bridge transfer (stored for the team, expires).' })
  quoteBridge(@Arg('input', () => QuoteBridgeInputType) input: BridgeQuoteInput, @Ctx() ctx: GraphqlContext): Promise<BridgeQuoteView> {
    return ctx.run(QuoteBridge, { ...input });
  }

  @Mutation(() => BridgeTransferType, { description: 'Initiate a bridge transfer from a quote of the team (once, before it expires).' })
  initiateBridge(@Arg('input', () => InitiateBridgeInputType) input: BridgeInitiateInput, @Ctx() ctx: GraphqlContext): Promise<BridgeTransferView> {
    return ctx.run(InitiateBridge, { ...input });
  }

  @Mutation(() => BridgeTransferType, { description: 'Quote and initiate in one, between the account\u2019s own holdings on two chains.' })
  bridge(@Arg('input', () => BridgeInputType) input: BridgeInput, @Ctx() ctx: GraphqlContext): Promise<BridgeTransferView> {
    return ctx.run(Bridge, { ...input });
  }

  @Mutation(() => CrossChainSwapType, { description: 'Bridge a token, then swap it on the destination chain (POST /crosschain/swap).' })
  swapCrossChain(@Arg('input', () => CrossChainSwapInputType) input: CrossChainSwapInput, @Ctx() ctx: GraphqlContext): Promise<CrossChainSwapView> {
    return ctx.run(CrossChainSwap, { ...input });
  }

  @Mutation(() => BridgeFaultsType, { description: 'Operator key only (sandbox): the next `count` transfers of `protocol` revert, fail or time out and are refunded; 0 disarms (POST /admin/crosschain/faults). Answers the faults still armed.' })
  armBridgeFault(@Arg('input', () => BridgeFaultInputType) input: BridgeFaultInputValue, @Ctx() ctx: GraphqlContext): Promise<BridgeFaultsViewValue> {
    return ctx.run(ArmBridgeFault, { ...input });
  }

  @Subscription(() => BridgeTransferType, {
    description: 'Bridge transfers of the caller\u2019s team as they complete (bridge.completed), live; one transfer when transfer_id is given.',
    subscribe: async ({ args, context }) => {
      const ctx = context as GraphqlContext;
      const id = args['transfer_id'] as string | null | undefined;
      // Unknown or another team's transfer: a not_found error, never a silent stream.
      if (id !== undefined && id !== null) await ctx.run(ReadBridgeTransfer, { id });
      return ctx.events((event) => event.type === 'bridge.completed' && (id === undefined || id === null || event.aggregateId === id));
    },
  })
  bridgeTransferCompleted(@Arg('transfer_id', () => ID, { nullable: true }) _transferId: string | undefined, @Root() event: StoredEvent): BridgeTransferView {
    return event.payload as BridgeTransferView;
  }
}

export const crosschainGraphql: readonly GraphqlContribution[] = [{ domain: 'crosschain', resolvers: [CrosschainResolver] }];

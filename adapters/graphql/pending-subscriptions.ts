import { Arg, Field, ID, ObjectType, Query, Resolver, Root, Subscription } from 'type-graphql';
import { GraphQLJSONObject } from 'graphql-scalars';
import type { StoredEvent } from '../../kernel/contract/event.js';
import { DateTimeScalar, type GraphqlContext, type GraphqlContribution } from '../../kernel/contract/graphql.js';

/**
 * Subscriptions of the spec whose modules (wallet, treasury, cross-chain) do
 * not exist yet. They are declared now and fed by event type from the live
 * stream, so they start delivering as soon as a module appends those events;
 * the module then takes the field into its own domain file.
 */
export const PENDING_FEEDS = {
  walletBalanceUpdated: { prefix: 'wallet.balance_updated', argument: 'wallet_id' },
  portfolioRebalanced: { prefix: 'portfolio.rebalanced', argument: 'portfolio_id' },
  bridgeTransferCompleted: { prefix: 'bridge.completed', argument: 'transfer_id' },
} as const;

@ObjectType({ description: 'A live event of the caller’s team.' })
export class LiveEvent {
  @Field(() => ID)
  id!: string;
  @Field(() => String)
  type!: string;
  @Field(() => ID)
  aggregate_id!: string;
  @Field(() => GraphQLJSONObject)
  data!: Record<string, unknown>;
  @Field(() => DateTimeScalar)
  occurred_at!: Date;
}

@ObjectType()
export class SubscriptionFeed {
  @Field(() => String)
  subscription!: string;
  @Field(() => String)
  event_type!: string;
}

function live(event: StoredEvent): LiveEvent {
  return { id: event.id, type: event.type, aggregate_id: event.aggregateId, data: event.payload, occurred_at: event.occurredAt };
}

function feed(name: keyof typeof PENDING_FEEDS, value: unknown, context: unknown): AsyncIterable<StoredEvent> {
  const { prefix } = PENDING_FEEDS[name];
  return (context as GraphqlContext).events((event) => event.type === prefix && (value == null || event.aggregateId === value));
}

@Resolver()
export class PendingSubscriptionsResolver {
  @Query(() => [SubscriptionFeed], { description: 'Which event type feeds each subscription declared ahead of its module.' })
  subscriptionFeeds(): SubscriptionFeed[] {
    return Object.entries(PENDING_FEEDS).map(([subscription, { prefix }]) => ({ subscription, event_type: prefix }));
  }

  @Subscription(() => LiveEvent, { subscribe: ({ args, context }) => feed('walletBalanceUpdated', args['wallet_id'], context) })
  walletBalanceUpdated(@Arg('wallet_id', () => ID) _walletId: string, @Root() event: StoredEvent): LiveEvent {
    return live(event);
  }

  @Subscription(() => LiveEvent, { subscribe: ({ args, context }) => feed('portfolioRebalanced', args['portfolio_id'], context) })
  portfolioRebalanced(@Arg('portfolio_id', () => String, { nullable: true }) _portfolioId: string | undefined, @Root() event: StoredEvent): LiveEvent {
    return live(event);
  }

  @Subscription(() => LiveEvent, { subscribe: ({ args, context }) => feed('bridgeTransferCompleted', args['transfer_id'], context) })
  bridgeTransferCompleted(@Arg('transfer_id', () => ID, { nullable: true }) _transferId: string | undefined, @Root() event: StoredEvent): LiveEvent {
    return live(event);
  }
}

export const pendingSubscriptions: GraphqlContribution = { domain: 'realtime', resolvers: [PendingSubscriptionsResolver] };

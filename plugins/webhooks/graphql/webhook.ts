import { Arg, Ctx, Field, ID, Int, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import { z } from 'zod';
import { graphqlInputType, graphqlObjectType, pageArgs, PaginatorInfo, paginatorInfo, type GraphqlContext, type GraphqlContribution } from '../../../kit/graphql.js';
import {
  CreateWebhook,
  CreateWebhookBody,
  DeletedWebhookView,
  DeleteWebhook,
  DeliveryAttemptView,
  DeliveryStatus,
  DeliveryView,
  EventGroupView,
  GetWebhook,
  ListDeliveries,
  ListEventTypes,
  ListOutbox,
  ListWebhooks,
  TestDeliveryView,
  TestWebhook,
  UpdateWebhook,
  UpdateWebhookBody,
  WebhookView,
  type CreateWebhookInput,
} from '../operations.js';

/**
 * The `webhook` domain (one of the three domains we chose beyond the spec's
 * list: webhook management is a core integrator surface). The same
 * operations as the REST routes; the types are derived from their views so
 * they cannot drift.
 *
 * Secrets: REST shows a webhook's signing secret once, in the answer to its
 * creation (and to an update that sets a new one). GraphQL never answers a
 * secret: client tooling caches results (normalised caches, persisted
 * stores, devtools), and a secret there outlives "shown once". So here the
 * caller brings the secret (`input.secret` is required on create, as REST's
 * optional `secret`), and every answer is the secret-free `Webhook`.
 * A bank-generated secret is a REST call.
 */
const WebhookType = graphqlObjectType('Webhook', WebhookView);
const EventGroupType = graphqlObjectType('WebhookEventGroup', EventGroupView);
const DeliveryAttemptType = graphqlObjectType('WebhookDeliveryAttempt', DeliveryAttemptView);
const DeliveryType = graphqlObjectType('WebhookDelivery', DeliveryView);
const TestDeliveryType = graphqlObjectType('WebhookTestDelivery', TestDeliveryView);
const DeletedWebhookType = graphqlObjectType('DeletedWebhook', DeletedWebhookView);

/** REST's create body with the secret required: the caller already knows it, so no answer needs to show it. */
const callersSecret = z.string().min(16).max(256).describe('The signing secret (16–256 printable ASCII characters), chosen by the caller; never answered');
export const CreateWebhookGraphqlInput = CreateWebhookBody.extend({ secret: callersSecret });
export const UpdateWebhookGraphqlInput = UpdateWebhookBody.extend({ secret: callersSecret.optional() });
const CreateWebhookInputType = graphqlInputType('CreateWebhookInput', CreateWebhookGraphqlInput);
const UpdateWebhookInputType = graphqlInputType('UpdateWebhookInput', UpdateWebhookGraphqlInput);

@ObjectType('WebhookPage')
export class WebhookPage {
  @Field(() => [WebhookType]) data!: WebhookView[];
  @Field(() => PaginatorInfo) paginatorInfo!: PaginatorInfo;
}

@ObjectType('WebhookDeliveryAttemptPage')
export class WebhookDeliveryAttemptPage {
  @Field(() => [DeliveryAttemptType]) data!: DeliveryAttemptView[];
  @Field(() => PaginatorInfo) paginatorInfo!: PaginatorInfo;
}

@ObjectType('WebhookDeliveryPage')
export class WebhookDeliveryPage {
  @Field(() => [DeliveryType]) data!: DeliveryView[];
  @Field(() => PaginatorInfo) paginatorInfo!: PaginatorInfo;
}

/** Drops the keys GraphQL left out or null where the operation reads absence (null description stays: it clears). */
function given<T extends object>(input: T, keepNull: readonly string[] = []): T {
  return Object.fromEntries(Object.entries(input).filter(([key, value]) => value !== undefined && (value !== null || keepNull.includes(key)))) as T;
}

/** The view without the secret, whatever the operation answered. */
function withoutSecret(webhook: WebhookView & { secret?: string }): WebhookView {
  const { secret: _shownOnceOverRestOnly, ...view } = webhook;
  return view;
}

@Resolver()
export class WebhookResolver {
  @Query(() => [EventGroupType], { description: 'Every event type a webhook can subscribe to, grouped (GET /v2/webhooks/events).' })
  webhookEventTypes(@Ctx() ctx: GraphqlContext): Promise<EventGroupView[]> {
    return ctx.run(ListEventTypes, {});
  }

  @Query(() => WebhookPage, { description: 'The team’s webhooks (never their secrets).' })
  async webhooks(@Ctx() ctx: GraphqlContext, @Arg('first', () => Int, { nullable: true }) first?: number, @Arg('page', () => Int, { nullable: true }) page?: number): Promise<WebhookPage> {
    const result = await ctx.run(ListWebhooks, pageArgs(first, page));
    return { data: [...result.items], paginatorInfo: paginatorInfo(result) };
  }

  @Query(() => WebhookType, { description: 'One of the team’s webhooks.' })
  webhook(@Ctx() ctx: GraphqlContext, @Arg('id', () => ID) id: string): Promise<WebhookView> {
    return ctx.run(GetWebhook, { id });
  }

  @Query(() => WebhookDeliveryAttemptPage, { description: 'Every delivery attempt of a webhook, newest first (GET /v2/webhooks/{id}/deliveries).' })
  async webhookDeliveries(
    @Ctx() ctx: GraphqlContext,
    @Arg('webhook_id', () => ID) webhookId: string,
    @Arg('first', () => Int, { nullable: true }) first?: number,
    @Arg('page', () => Int, { nullable: true }) page?: number,
  ): Promise<WebhookDeliveryAttemptPage> {
    const result = await ctx.run(ListDeliveries, { id: webhookId, ...pageArgs(first, page) });
    return { data: [...result.items], paginatorInfo: paginatorInfo(result) };
  }

  @Query(() => WebhookDeliveryPage, { description: 'A webhook’s deliveries, one per event, newest first (GET /v2/webhooks/{id}/outbox); `status` filters.' })
  async webhookOutbox(
    @Ctx() ctx: GraphqlContext,
    @Arg('webhook_id', () => ID) webhookId: string,
    @Arg('status', () => String, { nullable: true, description: 'pending, succeeded, failed or cancelled' }) status?: string | null,
    @Arg('first', () => Int, { nullable: true }) first?: number,
    @Arg('page', () => Int, { nullable: true }) page?: number,
  ): Promise<WebhookDeliveryPage> {
    const input = { id: webhookId, ...pageArgs(first, page), ...(status == null ? {} : { status: status as z.infer<typeof DeliveryStatus> }) };
    const result = await ctx.run(ListOutbox, input);
    return { data: [...result.items], paginatorInfo: paginatorInfo(result) };
  }

  @Mutation(() => WebhookType, { description: 'Subscribes an https URL to events with a signing secret the caller chose (POST /v2/webhooks; for a generated secret use REST, which shows it once).' })
  async createWebhook(@Ctx() ctx: GraphqlContext, @Arg('input', () => CreateWebhookInputType) input: CreateWebhookInput): Promise<WebhookView> {
    return withoutSecret(await ctx.run(CreateWebhook, given({ ...input })));
  }

  @Mutation(() => WebhookType, { description: 'Changes a webhook (PATCH /v2/webhooks/{id}); `active: false` cancels its pending deliveries. A new secret is the caller’s and is not answered.' })
  async updateWebhook(
    @Ctx() ctx: GraphqlContext,
    @Arg('id', () => ID) id: string,
    @Arg('input', () => UpdateWebhookInputType) input: z.infer<typeof UpdateWebhookGraphqlInput>,
  ): Promise<WebhookView> {
    return withoutSecret(await ctx.run(UpdateWebhook, { ...given({ ...input }, ['description']), id }));
  }

  @Mutation(() => DeletedWebhookType, { description: 'Deletes a webhook with its deliveries and their history (needs the delete permission).' })
  deleteWebhook(@Ctx() ctx: GraphqlContext, @Arg('id', () => ID) id: string): Promise<DeletedWebhookView> {
    return ctx.run(DeleteWebhook, { id });
  }

  @Mutation(() => TestDeliveryType, { description: 'Queues a test.webhook delivery to this webhook only (POST /v2/webhooks/{id}/test).' })
  testWebhook(@Ctx() ctx: GraphqlContext, @Arg('id', () => ID) id: string): Promise<TestDeliveryView> {
    return ctx.run(TestWebhook, { id });
  }
}

export const webhookGraphql: readonly GraphqlContribution[] = [{ domain: 'webhook', resolvers: [WebhookResolver] }];

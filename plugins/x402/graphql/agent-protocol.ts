import { Arg, Ctx, Field, ID, InputType, Int, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import { DateTimeScalar, type GraphqlContext, type GraphqlContribution } from '../../../kit/graphql.js';
import {
  GetSpendingLimits,
  ListAgents,
  Pay,
  PutAgent,
  RemoveAgent,
  SetSpendingLimits,
  type AgentView,
  type PayInput,
  type PayView,
  type PutAgentInput,
  type SetLimitsInput,
  type SpendingLimitsView,
  type TeamLimitsView,
} from '../operations.js';
import { X402PaymentType } from './x402.js';

/** operations.ts's teamLimitsView. */
@ObjectType('X402TeamSpendingLimits', { description: 'The team’s caps in USD (null: none) and what was spent today and this month (UTC).' })
export class X402TeamSpendingLimitsType {
  @Field(() => String, { nullable: true }) daily_usd!: string | null;
  @Field(() => String, { nullable: true }) monthly_usd!: string | null;
  @Field(() => String, { nullable: true }) per_request_usd!: string | null;
  @Field(() => String) spent_today_usd!: string;
  @Field(() => String) spent_this_month_usd!: string;
  @Field(() => DateTimeScalar, { nullable: true }) updated_at!: string | null;
}

/** operations.ts's agentView. */
@ObjectType('X402Agent', { description: 'An API key or mobile session marked as an agent, with its own caps and spending.' })
export class X402AgentType {
  @Field(() => String) api_key_id!: string;
  @Field(() => String) name!: string;
  @Field(() => String, { nullable: true }) daily_usd!: string | null;
  @Field(() => String, { nullable: true }) monthly_usd!: string | null;
  @Field(() => String, { nullable: true }) per_request_usd!: string | null;
  @Field(() => String) spent_today_usd!: string;
  @Field(() => String) spent_this_month_usd!: string;
  @Field(() => DateTimeScalar) created_at!: string;
  @Field(() => DateTimeScalar) updated_at!: string;
}

/** operations.ts's spendingLimitsView. */
@ObjectType('X402SpendingLimits')
export class X402SpendingLimitsType {
  @Field(() => Boolean, { description: 'False until the team sets its limits: it pays nothing before.' }) configured!: boolean;
  @Field(() => X402TeamSpendingLimitsType) team!: TeamLimitsView;
  @Field(() => [X402AgentType]) agents!: AgentView[];
}

@ObjectType('X402PayResponse', { description: 'The paid URL’s final answer.' })
export class X402PayResponseType {
  @Field(() => Int) status!: number;
  @Field(() => String, { nullable: true }) content_type!: string | null;
  @Field(() => String) body!: string;
}

/** operations.ts's payView. */
@ObjectType('X402PayResult')
export class X402PayResultType {
  @Field(() => Boolean) paid!: boolean;
  @Field(() => X402PaymentType, { nullable: true, description: 'Null when the URL asked for no payment.' }) payment?: PayView['payment'];
  @Field(() => X402PayResponseType, { nullable: true, description: 'Null when the answer was not kept (a lost connection after a settled payment, or a retry of a request whose answer was lost).' })
  response!: PayView['response'];
}

@InputType('SetX402SpendingLimitsInput')
export class SetX402SpendingLimitsInputType {
  @Field(() => String, { nullable: true }) daily_usd?: string | null;
  @Field(() => String, { nullable: true }) monthly_usd?: string | null;
  @Field(() => String, { nullable: true }) per_request_usd?: string | null;
}

@InputType('PutX402AgentInput')
export class PutX402AgentInputType {
  @Field(() => String) name!: string;
  @Field(() => String, { nullable: true }) daily_usd?: string | null;
  @Field(() => String, { nullable: true }) monthly_usd?: string | null;
  @Field(() => String, { nullable: true }) per_request_usd?: string | null;
}

@InputType('X402HeaderInput')
export class X402HeaderInputType {
  @Field(() => String) name!: string;
  @Field(() => String) value!: string;
}

@InputType('X402PayInput')
export class X402PayInputType {
  @Field(() => String) url!: string;
  @Field(() => String, { nullable: true, description: 'GET (default), POST, PUT, PATCH or DELETE.' }) method?: string;
  @Field(() => String, { description: 'US dollars, at most six decimals.' }) max_amount!: string;
  @Field(() => [X402HeaderInputType], { nullable: true }) headers?: X402HeaderInputType[];
  @Field(() => String, { nullable: true }) body?: string;
  @Field(() => ID, { nullable: true }) account_id?: string;
}

/** Null caps stay null (no cap); the zod input fills what is left out. */
const caps = (input: object) => Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));

/** The agent-protocol domain: agents, their budgets and payments (the REST routes under /x402, x402.md "Buying"). */
@Resolver()
export class AgentProtocolResolver {
  @Query(() => X402SpendingLimitsType, { description: 'The team’s spending limits and its agents’ (GET /x402/spending-limits).' })
  x402SpendingLimits(@Ctx() ctx: GraphqlContext): Promise<SpendingLimitsView> {
    return ctx.run(GetSpendingLimits, {});
  }

  @Query(() => [X402AgentType], { description: 'The team’s agents with their limits and spending (GET /x402/agents).' })
  x402Agents(@Ctx() ctx: GraphqlContext): Promise<AgentView[]> {
    return ctx.run(ListAgents, {});
  }

  @Mutation(() => X402SpendingLimitsType, { description: 'Replaces the team’s spending limits (PUT /x402/spending-limits).' })
  setX402SpendingLimits(@Ctx() ctx: GraphqlContext, @Arg('input', () => SetX402SpendingLimitsInputType) input: SetX402SpendingLimitsInputType): Promise<SpendingLimitsView> {
    return ctx.run(SetSpendingLimits, caps({ ...input }) as SetLimitsInput);
  }

  @Mutation(() => X402AgentType, { description: 'Marks an API key or session as an agent with its limits (PUT /x402/agents/{api_key_id}).' })
  putX402Agent(@Ctx() ctx: GraphqlContext, @Arg('api_key_id', () => String) apiKeyId: string, @Arg('input', () => PutX402AgentInputType) input: PutX402AgentInputType): Promise<AgentView> {
    return ctx.run(PutAgent, { api_key_id: apiKeyId, ...caps({ ...input }) } as PutAgentInput);
  }

  @Mutation(() => X402AgentType, { description: 'Unmarks an agent (DELETE /x402/agents/{api_key_id}).' })
  removeX402Agent(@Ctx() ctx: GraphqlContext, @Arg('api_key_id', () => String) apiKeyId: string): Promise<AgentView> {
    return ctx.run(RemoveAgent, { api_key_id: apiKeyId });
  }

  @Mutation(() => X402PayResultType, { description: 'Pays an x402-protected URL from the team’s custody within its limits (POST /x402/pay).' })
  payX402(@Ctx() ctx: GraphqlContext, @Arg('input', () => X402PayInputType) input: X402PayInputType): Promise<PayView> {
    const { headers, ...rest } = input;
    const given = Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined && value !== null));
    return ctx.run(Pay, { ...given, ...(headers ? { headers: Object.fromEntries(headers.map((one) => [one.name, one.value])) } : {}) } as PayInput);
  }
}

export const agentProtocolGraphql: GraphqlContribution = { domain: 'agent-protocol', resolvers: [AgentProtocolResolver] };

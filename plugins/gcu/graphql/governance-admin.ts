import { Arg, Ctx, Field, InputType, Mutation, Resolver } from 'type-graphql';
import { ValidationError } from '../../../kernel/public.js';
import { graphqlObjectType, type GraphqlContext } from '../../../kit/graphql.js';
import * as ops from '../operations.js';
import type { CreateProposalInput, TickReport } from '../operations.js';
import { Proposal, proposalOf } from './governance.js';

/**
 * The operator's governance mutations: making a proposal (POST
 * /admin/gcu/voting/proposals) and running the rebalance (POST
 * /admin/gcu/rebalance). Both need the operator key, checked by `ctx.run`
 * as for REST. Compositions are lists of {asset_code, weight} here, as the
 * proposals show them (GraphQL has no map type).
 */
@InputType('GcuWeightInput')
export class GcuWeightInput {
  @Field(() => String) asset_code!: string;
  @Field(() => String, { description: 'Decimal fraction; the weights add up to 1.' }) weight!: string;
}

@InputType('GcuParameterInput')
export class GcuParameterInput {
  @Field(() => String, { description: 'quorum or approval_threshold.' }) name!: string;
  @Field(() => String) value!: string;
}

@InputType('CreateGcuProposalInput')
export class CreateGcuProposalInput {
  @Field(() => String) title!: string;
  @Field(() => String, { nullable: true }) description?: string | null;
  @Field(() => String, { nullable: true, description: 'composition (default) or parameter.' }) kind?: string | null;
  @Field(() => [GcuWeightInput], { nullable: true }) proposed_composition?: GcuWeightInput[] | null;
  @Field(() => GcuParameterInput, { nullable: true }) parameter?: GcuParameterInput | null;
  @Field(() => String, { description: 'ISO 8601 instant, at or after now.' }) voting_starts_at!: string;
  @Field(() => String, { description: 'ISO 8601 instant, after voting_starts_at.' }) voting_ends_at!: string;
}

const GovernanceTickType = graphqlObjectType('GovernanceTick', ops.TickReportView);

/** The list as REST's map; an asset named twice is refused (a map would silently keep the last). */
function composition(entries: readonly GcuWeightInput[]): Record<string, string> {
  const map: Record<string, string> = {};
  entries.forEach((entry, index) => {
    if (Object.hasOwn(map, entry.asset_code)) {
      throw ValidationError.field(`/proposed_composition/${index}/asset_code`, `${entry.asset_code} is listed twice`, 'duplicate_asset');
    }
    map[entry.asset_code] = entry.weight;
  });
  return map;
}

@Resolver()
export class GovernanceAdminResolver {
  @Mutation(() => Proposal, { description: 'Makes a GCU proposal (operator key), as POST /admin/gcu/voting/proposals.' })
  async createGcuProposal(@Ctx() ctx: GraphqlContext, @Arg('input', () => CreateGcuProposalInput) input: CreateGcuProposalInput): Promise<Proposal> {
    const body: CreateProposalInput = {
      title: input.title,
      voting_starts_at: input.voting_starts_at,
      voting_ends_at: input.voting_ends_at,
      ...(input.description != null ? { description: input.description } : {}),
      ...(input.kind != null ? { kind: input.kind as CreateProposalInput['kind'] } : {}),
      ...(input.proposed_composition != null ? { proposed_composition: composition(input.proposed_composition) } : {}),
      ...(input.parameter != null ? { parameter: { name: input.parameter.name, value: input.parameter.value } } : {}),
    };
    return proposalOf(await ctx.run(ops.CreateProposal, body));
  }

  @Mutation(() => GovernanceTickType, { description: 'Runs the governance tick now: closes finished votes and rebalances the GCU to an approved composition (operator key), as POST /admin/gcu/rebalance.' })
  rebalanceGcu(@Ctx() ctx: GraphqlContext): Promise<TickReport> {
    return ctx.run(ops.Rebalance, {});
  }
}

import { Arg, Ctx, Field, Float, ID, Int, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import type { GraphqlContext } from '../../../kit/graphql.js';
import * as ops from '../operations.js';
import type { CastVoteInput, ProposalView } from '../operations.js';
import { orNull } from './basket.js';

/**
 * The governance domain: GCU proposals, the caller's team's votes and
 * casting a vote, through the same operations as REST. Compositions are
 * lists of {asset_code, weight} (GraphQL has no map type).
 */
@ObjectType()
export class WeightEntry {
  @Field(() => String)
  asset_code!: string;
  @Field(() => String, { description: 'Exact decimal fraction.' })
  weight!: string;
}

@ObjectType()
export class GovernanceParameterChange {
  @Field(() => String, { description: 'quorum or approval_threshold.' })
  name!: string;
  @Field(() => String)
  value!: string;
}

@ObjectType({ description: 'Voting power per choice, in GCU. Amounts are null until voting ends (a running total would show each vote\'s power); voters is live.' })
export class ProposalTallies {
  @Field(() => String, { nullable: true })
  for!: string | null;
  @Field(() => String, { nullable: true })
  against!: string | null;
  @Field(() => String, { nullable: true })
  abstain!: string | null;
  @Field(() => String, { nullable: true })
  total_votes_cast!: string | null;
  @Field(() => Int, { description: 'Teams that voted.' })
  voters!: number;
}

@ObjectType()
export class ProposalQuorum {
  @Field(() => String)
  required_fraction!: string;
  @Field(() => String, { nullable: true, description: 'GCU supply at the snapshot; null until taken.' })
  eligible_supply!: string | null;
  @Field(() => String)
  required_votes!: string;
  @Field(() => Boolean, { nullable: true, description: 'Null until voting ends.' })
  reached!: boolean | null;
}

@ObjectType({ description: 'A governance proposal (docs/gcu.md documents every field).' })
export class Proposal {
  @Field(() => ID)
  id!: string;
  @Field(() => String)
  basket_code!: string;
  @Field(() => String, { description: 'composition or parameter.' })
  kind!: string;
  @Field(() => String)
  title!: string;
  @Field(() => String)
  description!: string;
  @Field(() => String, { nullable: true })
  period!: string | null;
  @Field(() => [WeightEntry], { nullable: true })
  proposed_composition!: WeightEntry[] | null;
  @Field(() => [WeightEntry], { nullable: true })
  current_composition!: WeightEntry[] | null;
  @Field(() => GovernanceParameterChange, { nullable: true })
  parameter!: GovernanceParameterChange | null;
  @Field(() => String, { description: 'upcoming, active or past.' })
  status!: string;
  @Field(() => Boolean)
  is_voting_active!: boolean;
  @Field(() => String)
  voting_starts_at!: string;
  @Field(() => String)
  voting_ends_at!: string;
  @Field(() => String, { description: 'The balances voting power is read from: as of voting_starts_at.' })
  snapshot_at!: string;
  @Field(() => Boolean)
  snapshot_taken!: boolean;
  @Field(() => Boolean, { description: 'Whether tallies, rates and quorum.reached are shown: from voting_ends_at on.' })
  tallies_published!: boolean;
  @Field(() => ProposalTallies)
  tallies!: ProposalTallies;
  @Field(() => ProposalQuorum)
  quorum!: ProposalQuorum;
  @Field(() => String)
  approval_threshold!: string;
  @Field(() => Float, { nullable: true, description: 'Percent; null until voting ends.' })
  participation_rate!: number | null;
  @Field(() => Float, { nullable: true, description: 'Percent; null until voting ends.' })
  approval_rate!: number | null;
  @Field(() => String, { description: 'pending, passed, rejected or no_quorum: frozen once closed, the final tally\'s verdict once voting ended.' })
  outcome!: string;
  @Field(() => String, { nullable: true, description: 'What the final tally says between the end of voting and closing; null otherwise.' })
  provisional_outcome!: string | null;
  @Field(() => Boolean, { nullable: true, description: 'Whether for exceeds the approval threshold; null until voting ends.' })
  approved_so_far!: boolean | null;
  @Field(() => String, { nullable: true })
  closed_at!: string | null;
  @Field(() => String, { nullable: true })
  applied_at!: string | null;
  @Field(() => String)
  created_by!: string;
  @Field(() => String)
  created_at!: string;
}

@ObjectType()
export class VoteResult {
  @Field(() => ID)
  proposal_id!: string;
  @Field(() => String)
  vote!: string;
  @Field(() => String, { description: 'GCU held by the team at the snapshot.' })
  voting_power!: string;
  @Field(() => String)
  snapshot_at!: string;
  @Field(() => String, { nullable: true, description: 'The earlier choice this vote replaced.' })
  replaced!: string | null;
  @Field(() => String)
  voted_at!: string;
  @Field(() => ProposalTallies)
  tallies!: ProposalTallies;
}

@ObjectType()
export class MyVote {
  @Field(() => ID)
  proposal_id!: string;
  @Field(() => String)
  proposal_title!: string;
  @Field(() => String)
  proposal_status!: string;
  @Field(() => String)
  vote!: string;
  @Field(() => String)
  voting_power!: string;
  @Field(() => String)
  voted_at!: string;
  @Field(() => String)
  voted_by!: string;
  @Field(() => Int)
  changes!: number;
  @Field(() => String, { description: 'As the proposal shows it: pending until voting ends.' })
  outcome!: string;
}

@Resolver()
export class GovernanceResolver {
  @Query(() => [Proposal], { description: 'GCU proposals, newest voting window first; status: active, upcoming or past.' })
  async gcuProposals(@Arg('status', () => String, { nullable: true }) status: string | undefined, @Ctx() ctx: GraphqlContext): Promise<Proposal[]> {
    return (await ctx.run(ops.ListProposals, { status: status ?? undefined })).map(proposalOf);
  }

  @Query(() => Proposal, { nullable: true, description: 'One proposal; null for unknown ids.' })
  async gcuProposal(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphqlContext): Promise<Proposal | null> {
    const view = await orNull(ctx.run(ops.GetProposal, { id }));
    return view ? proposalOf(view) : null;
  }

  @Query(() => [MyVote], { description: "The caller's team's votes, newest first." })
  myGcuVotes(@Ctx() ctx: GraphqlContext): Promise<MyVote[]> {
    return ctx.run(ops.MyVotes, {});
  }

  @Mutation(() => VoteResult, { description: "Votes for, against or abstain with the team's GCU at the snapshot; voting again replaces the choice." })
  castGcuVote(@Arg('proposal_id', () => ID) proposalId: string, @Arg('vote', () => String) vote: CastVoteInput['vote'], @Ctx() ctx: GraphqlContext): Promise<VoteResult> {
    return ctx.run(ops.CastVote, { id: proposalId, vote });
  }
}

function entries(map: Record<string, string> | null): WeightEntry[] | null {
  return map ? Object.entries(map).map(([asset_code, weight]) => ({ asset_code, weight })) : null;
}

export function proposalOf(view: ProposalView): Proposal {
  return { ...view, proposed_composition: entries(view.proposed_composition), current_composition: entries(view.current_composition) };
}

import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { z } from 'zod';
import { graphqlInputType, graphqlObjectType, type GraphqlContext } from '../../../kit/graphql.js';
import {
  CheckTravelRule,
  GetTravelRuleCheck,
  GetTravelRuleSubmission,
  SubmitTravelRuleTransfer,
  TravelRuleCheckInput,
  TravelRuleCheckView,
  TravelRuleSubmissionInput,
  TravelRuleSubmissionView,
} from '../operations.js';

/**
 * Travel-rule checks and submissions (compliance domain), the same
 * operations as POST /regtech/travel-rule/check and …/transfers and their
 * GETs. Types derive from the zod schemas, except the stored IVMS 101
 * message: a free-form document GraphQL's closed types cannot carry, so it
 * is its JSON text here (`ivms101_json`), the same content as REST's object.
 */
const submissionGraphqlView = TravelRuleSubmissionView.omit({ ivms101: true }).extend({
  ivms101_json: z.string().describe('The IVMS 101.2023 message as stored, as JSON text (REST: the object ivms101)'),
});
type SubmissionGraphqlView = z.infer<typeof submissionGraphqlView>;

const TravelRuleCheckType = graphqlObjectType('TravelRuleCheck', TravelRuleCheckView);
const TravelRuleSubmissionType = graphqlObjectType('TravelRuleSubmission', submissionGraphqlView);
const TravelRuleCheckInputType = graphqlInputType('TravelRuleCheckInput', TravelRuleCheckInput);
const TravelRuleSubmissionInputType = graphqlInputType('TravelRuleSubmissionInput', TravelRuleSubmissionInput);

const asGraphql = ({ ivms101, ...submission }: TravelRuleSubmissionView): SubmissionGraphqlView => ({ ...submission, ivms101_json: JSON.stringify(ivms101) });

@Resolver()
export class TravelRuleResolver {
  @Mutation(() => TravelRuleCheckType, { description: 'Checks a transfer’s originator and beneficiary against the travel rule of a jurisdiction, screening both (POST /regtech/travel-rule/check).' })
  checkTravelRule(@Arg('input', () => TravelRuleCheckInputType) input: TravelRuleCheckInput, @Ctx() ctx: GraphqlContext): Promise<TravelRuleCheckView> {
    return ctx.run(CheckTravelRule, { ...input });
  }

  @Query(() => TravelRuleCheckType, { description: 'A travel-rule check of the team; another team’s is not_found.' })
  travelRuleCheck(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphqlContext): Promise<TravelRuleCheckView> {
    return ctx.run(GetTravelRuleCheck, { id });
  }

  @Mutation(() => TravelRuleSubmissionType, { description: 'Builds the IVMS 101 message of a core-banking transfer of the team, checks it and stores it (POST /regtech/travel-rule/transfers).' })
  async submitTravelRuleTransfer(@Arg('input', () => TravelRuleSubmissionInputType) input: TravelRuleSubmissionInput, @Ctx() ctx: GraphqlContext): Promise<SubmissionGraphqlView> {
    return asGraphql(await ctx.run(SubmitTravelRuleTransfer, { ...input }));
  }

  @Query(() => TravelRuleSubmissionType, { description: 'A travel-rule submission of the team; another team’s is not_found.' })
  async travelRuleSubmission(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphqlContext): Promise<SubmissionGraphqlView> {
    return asGraphql(await ctx.run(GetTravelRuleSubmission, { id }));
  }
}

import { Arg, Ctx, Field, Float, ID, InputType, Int, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import { DateTimeScalar, type GraphqlContext, type GraphqlContribution } from '../../../kit/graphql.js';
import { GetScreening, ScreenParty, type ScreeningPartyInput, type ScreeningView } from '../operations.js';

/** The compliance domain: sanctions screening, through the same operations as POST /regtech/sanctions/screen and GET …/screenings/{id}. */
@ObjectType('ScreenedParty', { description: 'The party as screened: name trimmed, country in capitals.' })
export class ScreenedPartyType {
  @Field(() => String)
  name!: string;
  @Field(() => String, { nullable: true })
  date_of_birth?: string;
  @Field(() => String, { nullable: true })
  country?: string;
  @Field(() => String, { nullable: true, description: 'individual or entity' })
  type?: string;
}

@ObjectType('SanctionsMatch', { description: 'A list entry the party matched.' })
export class SanctionsMatchType {
  @Field(() => String, { description: 'ofac_sdn, eu_fsf or un_sc' })
  source!: string;
  @Field(() => String)
  entry_id!: string;
  @Field(() => String)
  entry_name!: string;
  @Field(() => String)
  name_matched!: string;
  @Field(() => Float, { description: '0 to 1, at least the threshold' })
  score!: number;
  @Field(() => [String])
  reasons!: string[];
}

@ObjectType('ScreeningListVersion', { description: 'A list as it stood for the screening.' })
export class ScreeningListVersionType {
  @Field(() => String)
  source!: string;
  @Field(() => String)
  version!: string;
  @Field(() => String, { nullable: true })
  published_at!: string | null;
  @Field(() => DateTimeScalar)
  loaded_at!: string;
  @Field(() => Int)
  entries!: number;
}

@ObjectType('SanctionsScreening', { description: 'A screening of the team, as recorded (docs/regtech.md).' })
export class SanctionsScreeningType {
  @Field(() => ID)
  screening_id!: string;
  @Field(() => DateTimeScalar)
  screened_at!: string;
  @Field(() => ScreenedPartyType)
  party!: ScreeningView['party'];
  @Field(() => String, { nullable: true })
  purpose!: string | null;
  @Field(() => Boolean, { description: 'True when no entry matched' })
  cleared!: boolean;
  @Field(() => [SanctionsMatchType])
  matches!: ScreeningView['matches'];
  @Field(() => [ScreeningListVersionType])
  list_versions!: ScreeningView['list_versions'];
  @Field(() => Float)
  threshold!: number;
}

@InputType('ScreenPartyInput')
export class ScreenPartyInputType implements ScreeningPartyInput {
  @Field(() => String)
  name!: string;
  @Field(() => String, { nullable: true, description: 'YYYY-MM-DD, YYYY-MM or YYYY' })
  date_of_birth?: string;
  @Field(() => String, { nullable: true, description: 'ISO 3166 alpha-2' })
  country?: string;
  @Field(() => String, { nullable: true, description: 'individual or entity' })
  type?: 'individual' | 'entity';
  @Field(() => String, { nullable: true })
  purpose?: string;
}

@Resolver()
export class ComplianceResolver {
  @Query(() => SanctionsScreeningType, { description: "A sanctions screening of the team; another team's is not_found." })
  sanctionsScreening(@Ctx() ctx: GraphqlContext, @Arg('id', () => ID) id: string): Promise<ScreeningView> {
    return ctx.run(GetScreening, { id });
  }

  @Mutation(() => SanctionsScreeningType, { description: 'Screens a party against the loaded sanctions lists and records the screening.' })
  screenParty(@Ctx() ctx: GraphqlContext, @Arg('input', () => ScreenPartyInputType) input: ScreenPartyInputType): Promise<ScreeningView> {
    return ctx.run(ScreenParty, { ...input });
  }
}

export const complianceGraphql: GraphqlContribution = { domain: 'compliance', resolvers: [ComplianceResolver] };

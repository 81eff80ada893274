import { Ctx, Field, Int, ObjectType, Query, Resolver } from 'type-graphql';
import { DateTimeScalar, graphqlObjectType, type GraphqlContext, type GraphqlContribution } from '../../../kit/graphql.js';
import { GetRegtechStatus, RegtechStatusView } from '../operations.js';

/** The regtech domain (queries only, as the spec says): the team's compliance status, through the same operation as GET /regtech/status. */
@ObjectType('ComplianceIssue', { description: 'An issue open now, with its count.' })
export class ComplianceIssueType {
  @Field(() => String)
  code!: string;
  @Field(() => Int)
  count!: number;
  @Field(() => String)
  description!: string;
}

@ObjectType('ScreeningCounts')
export class ScreeningCountsType {
  @Field(() => Int)
  total!: number;
  @Field(() => Int)
  with_matches!: number;
}

@ObjectType('RiskLevelCounts')
export class RiskLevelCountsType {
  @Field(() => Int)
  low!: number;
  @Field(() => Int)
  medium!: number;
  @Field(() => Int)
  high!: number;
  @Field(() => Int)
  critical!: number;
}

@ObjectType('TravelRuleCounts')
export class TravelRuleCountsType {
  @Field(() => Int)
  total!: number;
  @Field(() => Int)
  compliant!: number;
  @Field(() => Int)
  non_compliant!: number;
  @Field(() => RiskLevelCountsType)
  by_risk_level!: RegtechStatusView['travel_rule_checks']['by_risk_level'];
}

@ObjectType('ReportCounts')
export class ReportCountsType {
  @Field(() => Int)
  submitted!: number;
  @Field(() => Int)
  accepted!: number;
  @Field(() => Int)
  rejected!: number;
}

@ObjectType('MonitoringCounts')
export class MonitoringCountsType {
  @Field(() => Int)
  flagged!: number;
  @Field(() => Int)
  clear!: number;
  @Field(() => Int)
  pending_review!: number;
  @Field(() => Int)
  cleared!: number;
  @Field(() => Int)
  rejected!: number;
}

@ObjectType('MicaCheckCounts')
export class MicaCheckCountsType {
  @Field(() => Int)
  total!: number;
  @Field(() => Int)
  compliant!: number;
  @Field(() => Int)
  non_compliant!: number;
}

@ObjectType('SanctionsListState', { description: 'A loaded sanctions list and its age.' })
export class SanctionsListStateType {
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
  @Field(() => Int)
  age_seconds!: number;
  @Field(() => Boolean)
  stale!: boolean;
}

/** Derived from the status view's element, so it cannot drift from REST. */
const StablecoinReserveFiguresType = graphqlObjectType('RegtechStablecoinReserve', RegtechStatusView.shape.stablecoin_reserves.element);

@ObjectType('RegtechStatus', { description: "The team's compliance status, computed from stored state." })
export class RegtechStatusType {
  @Field(() => String, { description: 'compliant or attention_required' })
  status!: 'compliant' | 'attention_required';
  @Field(() => DateTimeScalar)
  computed_at!: string;
  @Field(() => [ComplianceIssueType])
  open_issues!: RegtechStatusView['open_issues'];
  @Field(() => ScreeningCountsType)
  screenings!: RegtechStatusView['screenings'];
  @Field(() => TravelRuleCountsType)
  travel_rule_checks!: RegtechStatusView['travel_rule_checks'];
  @Field(() => ReportCountsType)
  reports!: RegtechStatusView['reports'];
  @Field(() => MonitoringCountsType)
  monitoring!: RegtechStatusView['monitoring'];
  @Field(() => MicaCheckCountsType)
  mica_checks!: RegtechStatusView['mica_checks'];
  @Field(() => [StablecoinReserveFiguresType], { description: 'The team’s e-money tokens and their reserve; empty without the stablecoin module.' })
  stablecoin_reserves!: RegtechStatusView['stablecoin_reserves'];
  @Field(() => [SanctionsListStateType])
  sanctions_lists!: RegtechStatusView['sanctions_lists'];
}

@Resolver()
export class RegtechResolver {
  @Query(() => RegtechStatusType, { description: "The team's compliance status." })
  regtechStatus(@Ctx() ctx: GraphqlContext): Promise<RegtechStatusView> {
    return ctx.run(GetRegtechStatus, {});
  }
}

export const regtechDomainGraphql: GraphqlContribution = { domain: 'regtech', resolvers: [RegtechResolver] };

import { Arg, Ctx, Field, ID, Int, ObjectType, Query, Resolver } from 'type-graphql';
import { DateTimeScalar, type GraphqlContext, type GraphqlContribution } from '../../../kit/graphql.js';
import { GetTransactionFlags, type MonitoredTransactionView } from '../operations.js';

/** The fraud domain: what transaction monitoring found, through the same operation as GET /regtech/monitoring/transactions/{id}. */
@ObjectType('FlaggedTransaction', { description: 'A transaction monitoring flagged: its flags, risk score and review status.' })
export class FlaggedTransactionType {
  @Field(() => ID)
  review_id!: string;
  @Field(() => String)
  transaction_id!: string;
  @Field(() => [String], { description: 'large_amount, structuring, velocity, sanctioned_counterparty, high_risk_jurisdiction, sanctioned_address' })
  compliance_flags!: MonitoredTransactionView['compliance_flags'];
  @Field(() => Int, { description: '0 to 100' })
  risk_score!: number;
  @Field(() => String, { description: 'clear, pending_review, cleared or rejected' })
  status!: string;
  @Field(() => [String])
  details!: string[];
  @Field(() => DateTimeScalar)
  flagged_at!: string;
  @Field(() => DateTimeScalar, { nullable: true })
  reviewed_at!: string | null;
  @Field(() => String, { nullable: true })
  review_note!: string | null;
}

@Resolver()
export class FraudResolver {
  @Query(() => FlaggedTransactionType, { description: "What monitoring found about a transaction of the team; not_found when nothing (or another team's)." })
  flaggedTransaction(@Ctx() ctx: GraphqlContext, @Arg('transaction_id', () => String) transactionId: string): Promise<MonitoredTransactionView> {
    return ctx.run(GetTransactionFlags, { transaction_id: transactionId });
  }
}

export const fraudGraphql: GraphqlContribution = { domain: 'fraud', resolvers: [FraudResolver] };

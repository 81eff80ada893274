import { Arg, Ctx, Field, Float, ID, InputType, Int, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import { DateTimeScalar, pageArgs, PaginatorInfo, paginatorInfo, type GraphqlContext, type GraphqlContribution } from '../../../kit/graphql.js';
import { AskQuery, AskTransactions, ListQueries, type InterpretedQueryView, type NlTransactionsResult, type NlTransactionView, type QueryAnswer } from '../operations.js';

/** The `ai` GraphQL domain: the same operations as POST /v1/ai/transactions, POST /v2/ai/query and GET /v2/ai/queries. */

@ObjectType('AiDateRange')
class AiDateRangeType {
  @Field(() => DateTimeScalar, { nullable: true }) from!: string | null;
  @Field(() => DateTimeScalar, { nullable: true }) to!: string | null;
}

@ObjectType('AiSort')
class AiSortType {
  @Field(() => String) field!: string;
  @Field(() => String) direction!: string;
}

@ObjectType('AiAggregate')
class AiAggregateType {
  @Field(() => String, { description: 'sum, count or average.' }) function!: string;
  @Field(() => [String]) group_by!: string[];
}

@ObjectType('AiInterpretedQuery', { description: 'What the interpreter understood (docs/ai.md).' })
class AiInterpretedQueryType {
  @Field(() => [String]) type!: string[];
  @Field(() => [String]) status!: string[];
  @Field(() => String, { nullable: true }) direction!: string | null;
  @Field(() => String, { nullable: true }) amount_min!: string | null;
  @Field(() => Boolean) amount_min_inclusive!: boolean;
  @Field(() => String, { nullable: true }) amount_max!: string | null;
  @Field(() => Boolean) amount_max_inclusive!: boolean;
  @Field(() => String, { nullable: true }) currency!: string | null;
  @Field(() => AiDateRangeType) date_range!: AiDateRangeType;
  @Field(() => Boolean, { nullable: true }) has_compliance_flags!: boolean | null;
  @Field(() => [String]) counterparties!: string[];
  @Field(() => [String]) chains!: string[];
  @Field(() => [String]) bridges!: string[];
  @Field(() => AiSortType, { nullable: true }) sort!: AiSortType | null;
  @Field(() => Int, { nullable: true }) limit!: number | null;
  @Field(() => AiAggregateType, { nullable: true }) aggregate!: AiAggregateType | null;
}

@ObjectType('AiTransaction')
class AiTransactionType {
  @Field(() => ID) uuid!: string;
  @Field(() => ID, { nullable: true }) account_uuid!: string | null;
  @Field(() => String) type!: string;
  @Field(() => String) amount!: string;
  @Field(() => String) currency!: string;
  @Field(() => String, { nullable: true }) chain!: string | null;
  @Field(() => String) status!: string;
  @Field(() => String) direction!: string;
  @Field(() => String, { nullable: true }) counterparty!: string | null;
  @Field(() => String, { nullable: true }) received_amount!: string | null;
  @Field(() => String, { nullable: true }) received_currency!: string | null;
  @Field(() => String, { nullable: true }) source_chain!: string | null;
  @Field(() => String, { nullable: true }) destination_chain!: string | null;
  @Field(() => String, { nullable: true }) bridge_protocol!: string | null;
  @Field(() => Float, { nullable: true }) risk_score!: number | null;
  @Field(() => [String]) compliance_flags!: string[];
  @Field(() => DateTimeScalar) created_at!: string;
}

@ObjectType('AiAnalytics')
class AiAnalyticsType {
  @Field(() => String) currency!: string;
  @Field(() => String) total_volume!: string;
  @Field(() => String) avg_amount!: string;
  @Field(() => String) median_amount!: string;
  @Field(() => Int) flagged_count!: number;
  @Field(() => Float, { nullable: true }) avg_risk_score!: number | null;
  @Field(() => [String]) chains_involved!: string[];
  @Field(() => [String]) bridges_used!: string[];
}

@ObjectType('AiTransactionsResult')
class AiTransactionsResultType {
  @Field(() => ID) query_id!: string;
  @Field(() => String) original_query!: string;
  @Field(() => AiInterpretedQueryType) interpreted_query!: InterpretedQueryView;
  @Field(() => Float) interpretation_confidence!: number;
  @Field(() => [String]) not_understood!: string[];
  @Field(() => Int) total_results!: number;
  @Field(() => [AiTransactionType]) transactions!: NlTransactionView[];
  @Field(() => AiAnalyticsType, { nullable: true }) analytics!: AiAnalyticsType | null;
  @Field(() => Boolean) truncated!: boolean;
  @Field(() => [String]) limitations!: string[];
  @Field(() => Boolean) cached!: boolean;
}

@ObjectType('AiGroupRow')
class AiGroupRowType {
  @Field(() => [String], { description: 'The group’s values, in the order of group_by.' }) group!: string[];
  @Field(() => String) value!: string;
  @Field(() => Int) count!: number;
  @Field(() => String, { nullable: true }) currency!: string | null;
}

@ObjectType('AiAnswer')
class AiAnswerType {
  @Field(() => ID) query_id!: string;
  @Field(() => String) original_query!: string;
  @Field(() => String, { description: 'The result in one sentence.' }) answer!: string;
  @Field(() => AiInterpretedQueryType) interpreted_query!: InterpretedQueryView;
  @Field(() => Float) interpretation_confidence!: number;
  @Field(() => [String]) not_understood!: string[];
  @Field(() => String, { description: 'list, number or table.' }) kind!: string;
  @Field(() => Int) total_results!: number;
  @Field(() => [AiTransactionType], { nullable: true }) transactions!: NlTransactionView[] | null;
  @Field(() => String, { nullable: true }) value!: string | null;
  @Field(() => String, { nullable: true }) currency!: string | null;
  @Field(() => [String], { nullable: true }) group_by!: string[] | null;
  @Field(() => [AiGroupRowType], { nullable: true }) rows!: AiGroupRowType[] | null;
  @Field(() => [String]) limitations!: string[];
  @Field(() => Boolean) cached!: boolean;
}

@ObjectType('AiPastQuery')
class AiPastQueryType {
  @Field(() => ID) query_id!: string;
  @Field(() => String) kind!: string;
  @Field(() => String) original_query!: string;
  @Field(() => ID, { nullable: true }) account_id!: string | null;
  @Field(() => String, { nullable: true, description: 'The one-line answer (v2 questions).' }) answer!: string | null;
  @Field(() => DateTimeScalar) created_at!: string;
}

@ObjectType('AiPastQueryPage')
class AiPastQueryPage {
  @Field(() => [AiPastQueryType]) data!: AiPastQueryType[];
  @Field(() => PaginatorInfo) paginatorInfo!: PaginatorInfo;
}

@InputType('AiTransactionsOptionsInput')
class AiTransactionsOptionsInput {
  @Field(() => Boolean, { nullable: true }) include_analytics?: boolean;
  @Field(() => Boolean, { nullable: true }) include_risk_scores?: boolean;
  @Field(() => Int, { nullable: true }) max_results?: number;
  @Field(() => String, { nullable: true, description: 'detailed or summary.' }) format?: string;
  @Field(() => String, { nullable: true }) currency?: string;
}

const defined = <T extends object>(value: T): Partial<T> => Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined && v !== null)) as Partial<T>;

function answerType(answer: QueryAnswer): AiAnswerType {
  const { result } = answer;
  return {
    query_id: answer.query_id,
    original_query: answer.original_query,
    answer: answer.answer,
    interpreted_query: answer.interpretation.interpreted_query,
    interpretation_confidence: answer.interpretation.interpretation_confidence,
    not_understood: answer.interpretation.not_understood,
    kind: result.kind,
    total_results: result.total_results,
    transactions: result.transactions ?? null,
    value: result.value ?? null,
    currency: result.currency ?? null,
    group_by: result.group_by ?? null,
    rows: result.rows?.map((row) => ({ group: (result.group_by ?? []).map((by) => row.group[by] ?? ''), value: row.value, count: row.count, currency: row.currency })) ?? null,
    limitations: answer.limitations,
    cached: answer.cached,
  };
}

@Resolver()
export class AiResolver {
  @Mutation(() => AiTransactionsResultType, { description: 'Searches the team’s transactions with a question in plain English (POST /v1/ai/transactions). Kept in the query log.' })
  aiTransactions(
    @Ctx() ctx: GraphqlContext,
    @Arg('query', () => String) query: string,
    @Arg('account_id', () => ID, { nullable: true }) accountId?: string,
    @Arg('options', () => AiTransactionsOptionsInput, { nullable: true }) options?: AiTransactionsOptionsInput,
  ): Promise<NlTransactionsResult> {
    return ctx.run(AskTransactions, { query, ...(accountId ? { account_id: accountId } : {}), ...(options ? { options: defined({ ...options }) } : {}) } as never);
  }

  @Mutation(() => AiAnswerType, { description: 'Asks a question about the team’s transactions (POST /v2/ai/query). Kept in the query log.' })
  async aiQuery(@Ctx() ctx: GraphqlContext, @Arg('query', () => String) query: string, @Arg('account_id', () => ID, { nullable: true }) accountId?: string): Promise<AiAnswerType> {
    return answerType(await ctx.run(AskQuery, { query, context: accountId ? { account_id: accountId } : {} }));
  }

  @Query(() => AiPastQueryPage, { description: 'The team’s past questions, newest first (GET /v2/ai/queries).' })
  async aiQueries(@Ctx() ctx: GraphqlContext, @Arg('first', () => Int, { nullable: true }) first?: number, @Arg('page', () => Int, { nullable: true }) page?: number): Promise<AiPastQueryPage> {
    const result = await ctx.run(ListQueries, pageArgs(first, page));
    return {
      data: result.items.map((item) => ({
        query_id: item.query_id,
        kind: item.kind,
        original_query: item.original_query,
        account_id: item.account_id,
        answer: typeof item.result['answer'] === 'string' ? item.result['answer'] : null,
        created_at: item.created_at,
      })),
      paginatorInfo: paginatorInfo(result),
    };
  }
}

export const aiGraphql: readonly GraphqlContribution[] = [{ domain: 'ai', resolvers: [AiResolver] }];

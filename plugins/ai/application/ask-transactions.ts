import { inject, injectable } from 'inversify';
import { formatMinor, type Operation, type RequestContext } from '../../../kernel/public.js';
import { average, averageScore, median, total } from '../domain/analytics.js';
import { chainsOf } from '../domain/matching.js';
import type { NlTransactionsInput, NlTransactionsResult } from '../operations.js';
import { QueryEngine, transactionView } from './query-engine.js';
import { QueryLog } from './query-log.js';

/**
 * POST /v1/ai/transactions: the spec's natural-language transaction result.
 * The list holds up to max_results matches in the interpretation's order
 * (newest first by default; its own limit when it names one); the analytics
 * cover every match, in one currency.
 */
@injectable()
export class AskTransactionsOperation implements Operation<NlTransactionsInput, NlTransactionsResult> {
  constructor(
    @inject(QueryEngine) private readonly engine: QueryEngine,
    @inject(QueryLog) private readonly log: QueryLog,
  ) {}

  async execute(input: NlTransactionsInput, ctx: RequestContext): Promise<NlTransactionsResult> {
    const teamId = ctx.actor.teamId;
    const { options } = input;
    const ask = { accountId: input.account_id, accountPointer: '/account_id', includeRisk: options.include_risk_scores, currency: options.currency, currencyPointer: '/options/currency' };
    const cacheKey = `v1.transactions ${this.engine.key(input.query, ask)} ${JSON.stringify([options.include_analytics, options.max_results, options.format])}`;
    const id = this.log.newId();
    const hit = await this.log.cached(teamId, cacheKey);
    if (hit) {
      const answer = { ...(hit.answer as unknown as NlTransactionsResult), query_id: id, original_query: input.query, cached: true };
      await this.log.record({ id, teamId, kind: 'v1.transactions', query: input.query, accountId: input.account_id ?? null, cacheKey, interpretation: hit.interpretation, answer: hit.answer }, answer.interpretation_confidence, true);
      return answer;
    }

    const { reading, matched, truncated, limitations, converter } = await this.engine.evaluate(teamId, input.query, ask);
    const q = reading.interpreted_query;
    const shown = matched.slice(0, Math.min(q.limit ?? options.max_results, options.max_results));
    const values = matched.map((one) => one.value);
    const target = converter.target;
    const answer: NlTransactionsResult = {
      query_id: id,
      original_query: input.query,
      interpreted_query: q,
      interpretation_confidence: reading.interpretation_confidence,
      not_understood: reading.not_understood,
      corrections: reading.corrections,
      total_results: matched.length,
      transactions: options.format === 'summary' ? [] : shown.map((one) => transactionView(one, options.include_risk_scores)),
      ...(options.include_analytics
        ? { analytics: {
            currency: target.code,
            total_volume: formatMinor(total(values), target.precision),
            avg_amount: formatMinor(average(values), target.precision),
            median_amount: formatMinor(median(values), target.precision),
            flagged_count: matched.filter((one) => one.complianceFlags.length > 0).length,
            avg_risk_score: averageScore(matched.map((one) => one.riskScore)),
            chains_involved: [...new Set(matched.flatMap(chainsOf))].sort(),
            bridges_used: [...new Set(matched.flatMap((one) => (one.bridgeProtocol === null ? [] : [one.bridgeProtocol])))].sort(),
            prices_at: converter.pricesAt?.toISOString() ?? null,
          } }
        : {}),
      truncated,
      limitations,
      cached: false,
    };
    const interpretation = { ...q } as Record<string, unknown>;
    await this.log.record({ id, teamId, kind: 'v1.transactions', query: input.query, accountId: input.account_id ?? null, cacheKey, interpretation, answer: answer as unknown as Record<string, unknown> }, reading.interpretation_confidence, false);
    return answer;
  }
}

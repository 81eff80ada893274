import { inject, injectable } from 'inversify';
import { formatMinor, type Asset, type Operation, type RequestContext } from '../../../kernel/public.js';
import { average, total } from '../domain/analytics.js';
import { answerInWords, type ResultSummary } from '../domain/answer.js';
import type { Interpretation } from '../interpreter/interpretation.js';
import type { QueryAnswer, QueryInput } from '../operations.js';
import { QueryEngine, spoken, transactionView, type Valued } from './query-engine.js';
import { QueryLog } from './query-log.js';

const LIST_LIMIT = 100;

type Row = { group: Record<string, string>; value: string; count: number; currency: string | null; label: string };

function groupValue(one: Valued, by: string): string {
  switch (by) {
    case 'asset': return one.assetCode;
    case 'month': return one.createdAt.toISOString().slice(0, 7);
    case 'type': return one.type;
    case 'chain': return one.chain ?? 'off-chain';
    default: return one.status;
  }
}

/**
 * POST /v2/ai/query: the interpretation, the result (a list, a number or a
 * table grouped as the question asks) and the answer in one sentence. Sums
 * and averages are in the answer's currency; grouped by asset, each group
 * stays in its own asset (nothing converted).
 */
@injectable()
export class AskQueryOperation implements Operation<QueryInput, QueryAnswer> {
  constructor(
    @inject(QueryEngine) private readonly engine: QueryEngine,
    @inject(QueryLog) private readonly log: QueryLog,
  ) {}

  async execute(input: QueryInput, ctx: RequestContext): Promise<QueryAnswer> {
    const teamId = ctx.actor.teamId;
    const accountId = input.context.account_id;
    const ask = { accountId, accountPointer: '/context/account_id', includeRisk: true, currency: undefined, currencyPointer: '/query' };
    const cacheKey = `v2.query ${this.engine.key(input.query, ask)}`;
    const id = this.log.newId();
    const hit = await this.log.cached(teamId, cacheKey);
    if (hit) {
      const answer = { ...(hit.answer as unknown as QueryAnswer), query_id: id, original_query: input.query, cached: true };
      await this.log.record({ id, teamId, kind: 'v2.query', query: input.query, accountId: accountId ?? null, cacheKey, interpretation: hit.interpretation, answer: hit.answer }, answer.interpretation.interpretation_confidence, true);
      return answer;
    }

    const { reading, matched, truncated, limitations, converter } = await this.engine.evaluate(teamId, input.query, ask);
    const q = reading.interpreted_query;
    const target = converter.target;
    let result: QueryAnswer['result'];
    let summary: ResultSummary;
    if (q.aggregate === null) {
      const shown = matched.slice(0, Math.min(q.limit ?? LIST_LIMIT, LIST_LIMIT));
      result = { kind: 'list', transactions: shown.map((one) => transactionView(one)), total_results: matched.length };
      summary = { kind: 'list', total: matched.length, shown: shown.length };
    } else if (q.aggregate.group_by.length === 0) {
      const fn = q.aggregate.function;
      const values = matched.map((one) => one.value);
      const figure = fn === 'count' ? String(matched.length) : formatMinor(fn === 'sum' ? total(values) : average(values), target.precision);
      const words = fn === 'count' ? figure : spoken(fn === 'sum' ? total(values) : average(values), target);
      result = { kind: 'number', value: figure, currency: fn === 'count' ? null : target.code, total_results: matched.length };
      summary = { kind: 'number', fn, value: words, currency: fn === 'count' ? null : target.code, count: matched.length };
    } else {
      const rows = table(matched, q, target);
      result = { kind: 'table', group_by: q.aggregate.group_by, rows: rows.map(({ label: _label, ...row }) => row), total_results: matched.length };
      summary = { kind: 'table', rows: rows.map((row) => ({ label: row.label, value: `${row.value}${row.currency && !row.group.asset ? ` ${row.currency}` : ''}` })) };
    }
    const answer: QueryAnswer = {
      query_id: id,
      original_query: input.query,
      interpretation: { interpreted_query: q, interpretation_confidence: reading.interpretation_confidence, not_understood: reading.not_understood, corrections: reading.corrections },
      result,
      answer: answerInWords(q, summary),
      truncated,
      limitations,
      cached: false,
    };
    const interpretation = { ...q } as Record<string, unknown>;
    await this.log.record({ id, teamId, kind: 'v2.query', query: input.query, accountId: accountId ?? null, cacheKey, interpretation, answer: answer as unknown as Record<string, unknown> }, reading.interpretation_confidence, false);
    return answer;
  }
}

/** One row per group, in group order; a group by asset keeps its own asset's amounts, the others are in `target`. */
function table(matched: readonly Valued[], q: Interpretation, target: Asset): Row[] {
  const by = q.aggregate!.group_by;
  const fn = q.aggregate!.function;
  const groups = new Map<string, Valued[]>();
  for (const one of matched) {
    const key = JSON.stringify(by.map((b) => groupValue(one, b)));
    groups.set(key, [...(groups.get(key) ?? []), one]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, members]) => {
      const labels = JSON.parse(key) as string[];
      const group = Object.fromEntries(by.map((b, i) => [b, labels[i]!]));
      const own = by.includes('asset');
      const precision = own ? members[0]!.precision : undefined;
      const values = members.map((one) => (own ? one.amount : one.value));
      const figure = fn === 'count' ? BigInt(members.length) : fn === 'sum' ? total(values) : average(values);
      const value = fn === 'count' ? String(members.length) : formatMinor(figure, precision ?? target.precision);
      const currency = fn === 'count' ? null : own ? members[0]!.assetCode : target.code;
      return { group, value, count: members.length, currency, label: labels.join(' ') };
    });
}

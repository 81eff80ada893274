import { inject, injectable } from 'inversify';
import { listPage, pageRequest, UnitOfWork, type Operation, type Page, type RequestContext } from '../../../kernel/public.js';
import type { QueryRecord } from '../domain/query-record.js';
import type { ListQueriesInput, PastQueryView } from '../operations.js';
import { QueryLogRepository } from '../ports.js';

/** GET /v2/ai/queries: the team's past questions, newest first, each with its interpretation and the answer it got. */
@injectable()
export class ListQueriesOperation implements Operation<ListQueriesInput, Page<PastQueryView>> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(QueryLogRepository) private readonly repository: QueryLogRepository,
  ) {}

  async execute(input: ListQueriesInput, ctx: RequestContext): Promise<Page<PastQueryView>> {
    const page = pageRequest(input.page, input.per_page);
    const view = (record: QueryRecord): PastQueryView => ({
      query_id: record.id,
      kind: record.kind,
      original_query: record.query,
      account_id: record.accountId,
      interpretation: record.interpretation,
      result: record.answer,
      created_at: record.createdAt.toISOString(),
    });
    return listPage(this.uow, page, view, (tx) => this.repository.list(tx, ctx.actor.teamId, page));
  }
}

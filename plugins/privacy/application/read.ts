import { inject, injectable } from 'inversify';
import { ConflictError, FileAnswer, listPage, NotFoundError, pageRequest, UnitOfWork, type Operation, type Page, type RequestContext } from '../../../kernel/public.js';
import type { PrivacyRequestRecord } from '../domain.js';
import type { IdInput, PageInput, PrivacyRequestView } from '../operations.js';
import { PrivacyRequestRepository } from '../ports.js';
import { privacyRequestView, readerTeam } from './views.js';

/** GET /privacy/requests/{id}, privacyRequest: one of the team's requests (404 for another team's). */
@injectable()
export class GetPrivacyRequestOperation implements Operation<IdInput, PrivacyRequestView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(PrivacyRequestRepository) private readonly requests: PrivacyRequestRepository,
  ) {}

  async execute(input: IdInput, ctx: RequestContext): Promise<PrivacyRequestView> {
    const request = await this.uow.run((tx) => this.requests.find(tx, readerTeam(ctx.actor), input.id));
    if (!request) throw new NotFoundError('Privacy request', input.id, { parameter: 'id' });
    return privacyRequestView(request);
  }
}

/** GET /privacy/requests, privacyRequests: the team's requests, newest first (every team's for the operator). */
@injectable()
export class ListPrivacyRequestsOperation implements Operation<PageInput, Page<PrivacyRequestView>> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(PrivacyRequestRepository) private readonly requests: PrivacyRequestRepository,
  ) {}

  execute(input: PageInput, ctx: RequestContext): Promise<Page<PrivacyRequestView>> {
    return listPage(this.uow, pageRequest(input.page, input.per_page), (request: PrivacyRequestRecord) => privacyRequestView(request), (tx, page) => this.requests.list(tx, readerTeam(ctx.actor), page));
  }
}

/** GET /privacy/requests/{id}/export: an export request's JSON document as a file. */
@injectable()
export class GetPrivacyExportOperation implements Operation<IdInput, FileAnswer> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(PrivacyRequestRepository) private readonly requests: PrivacyRequestRepository,
  ) {}

  async execute(input: IdInput, ctx: RequestContext): Promise<FileAnswer> {
    const request = await this.uow.run((tx) => this.requests.find(tx, readerTeam(ctx.actor), input.id));
    if (!request) throw new NotFoundError('Privacy request', input.id, { parameter: 'id' });
    if (request.type !== 'export') throw new ConflictError('Only an export request has a document.', 'not_an_export');
    if (request.document === null) throw new ConflictError('The user was erased since: the export document was deleted.', 'export_erased');
    return new FileAnswer(`privacy-export-${request.id}.json`, 'application/json', new TextEncoder().encode(request.document));
  }
}

import { inject, injectable, multiInject, optional } from 'inversify';
import { Clock, ForbiddenError, Ids, NotFoundError, PersonalData, UnitOfWork, UserDirectory, type Operation, type RequestContext, type Tx } from '../../../kernel/public.js';
import type { PrivacyRequestRecord } from '../domain.js';
import { PrivacyRequestCompleted } from '../events.js';
import type { CreatePrivacyRequestInput, PrivacyRequestView } from '../operations.js';
import { PrivacyRequestRepository } from '../ports.js';
import { privacyRequestView } from './views.js';

/**
 * POST /privacy/requests, createPrivacyRequest: records the request, asks
 * every module that contributes PersonalData, and completes it, all in one
 * unit of work (so a request is never left half-erased). Erasure
 * pseudonymises; it never touches the ledger, so balances and movements stay.
 * No open obligation is checked: accounts belong to the team, not to a user,
 * so a user's erasure never strands money (docs/privacy.md).
 */
@injectable()
export class CreatePrivacyRequestOperation implements Operation<CreatePrivacyRequestInput, PrivacyRequestView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(PrivacyRequestRepository) private readonly requests: PrivacyRequestRepository,
    @inject(UserDirectory) private readonly users: UserDirectory,
    @inject(Clock) private readonly clock: Clock,
    @inject(Ids) private readonly ids: Ids,
    @multiInject(PersonalData) @optional() private readonly sources: readonly PersonalData[] = [],
  ) {}

  async execute(input: CreatePrivacyRequestInput, ctx: RequestContext): Promise<PrivacyRequestView> {
    const { actor } = ctx;
    if (input.team_id !== undefined && input.team_id !== actor.teamId && actor.kind !== 'operator') {
      throw new ForbiddenError('Only an operator key may file a request for another team.', 'operator_only');
    }
    const teamId = input.team_id ?? actor.teamId;
    return this.uow.run(async (tx) => {
      // 404 for an unknown user and for another team's: the same answer, so ids leak nothing.
      if (!(await this.users.findById(tx, teamId, input.user_id))) throw new NotFoundError('User', input.user_id, { pointer: '/user_id' });
      const now = this.clock.now();
      const received: PrivacyRequestRecord = {
        id: this.ids.uuid(),
        teamId,
        userId: input.user_id,
        type: input.type,
        status: 'received',
        requestedByTeamId: actor.teamId,
        requestedByUserId: actor.userId,
        modules: [],
        document: null,
        createdAt: now,
        completedAt: null,
      };
      await this.requests.insert(tx, received);
      const { modules, document } = input.type === 'export' ? await this.export(tx, received) : await this.erase(tx, received);
      const done = await this.requests.complete(tx, received.id, modules, document, now);
      const view = privacyRequestView(done!);
      await tx.append([{ type: PrivacyRequestCompleted.name, teamId, aggregateType: 'privacy_request', aggregateId: received.id, payload: view }]);
      return view;
    });
  }

  private async export(tx: Tx, request: PrivacyRequestRecord) {
    const sections: Record<string, unknown> = {};
    for (const source of this.sources) {
      const section = await source.export(tx, request.teamId, request.userId);
      if (section !== null) sections[source.module] = section;
    }
    const modules = Object.keys(sections).sort();
    const document = JSON.stringify({ request_id: request.id, team_id: request.teamId, user_id: request.userId, exported_at: request.createdAt.toISOString(), modules: sections }, null, 2);
    return { modules, document };
  }

  private async erase(tx: Tx, request: PrivacyRequestRecord) {
    const alias = `erased-${request.id}`;
    const modules: string[] = [];
    for (const source of this.sources) if ((await source.pseudonymise(tx, request.teamId, request.userId, alias)) > 0) modules.push(source.module);
    // Earlier exports hold the user's data: an erasure leaves no copy behind.
    if ((await this.requests.dropDocuments(tx, request.teamId, request.userId)) > 0) modules.push('privacy');
    return { modules: modules.sort(), document: null };
  }
}

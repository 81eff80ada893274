import { inject, injectable } from 'inversify';
import { Clock, ConflictError, Ids, UnitOfWork, ValidationError, type Operation, type RequestContext } from '../../../kernel/public.js';
import { IdentityConfig } from '../config.js';
import { requireOperator } from '../domain/permissions.js';
import { checkEmail, defaultTeamName } from '../domain/user.js';
import type { CreateUserInput, CreateUserOutput } from '../operations.js';
import { TeamRepository, UserRepository, type TeamRecord, type UserRecord } from '../ports.js';
import { KeyIssuer } from './key-issuer.js';
import { issuedKeyView, userView } from './views.js';

/** Operator only: a new tenant team, its first user and that user's first key, in one unit of work. */
@injectable()
export class CreateUserOperation implements Operation<CreateUserInput, CreateUserOutput> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(TeamRepository) private readonly teams: TeamRepository,
    @inject(UserRepository) private readonly users: UserRepository,
    @inject(KeyIssuer) private readonly issuer: KeyIssuer,
    @inject(Ids) private readonly ids: Ids,
    @inject(Clock) private readonly clock: Clock,
    @inject(IdentityConfig) private readonly config: IdentityConfig,
  ) {}

  async execute(input: CreateUserInput, ctx: RequestContext): Promise<CreateUserOutput> {
    requireOperator(ctx.actor);
    const name = input.name.trim();
    if (name === '') throw ValidationError.field('/name', 'name must not be empty');
    const email = checkEmail(input.email);
    return this.uow.run(async (tx) => {
      if (await this.users.findByEmail(tx, email)) {
        throw new ConflictError(`A user with email '${email}' already exists.`, 'email_taken');
      }
      const now = this.clock.now();
      const team: TeamRecord = {
        id: this.ids.uuid(),
        name: input.team_name?.trim() || defaultTeamName(name),
        kind: 'user',
        createdAt: now,
      };
      await this.teams.insert(tx, team);
      const user: UserRecord = { id: this.ids.uuid(), teamId: team.id, name, email, createdAt: now };
      await this.users.insert(tx, user);
      const issued = await this.issuer.issue(tx, {
        team,
        userId: user.id,
        name: 'default',
        permissions: this.config.default_permissions,
      });
      return { user: userView(user), api_key: issuedKeyView(issued.record, issued.key) };
    });
  }
}

import { inject, injectable } from 'inversify';
import { Clock, ConflictError, Ids, type ProvisionedTeam, type ProvisionTeamRequest, type TeamProvisioning, type Tx } from '../../../kernel/public.js';
import { checkEmail } from '../domain/user.js';
import { PERMISSIONS } from '../domain/permissions.js';
import { TeamRepository, UserRepository, type TeamRecord } from '../ports.js';
import { KeyHasher } from './key-hasher.js';
import { KeyIssuer } from './key-issuer.js';

/**
 * TeamProvisioning for other modules: the same team, user and key rows as
 * POST /admin/users, written in the caller's transaction. The admin key gets
 * every permission: it is the organisation's own first key.
 */
@injectable()
export class TeamProvisioner implements TeamProvisioning {
  constructor(
    @inject(TeamRepository) private readonly teams: TeamRepository,
    @inject(UserRepository) private readonly users: UserRepository,
    @inject(KeyIssuer) private readonly issuer: KeyIssuer,
    @inject(KeyHasher) private readonly hasher: KeyHasher,
    @inject(Ids) private readonly ids: Ids,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async provision(tx: Tx, request: ProvisionTeamRequest): Promise<ProvisionedTeam> {
    const now = this.clock.now();
    const team: TeamRecord = { id: this.ids.uuid(), name: request.teamName, kind: 'user', createdAt: now };
    const admin = request.admin;
    const email = admin ? checkEmail(admin.email) : undefined;
    if (email !== undefined && (await this.users.findByEmail(tx, email))) {
      throw new ConflictError(`A user with email '${email}' already exists.`, 'email_taken');
    }
    await this.teams.insert(tx, team);
    if (!admin || email === undefined) return { teamId: team.id };
    const userId = this.ids.uuid();
    await this.users.insert(tx, { id: userId, teamId: team.id, name: admin.name, email, createdAt: now });
    const issued = await this.issuer.issue(tx, { team, userId, name: 'admin', permissions: PERMISSIONS });
    return { teamId: team.id, admin: { userId, apiKeyId: issued.record.id, apiKey: issued.key } };
  }

  hashSecret(secret: string): string {
    return this.hasher.hash(secret);
  }
}

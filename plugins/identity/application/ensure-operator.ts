import { inject, injectable } from 'inversify';
import { Clock, Ids, UnitOfWork, ValidationError, type OperatorBootstrap, type OperatorKeys, type Tx } from '../../../kernel/public.js';
import { isWellFormedApiKey } from '../domain/api-key.js';
import { PERMISSIONS } from '../domain/permissions.js';
import { OPERATOR_EMAIL, OPERATOR_TEAM_NAME, OPERATOR_USER_NAME } from '../domain/user.js';
import { ApiKeyRepository, TeamRepository, UserRepository, type TeamRecord } from '../ports.js';
import { KeyHasher } from './key-hasher.js';
import { KeyIssuer } from './key-issuer.js';

/**
 * First start: creates the operator team, user and key. Later starts with a
 * preset key (BANK_ADMIN_KEY) that is not stored yet add it as one more
 * operator key, so rotating BANK_ADMIN_KEY is: set the new value, restart,
 * revoke the old key with the new one. A preset the operator revoked stays
 * revoked.
 */
@injectable()
export class OperatorKeyBootstrap implements OperatorKeys {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(TeamRepository) private readonly teams: TeamRepository,
    @inject(UserRepository) private readonly users: UserRepository,
    @inject(ApiKeyRepository) private readonly keys: ApiKeyRepository,
    @inject(KeyIssuer) private readonly issuer: KeyIssuer,
    @inject(KeyHasher) private readonly hasher: KeyHasher,
    @inject(Ids) private readonly ids: Ids,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async ensureOperator(presetKey?: string): Promise<OperatorBootstrap> {
    if (presetKey !== undefined && !isWellFormedApiKey(presetKey)) {
      throw ValidationError.field(
        '/adminKey',
        'BANK_ADMIN_KEY must start with fak_ and be 32 to 260 characters of letters, digits, _ or -',
        'invalid_admin_key',
      );
    }
    try {
      return await this.uow.run((tx) => this.ensure(tx, presetKey));
    } catch (error) {
      // Two processes starting on one empty database: the loser's insert hits
      // the one-operator-team index; the operator exists now, so try once more.
      const exists = await this.uow.run((tx) => this.teams.findOperatorTeam(tx));
      if (!exists) throw error;
      return this.uow.run((tx) => this.ensure(tx, presetKey));
    }
  }

  private async ensure(tx: Tx, presetKey: string | undefined): Promise<OperatorBootstrap> {
    const team = await this.teams.findOperatorTeam(tx);
    if (!team) return this.create(tx, presetKey);
    if (presetKey !== undefined) await this.addPreset(tx, team, presetKey);
    return { created: false, teamId: team.id };
  }

  private async create(tx: Tx, presetKey: string | undefined): Promise<OperatorBootstrap> {
    const now = this.clock.now();
    const team: TeamRecord = { id: this.ids.uuid(), name: OPERATOR_TEAM_NAME, kind: 'operator', createdAt: now };
    await this.teams.insert(tx, team);
    const userId = this.ids.uuid();
    await this.users.insert(tx, { id: userId, teamId: team.id, name: OPERATOR_USER_NAME, email: OPERATOR_EMAIL, createdAt: now });
    const issued = await this.issuer.issue(tx, {
      team,
      userId,
      name: presetKey === undefined ? 'operator' : 'operator (BANK_ADMIN_KEY)',
      permissions: PERMISSIONS,
      presetKey,
    });
    return { created: true, key: issued.key, teamId: team.id };
  }

  private async addPreset(tx: Tx, team: TeamRecord, presetKey: string): Promise<void> {
    const [known] = await this.keys.findByHashes(tx, [this.hasher.hash(presetKey)]);
    if (known) {
      if (known.teamId !== team.id) throw new Error('BANK_ADMIN_KEY is the key of a non-operator team; choose another value.');
      return;
    }
    const operator = await this.users.findByEmail(tx, OPERATOR_EMAIL);
    if (!operator || operator.teamId !== team.id) throw new Error('The operator user is missing from the operator team.');
    await this.issuer.issue(tx, {
      team,
      userId: operator.id,
      name: 'operator (BANK_ADMIN_KEY)',
      permissions: PERMISSIONS,
      presetKey,
    });
  }
}

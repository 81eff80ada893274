import { inject, injectable, optional } from 'inversify';
import { BusinessRuleError, Clock, Ids, TeamQuotas, UnitOfWork, ValidationError, type Operation, type RequestContext } from '../../../kernel/public.js';
import { CoreBankingConfig } from '../config.js';
import type { AccountView, CreateAccountInput } from '../operations.js';
import { AccountRepository, type AccountRecord } from '../ports.js';
import { optionalObject } from './inputs.js';
import { accountEvent, accountView } from './views.js';

/** POST /accounts: opens an active account in the caller's team. */
@injectable()
export class CreateAccountOperation implements Operation<CreateAccountInput, AccountView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(AccountRepository) private readonly accounts: AccountRepository,
    @inject(CoreBankingConfig) private readonly config: CoreBankingConfig,
    @inject(Clock) private readonly clock: Clock,
    @inject(Ids) private readonly ids: Ids,
    // A partner's tenant plan caps its accounts; read in the opening unit of work, so the count and the insert agree.
    @inject(TeamQuotas) @optional() private readonly quotas: TeamQuotas | undefined,
  ) {}

  async execute(input: CreateAccountInput, ctx: RequestContext): Promise<AccountView> {
    const name = typeof input.name === 'string' ? input.name.trim() : '';
    if (name.length === 0 || name.length > 255) throw ValidationError.field('/name', 'name must be a non-empty string of at most 255 characters');
    if (!this.config.account_types.includes(input.type)) {
      throw ValidationError.field('/type', `type must be one of ${this.config.account_types.join(', ')}`, 'invalid_account_type');
    }
    const now = this.clock.now();
    const account: AccountRecord = {
      id: this.ids.uuid(),
      teamId: ctx.actor.teamId,
      name,
      type: input.type,
      status: 'active',
      metadata: optionalObject(input.metadata, '/metadata'),
      createdAt: now,
      updatedAt: now,
    };
    await this.uow.run(async (tx) => {
      const max = await this.quotas?.maxAccounts(tx, account.teamId);
      if (max !== undefined && (await this.accounts.list(tx, account.teamId, { page: 1, perPage: 1 })).total >= max) {
        throw new BusinessRuleError('account_limit_reached', `This team's plan allows ${max} accounts.`);
      }
      await this.accounts.insert(tx, account);
      await tx.append([accountEvent('account.created', account, null)]);
    });
    return accountView(account);
  }
}

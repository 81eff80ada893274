import { inject, injectable } from 'inversify';
import { BusinessRuleError, Clock, Ledger, NotFoundError, UnitOfWork, UserDirectory, type Operation, type RequestContext, type Tx } from '../../../kernel/public.js';
import type { NoInput, WalletInput, WalletView } from '../operations.js';
import { WalletRepository, type WalletRecord } from '../ports.js';
import { currentUser } from './current-user.js';

export function walletView(wallet: WalletRecord): WalletView {
  return { user_id: wallet.userId, account_id: wallet.accountId, updated_at: wallet.updatedAt.toISOString() };
}

/** An account must be active to become a wallet (422 account_not_active; 404 when not the team's). */
export async function requireActiveAccount(ledger: Ledger, tx: Tx, teamId: string, accountId: string, pointer: string): Promise<void> {
  const account = await ledger.account(tx, teamId, accountId);
  if (account.status !== 'active') {
    throw new BusinessRuleError('account_not_active', `Account ${accountId} is ${account.status}.`, { pointer });
  }
}

/** PUT /mobile/wallet: the account the caller pays from and receives p2p transfers into. */
@injectable()
export class SetWalletOperation implements Operation<WalletInput, WalletView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(UserDirectory) private readonly directory: UserDirectory,
    @inject(WalletRepository) private readonly wallets: WalletRepository,
    @inject(Ledger) private readonly ledger: Ledger,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  execute(input: WalletInput, ctx: RequestContext): Promise<WalletView> {
    return this.uow.run(async (tx) => {
      const user = await currentUser(this.directory, tx, ctx);
      await requireActiveAccount(this.ledger, tx, user.teamId, input.account_id, '/account_id');
      const wallet: WalletRecord = { teamId: user.teamId, userId: user.id, accountId: input.account_id, updatedAt: this.clock.now() };
      await this.wallets.put(tx, wallet);
      return walletView(wallet);
    });
  }
}

/** GET /mobile/wallet: 404 until one is set. */
@injectable()
export class GetWalletOperation implements Operation<NoInput, WalletView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(WalletRepository) private readonly wallets: WalletRepository,
  ) {}

  execute(_input: NoInput, ctx: RequestContext): Promise<WalletView> {
    return this.uow.readOnly(async (tx) => {
      const wallet = await this.wallets.find(tx, ctx.actor.teamId, ctx.actor.userId);
      if (!wallet) throw new NotFoundError('wallet', ctx.actor.userId);
      return walletView(wallet);
    });
  }
}

import { inject, injectable } from 'inversify';
import { Clock, LedgerJournal, UnitOfWork, type Operation, type RequestContext } from '../../../kernel/public.js';
import type { TrialBalanceView } from '../operations.js';
import { trialBalanceView } from './views.js';

/**
 * GET /ledger/trial-balance, ledgerTrialBalance: the caller's team's trial
 * balance, read in one transaction so every holding is summed at one point
 * of the ledger's history.
 */
@injectable()
export class GetTrialBalanceOperation implements Operation<Record<string, never>, TrialBalanceView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(LedgerJournal) private readonly journal: LedgerJournal,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(_input: Record<string, never>, ctx: RequestContext): Promise<TrialBalanceView> {
    const asOf = this.clock.now();
    const sections = await this.uow.run((tx) => this.journal.trialBalance(tx, ctx.actor.teamId));
    return trialBalanceView(sections, asOf);
  }
}

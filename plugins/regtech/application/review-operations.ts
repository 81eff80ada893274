import { inject, injectable, optional } from 'inversify';
import { Clock, ConflictError, HeldSettlements, NotFoundError, UnitOfWork, type ComplianceFlags, type ComplianceFlagsEntry, type Operation, type RequestContext, type Tx } from '../../../kernel/public.js';
import { ReviewDecided } from '../events.js';
import type { MonitoredTransactionsView, MonitoredTransactionView, ReviewDecisionInput, TransactionFlagsParams } from '../monitoring-schemas.js';
import { MonitoringRepository } from '../ports.js';
import { monitoredTransactionView } from './monitoring-views.js';

/** GET /api/v2/regtech/monitoring/transactions/{transaction_id}: what monitoring found about a transaction of the team (404 when nothing). */
@injectable()
export class GetTransactionFlagsOperation implements Operation<TransactionFlagsParams, MonitoredTransactionView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(MonitoringRepository) private readonly monitoring: MonitoringRepository,
  ) {}

  async execute(input: TransactionFlagsParams, ctx: RequestContext): Promise<MonitoredTransactionView> {
    const record = await this.uow.readOnly((tx) => this.monitoring.find(tx, ctx.actor.teamId, input.transaction_id));
    if (!record) throw new NotFoundError('flagged transaction', input.transaction_id);
    return monitoredTransactionView(record);
  }
}

/** GET /api/v2/admin/regtech/reviews (operator): every team's transactions waiting in pending_review, oldest first. */
@injectable()
export class ListPendingReviewsOperation implements Operation<Record<string, never>, MonitoredTransactionsView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(MonitoringRepository) private readonly monitoring: MonitoringRepository,
  ) {}

  async execute(): Promise<MonitoredTransactionsView> {
    const pending = await this.uow.readOnly((tx) => this.monitoring.pending(tx, 500));
    return { reviews: pending.map((record) => ({ ...monitoredTransactionView(record), team_id: record.teamId })) };
  }
}

/**
 * Clears or rejects a case in pending_review; any other status is a 409.
 * A transfer core banking holds for the case is carried out in the same
 * unit of work (HeldSettlements): cleared settles it, rejected fails it and
 * releases its hold, so the decision and the money commit together.
 */
abstract class DecideReview implements Operation<ReviewDecisionInput, MonitoredTransactionView> {
  protected abstract readonly decision: 'cleared' | 'rejected';

  constructor(
    private readonly uow: UnitOfWork,
    private readonly monitoring: MonitoringRepository,
    private readonly clock: Clock,
    private readonly held: HeldSettlements | undefined,
  ) {}

  async execute(input: ReviewDecisionInput): Promise<MonitoredTransactionView> {
    return this.uow.run(async (tx: Tx) => {
      const record = await this.monitoring.findById(tx, input.id);
      if (!record) throw new NotFoundError('review', input.id);
      if (record.reviewStatus !== 'pending_review') throw new ConflictError(`Review ${input.id} is ${record.reviewStatus}, not pending_review.`, 'review_not_pending');
      const decided = { ...record, reviewStatus: this.decision, reviewedAt: this.clock.now(), reviewNote: input.note };
      await this.monitoring.put(tx, decided);
      const view = monitoredTransactionView(decided);
      await tx.append([{ type: ReviewDecided.name, teamId: record.teamId, aggregateType: 'monitored_transaction', aggregateId: record.id, payload: view }]);
      await this.held?.decide(tx, record.teamId, record.transactionId, this.decision, input.note);
      return view;
    });
  }
}

/** POST /api/v2/admin/regtech/reviews/{id}/clear (operator). */
@injectable()
export class ClearReviewOperation extends DecideReview {
  protected readonly decision = 'cleared' as const;
  constructor(
    @inject(UnitOfWork) uow: UnitOfWork,
    @inject(MonitoringRepository) monitoring: MonitoringRepository,
    @inject(Clock) clock: Clock,
    @inject(HeldSettlements) @optional() held: HeldSettlements | undefined,
  ) {
    super(uow, monitoring, clock, held);
  }
}

/** POST /api/v2/admin/regtech/reviews/{id}/reject (operator). */
@injectable()
export class RejectReviewOperation extends DecideReview {
  protected readonly decision = 'rejected' as const;
  constructor(
    @inject(UnitOfWork) uow: UnitOfWork,
    @inject(MonitoringRepository) monitoring: MonitoringRepository,
    @inject(Clock) clock: Clock,
    @inject(HeldSettlements) @optional() held: HeldSettlements | undefined,
  ) {
    super(uow, monitoring, clock, held);
  }
}

/** The ComplianceFlags port: other modules read flags, scores and review status of a team's transactions. */
@injectable()
export class ComplianceFlagsReader implements ComplianceFlags {
  constructor(@inject(MonitoringRepository) private readonly monitoring: MonitoringRepository) {}

  async flagsFor(tx: Tx, teamId: string, transactionIds: readonly string[]): Promise<ComplianceFlagsEntry[]> {
    return (await this.monitoring.many(tx, teamId, transactionIds)).map((record) => ({
      transactionId: record.transactionId,
      flags: [...record.flags],
      riskScore: record.riskScore,
      reviewStatus: record.reviewStatus,
    }));
  }
}

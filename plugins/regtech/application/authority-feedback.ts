import { inject, injectable } from 'inversify';
import { Clock, UnitOfWork } from '../../../kernel/public.js';
import { MifirReportDecided } from '../events.js';
import { CompetentAuthority, MifirReportRepository } from '../ports.js';
import { mifirReportView } from './mifir-views.js';

const BATCH = 50;

/**
 * Moves submitted MiFIR reports on when the authority's feedback is due
 * (scheduled task `regtech.authority-feedback`): each due report, earliest
 * first, takes the authority's decision and becomes accepted or rejected
 * with its reasons, with `regtech.report.decided`, in one unit of work per
 * batch. The reports and the authority's inbox are in the store, so a
 * restart between submission and feedback changes nothing.
 */
@injectable()
export class AuthorityFeedback {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(MifirReportRepository) private readonly reports: MifirReportRepository,
    @inject(CompetentAuthority) private readonly authority: CompetentAuthority,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  /** One pass: decides what is due now; returns how many reports it decided. */
  async runDue(): Promise<number> {
    let total = 0;
    for (;;) {
      const decided = await this.uow.run(async (tx) => {
        let count = 0;
        for (const report of await this.reports.dueForFeedback(tx, this.clock.now(), BATCH)) {
          const feedback = await this.authority.feedback(tx, report.teamId, report.authorityReference);
          if (!feedback) continue;
          const status = feedback.outcome;
          await this.reports.decide(tx, report.teamId, report.id, status, feedback.reasons, feedback.decidedAt);
          const view = mifirReportView({ ...report, status, reasons: feedback.reasons, decidedAt: feedback.decidedAt });
          await tx.append([{ type: MifirReportDecided.name, teamId: report.teamId, aggregateType: 'mifir_report', aggregateId: report.id, payload: view }]);
          count += 1;
        }
        return count;
      });
      total += decided;
      if (decided < BATCH) return total;
    }
  }
}

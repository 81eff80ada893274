import { inject, injectable, optional } from 'inversify';
import { BankingRecords, Clock, ConflictError, Ids, NotFoundError, UnitOfWork, ValidationError, type Operation, type RequestContext } from '../../../kernel/public.js';
import { memberState } from '../domain/mifir/competent-authorities.js';
import { ComplianceReportGenerated } from '../events.js';
import type { MifirReportIdParams, MifirReportInput, MifirReportView } from '../mifir-schemas.js';
import { CompetentAuthority, MifirReportRepository, type MifirReportRecord } from '../ports.js';
import { MifirReportBuilder } from './mifir-report-builder.js';
import { mifirReportView, standingReport } from './mifir-views.js';

/**
 * POST /api/v2/regtech/mifid/reports: builds, validates and submits a MiFIR
 * transaction report (or the cancellation of the standing one) for a
 * transaction of the caller's team, read through the BankingRecords port.
 * The report starts `submitted`; the authority's feedback moves it on
 * (AuthorityFeedback, on the scheduler). `compliance.report.generated`
 * commits with it.
 */
@injectable()
export class SubmitMifirReportOperation implements Operation<MifirReportInput, MifirReportView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(MifirReportRepository) private readonly reports: MifirReportRepository,
    @inject(CompetentAuthority) private readonly authority: CompetentAuthority,
    @inject(MifirReportBuilder) private readonly builder: MifirReportBuilder,
    @inject(Clock) private readonly clock: Clock,
    @inject(Ids) private readonly ids: Ids,
    @inject(BankingRecords) @optional() private readonly records: BankingRecords | undefined,
  ) {}

  async execute(input: MifirReportInput, ctx: RequestContext): Promise<MifirReportView> {
    const teamId = ctx.actor.teamId;
    const jurisdiction = memberState(input.jurisdiction);
    if (!jurisdiction) throw ValidationError.field('/jurisdiction', `'${input.jurisdiction}' is not an EU/EEA member state with a competent authority`, 'unknown_jurisdiction');
    return this.uow.run(async (tx) => {
      const transaction = await this.records?.transaction(tx, teamId, input.transaction_id);
      if (!transaction) throw new NotFoundError('transaction', input.transaction_id, { pointer: '/transaction_id' });
      const standing = standingReport(await this.reports.forTransaction(tx, teamId, transaction.id));
      let fields;
      if (input.report_type === 'transaction') {
        if (standing) throw new ConflictError(`Transaction ${transaction.id} is already reported (report ${standing.id}, ${standing.status}); cancel it first.`, 'already_reported');
        fields = this.builder.build(transaction, input);
      } else {
        if (!standing) throw new ConflictError(`Transaction ${transaction.id} has no standing report to cancel.`, 'nothing_to_cancel');
        if (standing.jurisdiction !== jurisdiction) throw ValidationError.field('/jurisdiction', `the report to cancel went to ${standing.jurisdiction}`, 'jurisdiction_mismatch');
        fields = { ...standing.fields, report_status: 'CANC' as const };
      }
      const id = this.ids.uuid();
      const received = await this.authority.receive(tx, { teamId, reportId: id, jurisdiction, fields });
      const report: MifirReportRecord = {
        id,
        teamId,
        transactionId: transaction.id,
        reportType: input.report_type,
        jurisdiction,
        fields,
        status: 'submitted',
        authorityReference: received.reference,
        feedbackDueAt: received.feedbackDueAt,
        decidedAt: null,
        reasons: [],
        cancelsReportId: input.report_type === 'cancellation' ? standing!.id : null,
        submittedAt: this.clock.now(),
      };
      await this.reports.insert(tx, report);
      const view = mifirReportView(report);
      await tx.append([{ type: ComplianceReportGenerated.name, teamId, aggregateType: 'mifir_report', aggregateId: id, payload: view }]);
      return view;
    });
  }
}

/** GET /api/v2/regtech/mifid/reports/{id}: a report of the caller's team, as it stands. */
@injectable()
export class GetMifirReportOperation implements Operation<MifirReportIdParams, MifirReportView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(MifirReportRepository) private readonly reports: MifirReportRepository,
  ) {}

  async execute(input: MifirReportIdParams, ctx: RequestContext): Promise<MifirReportView> {
    const report = await this.uow.readOnly((tx) => this.reports.find(tx, ctx.actor.teamId, input.id));
    if (!report) throw new NotFoundError('report', input.id);
    return mifirReportView(report);
  }
}

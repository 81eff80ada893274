import { inject, injectable } from 'inversify';
import { Clock, Ids, type Tx } from '../../../../kernel/public.js';
import { RegtechConfig } from '../../config.js';
import { decide, type AuthorityOutcome, type AuthorityReason } from '../../domain/mifir/authority-model.js';
import type { Rts22Fields } from '../../domain/mifir/rts22.js';
import { AuthorityInboxRepository, type CompetentAuthority } from '../../ports.js';

/**
 * A simulated national competent authority (docs/regtech.md#the-simulated-competent-authority):
 * it keeps what it receives in its own table, and decides a submission once
 * `authority_feedback_minutes` of clock time have passed since receipt, by
 * the model in domain/mifir/authority-model.ts, against the submissions of
 * the same reference it decided before. Everything is in the store, so a
 * restart between receipt and decision changes nothing.
 */
@injectable()
export class SimulatedCompetentAuthority implements CompetentAuthority {
  constructor(
    @inject(AuthorityInboxRepository) private readonly inbox: AuthorityInboxRepository,
    @inject(RegtechConfig) private readonly config: RegtechConfig,
    @inject(Clock) private readonly clock: Clock,
    @inject(Ids) private readonly ids: Ids,
  ) {}

  async receive(tx: Tx, submission: { teamId: string; reportId: string; jurisdiction: string; fields: Rts22Fields }): Promise<{ reference: string; feedbackDueAt: Date }> {
    const now = this.clock.now();
    const reference = `${submission.jurisdiction}-${this.ids.uuid()}`;
    const dueAt = new Date(now.getTime() + this.config.authority_feedback_minutes * 60_000);
    await this.inbox.insert(tx, {
      reference,
      teamId: submission.teamId,
      jurisdiction: submission.jurisdiction,
      transactionReference: submission.fields.transaction_reference_number,
      reportStatus: submission.fields.report_status,
      tradingAt: new Date(submission.fields.trading_date_time.replace(/(\.\d{3})\d{3}Z$/, '$1Z')),
      receivedAt: now,
      dueAt,
      outcome: null,
      reasons: [],
      decidedAt: null,
    });
    return { reference, feedbackDueAt: dueAt };
  }

  async feedback(tx: Tx, teamId: string, reference: string): Promise<{ outcome: AuthorityOutcome; reasons: AuthorityReason[]; decidedAt: Date } | undefined> {
    const received = await this.inbox.find(tx, teamId, reference);
    if (!received) return undefined;
    if (received.outcome !== null && received.decidedAt !== null) return { outcome: received.outcome, reasons: [...received.reasons], decidedAt: received.decidedAt };
    const now = this.clock.now();
    if (received.dueAt.getTime() > now.getTime()) return undefined;
    const held = await this.inbox.decided(tx, teamId, received.jurisdiction, received.transactionReference);
    const decision = decide(received, held);
    await this.inbox.record(tx, teamId, reference, decision.outcome, decision.reasons, now);
    return { ...decision, decidedAt: now };
  }
}

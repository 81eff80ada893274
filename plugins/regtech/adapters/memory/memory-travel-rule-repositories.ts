import { injectable } from 'inversify';
import type { Tx } from '../../../../kernel/public.js';
import { putUndoable } from '../../../../kit/memory.js';
import type { TravelRuleCheckRecord, TravelRuleCheckRepository, TravelRuleSubmissionRecord, TravelRuleSubmissionRepository } from '../../ports.js';

/** Travel-rule checks in a Map by id; writes are undone if their unit of work rolls back. */
@injectable()
export class MemoryTravelRuleCheckRepository implements TravelRuleCheckRepository {
  readonly #checks = new Map<string, TravelRuleCheckRecord>();

  async insert(tx: Tx, check: TravelRuleCheckRecord): Promise<void> {
    putUndoable(tx, this.#checks, check.id, check);
  }

  async find(_tx: Tx, teamId: string, id: string): Promise<TravelRuleCheckRecord | undefined> {
    const check = this.#checks.get(id);
    return check?.teamId === teamId ? check : undefined;
  }

  async counts(_tx: Tx, teamId: string, now: Date) {
    const mine = [...this.#checks.values()].filter((c) => c.teamId === teamId);
    const byRiskLevel: Record<string, number> = { low: 0, medium: 0, high: 0, critical: 0 };
    for (const c of mine) byRiskLevel[c.view.risk_level] = (byRiskLevel[c.view.risk_level] ?? 0) + 1;
    return {
      total: mine.length,
      compliant: mine.filter((c) => c.view.is_compliant).length,
      byRiskLevel,
      openFailures: mine.filter((c) => !c.view.is_compliant && Date.parse(c.view.valid_until) > now.getTime()).length,
    };
  }
}

/** Submissions by id, and by team and transfer for the one-per-transfer rule. */
@injectable()
export class MemoryTravelRuleSubmissionRepository implements TravelRuleSubmissionRepository {
  readonly #byId = new Map<string, TravelRuleSubmissionRecord>();
  readonly #byTransfer = new Map<string, string>();

  async insert(tx: Tx, submission: TravelRuleSubmissionRecord): Promise<boolean> {
    const key = `${submission.teamId}/${submission.transferId}`;
    if (this.#byTransfer.has(key)) return false;
    putUndoable(tx, this.#byTransfer, key, submission.id);
    putUndoable(tx, this.#byId, submission.id, submission);
    return true;
  }

  async find(_tx: Tx, teamId: string, id: string): Promise<TravelRuleSubmissionRecord | undefined> {
    const submission = this.#byId.get(id);
    return submission?.teamId === teamId ? submission : undefined;
  }

  async findByTransfer(_tx: Tx, teamId: string, transferId: string): Promise<TravelRuleSubmissionRecord | undefined> {
    const id = this.#byTransfer.get(`${teamId}/${transferId}`);
    return id === undefined ? undefined : this.#byId.get(id);
  }
}

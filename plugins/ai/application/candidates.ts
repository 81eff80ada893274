import { inject, injectable, optional } from 'inversify';
import { ComplianceFlags, NotFoundError, TransactionHistory, type ComplianceFlagsEntry, type TransactionHistoryFilter, type Tx } from '../../../kernel/public.js';
import type { Candidate } from '../domain/matching.js';
import type { Interpretation } from '../interpreter/interpretation.js';
import { AiConfig } from '../config.js';

const CORE_TYPES = ['deposit', 'withdrawal', 'transfer'] as const;
// pending_review: the sender's side of a transfer core banking holds for a compliance review (TransactionHistory, kernel 2.3).
const CORE_STATUSES = ['pending', 'pending_review', 'completed', 'failed'] as const;

export interface CandidateRead {
  readonly candidates: Candidate[];
  readonly truncated: boolean;
  /** What the question asks that no enabled module can answer (said in the answer, never dropped silently). */
  readonly limitations: string[];
}

/**
 * Reads the team's transactions a question may be about, through core
 * banking's TransactionHistory port, narrowed by what the history can filter
 * (account, dates, core types and statuses, asset), with monitoring's risk
 * signals when regtech provides them (optional port).
 */
@injectable()
export class CandidateReader {
  constructor(
    @inject(TransactionHistory) private readonly history: TransactionHistory,
    @inject(AiConfig) private readonly config: AiConfig,
    // Optional: without regtech's transaction monitoring, scores are null and flag lists empty.
    @inject(ComplianceFlags) @optional() private readonly risk: ComplianceFlags | undefined,
  ) {}

  /** The team's account names (for counterparties), and a 404 for an account that is not the team's. */
  async accountNames(tx: Tx, teamId: string, accountId: string | undefined, pointer: string): Promise<string[]> {
    const accounts = await this.history.accounts(tx, teamId);
    if (accountId !== undefined && !accounts.some((account) => account.id === accountId)) {
      throw new NotFoundError('account', accountId, { pointer });
    }
    return accounts.map((account) => account.name);
  }

  async read(tx: Tx, teamId: string, accountId: string | undefined, q: Interpretation, includeRisk: boolean): Promise<CandidateRead> {
    const limitations: string[] = [];
    const types = q.type.filter((type): type is (typeof CORE_TYPES)[number] => (CORE_TYPES as readonly string[]).includes(type));
    for (const type of q.type.filter((one) => !types.includes(one as never))) limitations.push(`type ${type}: no enabled module reports ${type} transactions to the history yet`);
    const statuses = q.status.filter((status): status is (typeof CORE_STATUSES)[number] => (CORE_STATUSES as readonly string[]).includes(status));
    for (const status of q.status.filter((one) => !statuses.includes(one as never))) limitations.push(`status ${status}: no transaction of the history has it yet`);
    if (q.bridges.length > 0) limitations.push('bridges: no transaction of the history crossed a bridge yet (cross-chain transfers are not in it)');
    if (q.has_compliance_flags !== null && !this.risk) limitations.push('compliance flags: transaction monitoring is not enabled, so no transaction carries flags');
    const nothingCanMatch = (q.type.length > 0 && types.length === 0) || (q.status.length > 0 && statuses.length === 0);
    if (nothingCanMatch) return { candidates: [], truncated: false, limitations };

    const filter: TransactionHistoryFilter = {
      ...(accountId !== undefined ? { accountId } : {}),
      ...(q.date_range.from ? { from: new Date(q.date_range.from) } : {}),
      ...(q.date_range.to ? { before: new Date(q.date_range.to) } : {}),
      ...(types.length > 0 ? { types } : {}),
      ...(statuses.length > 0 ? { statuses } : {}),
      ...(q.currency ? { assetCodes: [q.currency] } : {}),
    };
    const { entries, truncated } = await this.history.search(tx, teamId, filter, this.config.max_scanned_transactions);
    // Monitoring scores transfers; a transfer it never flagged is absent, and its score stays null (not a claim of 0).
    const transferIds = entries.flatMap((entry) => (entry.transferId ? [entry.transferId] : []));
    const flagged = includeRisk && this.risk && transferIds.length > 0 ? await this.risk.flagsFor(tx, teamId, transferIds) : [];
    const signals = new Map<string, ComplianceFlagsEntry>(flagged.map((one) => [one.transactionId, one]));
    const candidates = entries.map((entry): Candidate => {
      const signal = entry.transferId ? signals.get(entry.transferId) : undefined;
      return {
        id: entry.id,
        accountId: entry.accountId,
        accountName: entry.accountName,
        type: entry.type,
        amount: entry.amount,
        precision: entry.precision,
        assetCode: entry.assetCode,
        chain: entry.chain,
        status: entry.status,
        direction: entry.direction,
        counterpartyName: entry.counterparty?.name ?? null,
        riskScore: signal?.riskScore ?? null,
        complianceFlags: [...(signal?.flags ?? [])],
        createdAt: entry.createdAt,
      };
    });
    return { candidates, truncated, limitations };
  }
}

import { inject, injectable, multiInject, optional } from 'inversify';
import {
  ActivityHistory,
  ComplianceFlags,
  NotFoundError,
  TransactionHistory,
  type ActivityHistoryEntry,
  type ActivityHistoryFilter,
  type ComplianceFlagsEntry,
  type TransactionHistoryEntry,
  type TransactionHistoryFilter,
  type Tx,
} from '../../../kernel/public.js';
import type { Candidate } from '../domain/matching.js';
import type { Interpretation } from '../interpreter/interpretation.js';
import { AiConfig } from '../config.js';

const CORE_TYPES = ['deposit', 'withdrawal', 'transfer'] as const;

export interface CandidateRead {
  readonly candidates: Candidate[];
  readonly truncated: boolean;
  /** What the question asks that no enabled module can answer (said in the answer, never dropped silently). */
  readonly limitations: string[];
}

/**
 * Reads the team's transactions a question may be about from every source:
 * core banking's TransactionHistory (deposits, withdrawals, transfers) and
 * each module's ActivityHistory (swaps, payments, cross-chain transfers;
 * multi-bound, so a module that is not enabled simply reports nothing),
 * narrowed by what the sources filter (account, dates, core types, asset),
 * merged oldest first up to max_scanned_transactions, with monitoring's
 * risk signals when regtech provides them (optional port). An activity that
 * is also a core-banking transfer (it names the transfer) is shown once, as
 * the activity: it says more (its kind, its counterparty).
 */
@injectable()
export class CandidateReader {
  constructor(
    @inject(TransactionHistory) private readonly history: TransactionHistory,
    @inject(AiConfig) private readonly config: AiConfig,
    // Optional: without regtech's transaction monitoring, scores are null, flag lists empty and nothing is under review.
    @inject(ComplianceFlags) @optional() private readonly risk: ComplianceFlags | undefined,
    // Every enabled module's history of swaps, payments and cross-chain transfers (none when no such module is enabled).
    @multiInject(ActivityHistory) @optional() private readonly activity: readonly ActivityHistory[] | undefined,
  ) {}

  /** The team's account names (for counterparties), and a 404 for an account that is not the team's. */
  async accountNames(tx: Tx, teamId: string, accountId: string | undefined, pointer: string): Promise<string[]> {
    const accounts = await this.history.accounts(tx, teamId);
    if (accountId !== undefined && !accounts.some((account) => account.id === accountId)) {
      throw new NotFoundError('account', accountId, { pointer });
    }
    return accounts.map((account) => account.name);
  }

  async read(tx: Tx, teamId: string, accountId: string | undefined, q: Interpretation): Promise<CandidateRead> {
    const limitations: string[] = [];
    const sources = this.activity ?? [];
    const reported = new Set<string>([...CORE_TYPES, ...sources.map((source) => source.kind)]);
    for (const type of q.type.filter((one) => !reported.has(one))) limitations.push(`type ${type}: no enabled module reports ${type} transactions to the history`);
    if (q.bridges.length > 0 && !reported.has('cross_chain_transfer')) limitations.push('bridges: no enabled module reports cross-chain transfers, so no transaction crossed a bridge');
    if (q.status.includes('pending_review') && !this.risk) limitations.push('status pending_review: transaction monitoring is not enabled, so no transaction is under review');
    if (q.has_compliance_flags !== null && !this.risk) limitations.push('compliance flags: transaction monitoring is not enabled, so no transaction carries flags');
    const asked = (type: string) => q.type.length === 0 || q.type.includes(type as never);
    const coreTypes = CORE_TYPES.filter(asked);
    const limit = this.config.max_scanned_transactions;
    const range: ActivityHistoryFilter = {
      ...(accountId !== undefined ? { accountId } : {}),
      ...(q.date_range.from ? { from: new Date(q.date_range.from) } : {}),
      ...(q.date_range.to ? { before: new Date(q.date_range.to) } : {}),
    };

    let truncated = false;
    let core: TransactionHistoryEntry[] = [];
    if (coreTypes.length > 0) {
      // Statuses are matched in the plugin: one under review is pending_review whatever core banking's status.
      const filter: TransactionHistoryFilter = { ...range, ...(q.type.length > 0 ? { types: coreTypes } : {}), ...(q.currency ? { assetCodes: [q.currency] } : {}) };
      const found = await this.history.search(tx, teamId, filter, limit);
      core = found.entries;
      truncated ||= found.truncated;
    }
    const activities: ActivityHistoryEntry[] = [];
    for (const source of sources.filter((one) => asked(one.kind))) {
      const found = await source.search(tx, teamId, range, limit);
      activities.push(...found.entries);
      truncated ||= found.truncated;
    }

    // An activity that names a core-banking transfer replaces that transfer's rows.
    const shownAsActivity = new Set(activities.flatMap((entry) => (entry.transferId ? [entry.transferId] : [])));
    core = core.filter((entry) => entry.transferId === null || !shownAsActivity.has(entry.transferId));

    const transferIds = [...new Set([...core, ...activities].flatMap((entry) => (entry.transferId ? [entry.transferId] : [])))];
    // Monitoring scores transfers; a transfer it never flagged is absent, and its score stays null (not a claim of 0).
    const flagged = this.risk && transferIds.length > 0 ? await this.risk.flagsFor(tx, teamId, transferIds) : [];
    const signals = new Map<string, ComplianceFlagsEntry>(flagged.map((one) => [one.transactionId, one]));
    const names = new Map((await this.history.accounts(tx, teamId)).map((account) => [account.id, account.name]));

    const candidates = [...core.map((entry) => this.#core(entry, signals)), ...activities.map((entry) => this.#activity(entry, signals, names))];
    candidates.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id) || a.direction.localeCompare(b.direction));
    if (candidates.length > limit) truncated = true;
    return { candidates: candidates.slice(0, limit), truncated, limitations };
  }

  #core(entry: TransactionHistoryEntry, signals: ReadonlyMap<string, ComplianceFlagsEntry>): Candidate {
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
      status: signal?.reviewStatus === 'pending_review' ? 'pending_review' : entry.status,
      direction: entry.direction,
      counterpartyName: entry.counterparty?.name ?? null,
      sourceChain: null,
      destinationChain: null,
      bridgeProtocol: null,
      received: null,
      riskScore: signal?.riskScore ?? null,
      complianceFlags: [...(signal?.flags ?? [])],
      createdAt: entry.createdAt,
    };
  }

  #activity(entry: ActivityHistoryEntry, signals: ReadonlyMap<string, ComplianceFlagsEntry>, names: ReadonlyMap<string, string>): Candidate {
    const signal = entry.transferId ? signals.get(entry.transferId) : undefined;
    return {
      id: entry.id,
      accountId: entry.accountId,
      accountName: entry.accountId === null ? null : (names.get(entry.accountId) ?? null),
      type: entry.kind,
      amount: entry.amount,
      precision: entry.precision,
      assetCode: entry.assetCode,
      chain: entry.chain,
      status: signal?.reviewStatus === 'pending_review' ? 'pending_review' : entry.status,
      direction: entry.direction,
      // A counterparty that is one of the team's accounts (by id) is named as the team names it.
      counterpartyName: entry.counterparty === null ? null : (names.get(entry.counterparty) ?? entry.counterparty),
      sourceChain: entry.sourceChain,
      destinationChain: entry.destinationChain,
      bridgeProtocol: entry.bridgeProtocol,
      received: entry.received,
      riskScore: signal?.riskScore ?? null,
      complianceFlags: [...(signal?.flags ?? [])],
      createdAt: entry.createdAt,
    };
  }
}

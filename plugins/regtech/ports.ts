import { token, type SanctionsMatch, type ScreeningParty, type Tx } from '../../kernel/public.js';
import type { ListVersion, SanctionsEntry, SanctionsSource } from './domain/sanctions-list.js';
import type { TravelRuleCheckView } from './travel-rule-schemas.js';
import type { AuthorityOutcome, AuthorityReason } from './domain/mifir/authority-model.js';
import type { Rts22Fields } from './domain/mifir/rts22.js';
import type { FiledWhitePaper, MicaAssetType, RegisteredIssuer } from './domain/mica/mica-rules.js';
import type { MicaCheckView } from './mica-schemas.js';
import type { MonitoringFlag } from './domain/monitoring/rules.js';

/**
 * The loaded sanctions lists (tables regtech_sanctions_lists and
 * regtech_sanctions_entries): reference data the operator loads, shared by
 * every team, one list per source.
 */
export interface SanctionsListRepository {
  /** Replaces the source's list and its version record; the caller's unit of work makes it atomic. */
  replace(tx: Tx, version: ListVersion, entries: readonly SanctionsEntry[]): Promise<void>;
  /** The version of each loaded source, by source. */
  versions(tx: Tx): Promise<ListVersion[]>;
  /** The source's entries, in list order. */
  entries(tx: Tx, source: SanctionsSource): Promise<SanctionsEntry[]>;
}
export const SanctionsListRepository = token<SanctionsListRepository>('regtech.sanctions-list-repository');

/** One recorded screening, its team's (table regtech_screenings). */
export interface ScreeningRecord {
  readonly id: string;
  readonly teamId: string;
  readonly party: ScreeningParty;
  readonly purpose: string | null;
  readonly matches: readonly SanctionsMatch[];
  readonly listVersions: readonly ListVersion[];
  readonly threshold: number;
  readonly screenedAt: Date;
}

export interface ScreeningRepository {
  insert(tx: Tx, screening: ScreeningRecord): Promise<void>;
  /** The team's screening; undefined for an unknown id or another team's. */
  find(tx: Tx, teamId: string, id: string): Promise<ScreeningRecord | undefined>;
  /** How many screenings the team made, and how many matched an entry. */
  counts(tx: Tx, teamId: string): Promise<{ total: number; withMatches: number }>;
}
export const ScreeningRepository = token<ScreeningRepository>('regtech.screening-repository');

/**
 * Reads list files for the CLI (`regtech load-list --file`): one file's
 * text, or for OFAC the three CSV files from their folder. A path that
 * cannot be read is a 422 on /file.
 */
export interface ListFiles {
  readText(path: string): Promise<string>;
  readOfac(path: string): Promise<{ sdn: string; alt: string; add: string }>;
}
export const ListFiles = token<ListFiles>('regtech.list-files');

/** A travel-rule check as answered (table regtech_travel_rule_checks), its team's. */
export interface TravelRuleCheckRecord {
  readonly id: string;
  readonly teamId: string;
  readonly transferId: string;
  readonly jurisdiction: string;
  readonly view: TravelRuleCheckView;
  readonly checkedAt: Date;
}

export interface TravelRuleCheckRepository {
  insert(tx: Tx, check: TravelRuleCheckRecord): Promise<void>;
  /** The team's check; undefined for an unknown id or another team's. */
  find(tx: Tx, teamId: string, id: string): Promise<TravelRuleCheckRecord | undefined>;
  /** The team's checks by compliance and risk level; `openFailures`: not compliant and still valid at `now`. */
  counts(tx: Tx, teamId: string, now: Date): Promise<{ total: number; compliant: number; byRiskLevel: Record<string, number>; openFailures: number }>;
}
export const TravelRuleCheckRepository = token<TravelRuleCheckRepository>('regtech.travel-rule-check-repository');

/** The IVMS 101 message stored for a core-banking transfer (table regtech_travel_rule_submissions), one per transfer. */
export interface TravelRuleSubmissionRecord {
  readonly id: string;
  readonly teamId: string;
  readonly transferId: string;
  readonly checkId: string;
  readonly jurisdiction: string;
  readonly ivms101: Record<string, unknown>;
  readonly submittedAt: Date;
}

export interface TravelRuleSubmissionRepository {
  /** False (and nothing written) when the transfer already has a submission. */
  insert(tx: Tx, submission: TravelRuleSubmissionRecord): Promise<boolean>;
  find(tx: Tx, teamId: string, id: string): Promise<TravelRuleSubmissionRecord | undefined>;
  findByTransfer(tx: Tx, teamId: string, transferId: string): Promise<TravelRuleSubmissionRecord | undefined>;
}
export const TravelRuleSubmissionRepository = token<TravelRuleSubmissionRepository>('regtech.travel-rule-submission-repository');

export type MifirReportStatus = 'submitted' | 'accepted' | 'rejected';

/** A MiFIR transaction report as built and submitted (table regtech_mifir_reports), its team's. */
export interface MifirReportRecord {
  readonly id: string;
  readonly teamId: string;
  readonly transactionId: string;
  readonly reportType: 'transaction' | 'cancellation';
  /** ISO code of the member state whose authority received it. */
  readonly jurisdiction: string;
  readonly fields: Rts22Fields;
  readonly status: MifirReportStatus;
  /** The authority's reference of the submission. */
  readonly authorityReference: string;
  readonly feedbackDueAt: Date;
  readonly decidedAt: Date | null;
  readonly reasons: readonly AuthorityReason[];
  /** For a cancellation: the report it cancels. */
  readonly cancelsReportId: string | null;
  readonly submittedAt: Date;
}

export interface MifirReportRepository {
  insert(tx: Tx, report: MifirReportRecord): Promise<void>;
  find(tx: Tx, teamId: string, id: string): Promise<MifirReportRecord | undefined>;
  /** The team's reports of one transaction, oldest first. */
  forTransaction(tx: Tx, teamId: string, transactionId: string): Promise<MifirReportRecord[]>;
  /**
   * Submitted reports of every team whose feedback is due at `now`, earliest
   * due first (then oldest), at most `limit`; locked FOR UPDATE SKIP LOCKED
   * on SQL so two processes never decide the same report.
   */
  dueForFeedback(tx: Tx, now: Date, limit: number): Promise<MifirReportRecord[]>;
  decide(tx: Tx, teamId: string, id: string, status: Exclude<MifirReportStatus, 'submitted'>, reasons: readonly AuthorityReason[], decidedAt: Date): Promise<void>;
  /** The team's reports by status, and how many transactions' latest report was rejected (to be sent again). */
  counts(tx: Tx, teamId: string): Promise<{ byStatus: Record<MifirReportStatus, number>; latestRejected: number }>;
}
export const MifirReportRepository = token<MifirReportRepository>('regtech.mifir-report-repository');

/**
 * The competent authority reports are submitted to. The default adapter is
 * a simulator (adapters/authority-sim) with the documented decision model of
 * domain/mifir/authority-model.ts and its state in the store; a real
 * adapter (an ARM or the NCA's gateway) replaces it without touching the plugin.
 */
export interface CompetentAuthority {
  /** Hands a report over; answers the authority's reference and when its feedback will be ready. */
  receive(tx: Tx, submission: { readonly teamId: string; readonly reportId: string; readonly jurisdiction: string; readonly fields: Rts22Fields }): Promise<{ reference: string; feedbackDueAt: Date }>;
  /** The authority's decision on a submission; undefined while it is not ready. */
  feedback(tx: Tx, teamId: string, reference: string): Promise<{ outcome: AuthorityOutcome; reasons: AuthorityReason[]; decidedAt: Date } | undefined>;
}
export const CompetentAuthority = token<CompetentAuthority>('regtech.competent-authority');

/** What the simulated authority holds (table regtech_authority_inbox): its own record of each submission. */
export interface AuthorityInboxRecord {
  readonly reference: string;
  readonly teamId: string;
  readonly jurisdiction: string;
  readonly transactionReference: string;
  readonly reportStatus: 'NEWT' | 'CANC';
  readonly tradingAt: Date;
  readonly receivedAt: Date;
  readonly dueAt: Date;
  readonly outcome: AuthorityOutcome | null;
  readonly reasons: readonly AuthorityReason[];
  readonly decidedAt: Date | null;
}

export interface AuthorityInboxRepository {
  insert(tx: Tx, record: AuthorityInboxRecord): Promise<void>;
  find(tx: Tx, teamId: string, reference: string): Promise<AuthorityInboxRecord | undefined>;
  /** The decided submissions of the team, jurisdiction and transaction reference, in the order they were decided. */
  decided(tx: Tx, teamId: string, jurisdiction: string, transactionReference: string): Promise<AuthorityInboxRecord[]>;
  record(tx: Tx, teamId: string, reference: string, outcome: AuthorityOutcome, reasons: readonly AuthorityReason[], decidedAt: Date): Promise<void>;
}
export const AuthorityInboxRepository = token<AuthorityInboxRepository>('regtech.authority-inbox-repository');

/**
 * The MiCA registry the operator keeps (tables regtech_mica_issuers and
 * regtech_mica_white_papers): issuers with their authorisations and the
 * white papers filed for them. Reference data shared by every team, like
 * the sanctions lists.
 */
export interface MicaRegistryRepository {
  /** Creates or replaces the issuer. */
  putIssuer(tx: Tx, issuer: RegisteredIssuer, at: Date): Promise<void>;
  issuer(tx: Tx, issuerId: string): Promise<(RegisteredIssuer & { updatedAt: Date }) | undefined>;
  /** By issuer id. */
  issuers(tx: Tx): Promise<Array<RegisteredIssuer & { updatedAt: Date }>>;
  /** False (and nothing written) when the issuer already has a white paper with this hash. */
  fileWhitePaper(tx: Tx, paper: FiledWhitePaper, at: Date): Promise<boolean>;
  whitePaper(tx: Tx, issuerId: string, assetType: MicaAssetType, hash: string): Promise<FiledWhitePaper | undefined>;
  /** The issuer's white papers, oldest filed first. */
  whitePapersOf(tx: Tx, issuerId: string): Promise<Array<FiledWhitePaper & { filedAt: Date }>>;
}
export const MicaRegistryRepository = token<MicaRegistryRepository>('regtech.mica-registry-repository');

/** A MiCA check as answered (table regtech_mica_checks), its team's. */
export interface MicaCheckRecord {
  readonly id: string;
  readonly teamId: string;
  readonly view: MicaCheckView;
  readonly checkedAt: Date;
}

export interface MicaCheckRepository {
  insert(tx: Tx, check: MicaCheckRecord): Promise<void>;
  counts(tx: Tx, teamId: string): Promise<{ total: number; compliant: number }>;
}
export const MicaCheckRepository = token<MicaCheckRepository>('regtech.mica-check-repository');

export type ReviewStatus = 'clear' | 'pending_review' | 'cleared' | 'rejected';

/** What monitoring found about one transaction of a team (table regtech_monitoring_flags). */
export interface MonitoredTransactionRecord {
  readonly id: string;
  readonly teamId: string;
  /** The transfer id (or, for a travel-rule check of no core-banking transfer, the id the check named). */
  readonly transactionId: string;
  readonly flags: readonly MonitoringFlag[];
  readonly riskScore: number;
  readonly reviewStatus: ReviewStatus;
  readonly details: readonly string[];
  readonly flaggedAt: Date;
  readonly reviewedAt: Date | null;
  readonly reviewNote: string | null;
}

export interface MonitoringRepository {
  /**
   * Remembers a transfer for the velocity and structuring windows; false
   * when it was seen already (a re-driven event), and nothing is written.
   */
  recordTransfer(tx: Tx, transfer: { teamId: string; transferId: string; fromAccount: string; amountCents: bigint; at: Date }): Promise<boolean>;
  /** Transfers from the account at or after `since`, with at least `minCents` and below `maxCents` when given. */
  countFrom(tx: Tx, teamId: string, fromAccount: string, since: Date, range?: { minCents: bigint; maxCents: bigint }): Promise<number>;
  find(tx: Tx, teamId: string, transactionId: string): Promise<MonitoredTransactionRecord | undefined>;
  /**
   * The record locked FOR UPDATE in `tx` (an operator's decision writes it):
   * two decisions on one case run one after the other, so the second sees
   * the first's status (409) and a held transfer is settled or failed once.
   */
  findById(tx: Tx, id: string): Promise<MonitoredTransactionRecord | undefined>;
  /** Creates or replaces the record of the team's transaction. */
  put(tx: Tx, record: MonitoredTransactionRecord): Promise<void>;
  /** Records of the team among `transactionIds`. */
  many(tx: Tx, teamId: string, transactionIds: readonly string[]): Promise<MonitoredTransactionRecord[]>;
  /** Every team's records waiting for review, oldest flagged first. */
  pending(tx: Tx, limit: number): Promise<MonitoredTransactionRecord[]>;
  /** The team's records by review status. */
  counts(tx: Tx, teamId: string): Promise<Record<ReviewStatus, number>>;
}
export const MonitoringRepository = token<MonitoringRepository>('regtech.monitoring-repository');

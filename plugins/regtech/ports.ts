import { token, type SanctionsMatch, type ScreeningParty, type Tx } from '../../kernel/public.js';
import type { ListVersion, SanctionsEntry, SanctionsSource } from './domain/sanctions-list.js';
import type { TravelRuleCheckView } from './travel-rule-schemas.js';

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

import type { PageRequest, Slice } from '../kernel/contract/page.js';
import { token } from '../kernel/contract/token.js';
import type { Tx } from './unit-of-work.js';

/**
 * The ledger's read side (provided by core-banking): a team's trial balance
 * and journal, read from the entries the Ledger port wrote. Kept apart from
 * `Ledger`, the port that moves money, so a plugin that only reads never
 * sees `post`. Every read is scoped by team: another team's movement, like an
 * unknown one, is undefined. Amounts are bigint minor units; each line names
 * its holding as the API shows it (asset code, chain, precision).
 */
export interface JournalHolding {
  /** The ledger's holding code: the asset code, or `<asset>@<chain>`. */
  readonly holding: string;
  readonly assetCode: string;
  /** null for the asset's default (off-chain) holding. */
  readonly chain: string | null;
  readonly precision: number;
}

/** One line of a trial balance: a system account, or the team's customer accounts together. */
export interface TrialBalanceLine {
  /** A system account ('system:fees' …), or null for the customer accounts summed in one line. */
  readonly account: string | null;
  /** How many accounts the line sums (1 for a system account). */
  readonly accounts: number;
  /** Σ of the debit entries (negative amounts), as a positive number. */
  readonly debits: bigint;
  /** Σ of the credit entries (positive amounts). */
  readonly credits: bigint;
}

/** The trial balance of one holding: its debits equal its credits when the ledger is sound. */
export interface TrialBalanceSection extends JournalHolding {
  readonly lines: readonly TrialBalanceLine[];
  readonly debits: bigint;
  readonly credits: bigint;
}

/** One entry of a movement. */
export interface JournalPosting extends JournalHolding {
  readonly movementId: string;
  /** The entry's position in its movement. */
  readonly seq: number;
  readonly accountId: string;
  /** Signed: positive credits, negative debits. */
  readonly amount: bigint;
  readonly kind: string;
  readonly reference: string | null;
  readonly createdAt: Date;
}

export interface JournalMovement {
  readonly id: string;
  readonly kind: string;
  readonly reference: string | null;
  readonly createdAt: Date;
  /** In the order they were written; they sum to zero per holding. */
  readonly postings: readonly JournalPosting[];
}

export interface LedgerJournal {
  /** Per holding, customer accounts summed and each system account on its own line; holdings by code. */
  trialBalance(tx: Tx, teamId: string): Promise<TrialBalanceSection[]>;
  /** One movement of the team with its postings; undefined for an unknown id or another team's. */
  movement(tx: Tx, teamId: string, movementId: string): Promise<JournalMovement | undefined>;
  /** The postings of one account of the team (a customer account id or a system account name), newest first. */
  accountPostings(tx: Tx, teamId: string, accountId: string, page: PageRequest): Promise<Slice<JournalPosting>>;
}
export const LedgerJournal = token<LedgerJournal>('core-banking.ledger-journal');

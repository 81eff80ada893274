import { inject, injectable } from 'inversify';
import type { JournalHolding, JournalMovement, JournalPosting, LedgerJournal, PageRequest, Slice, TrialBalanceSection, Tx } from '../../../kernel/public.js';
import { JournalRepository, type JournalEntryRow } from '../ports.js';
import { Holdings } from './holdings.js';

/**
 * The LedgerJournal port: the journal repository's rows with each holding
 * code described as the API shows it (Holdings: asset code, chain, precision).
 */
@injectable()
export class LedgerJournalReader implements LedgerJournal {
  constructor(
    @inject(JournalRepository) private readonly journal: JournalRepository,
    @inject(Holdings) private readonly holdings: Holdings,
  ) {}

  async trialBalance(tx: Tx, teamId: string): Promise<TrialBalanceSection[]> {
    const sections = new Map<string, { holding: JournalHolding; lines: TrialBalanceSection['lines'][number][] }>();
    for (const row of await this.journal.trialBalance(tx, teamId)) {
      const section = sections.get(row.holding) ?? { holding: this.#holding(row.holding), lines: [] };
      section.lines.push({ account: row.account, accounts: row.accounts, debits: row.debits, credits: row.credits });
      sections.set(row.holding, section);
    }
    return [...sections.values()].map(({ holding, lines }) => ({
      ...holding,
      lines,
      debits: lines.reduce((sum, line) => sum + line.debits, 0n),
      credits: lines.reduce((sum, line) => sum + line.credits, 0n),
    }));
  }

  async movement(tx: Tx, teamId: string, movementId: string): Promise<JournalMovement | undefined> {
    const entries = await this.journal.movementEntries(tx, teamId, movementId);
    const first = entries[0];
    if (!first) return undefined;
    return { id: movementId, kind: first.kind, reference: first.reference, createdAt: first.createdAt, postings: entries.map((entry) => this.#posting(entry)) };
  }

  async accountPostings(tx: Tx, teamId: string, accountId: string, page: PageRequest): Promise<Slice<JournalPosting>> {
    const slice = await this.journal.accountEntries(tx, teamId, accountId, page);
    return { items: slice.items.map((entry) => this.#posting(entry)), total: slice.total };
  }

  #posting(entry: JournalEntryRow): JournalPosting {
    const { holding: _code, ...rest } = entry;
    return { ...rest, ...this.#holding(entry.holding) };
  }

  #holding(code: string): JournalHolding {
    return { holding: code, ...this.holdings.describe(code) };
  }
}

import { inject, injectable } from 'inversify';
import { AssetCatalog, Clock, Ids, LedgerJournal, NotFoundError, TransactionHistory, UnitOfWork, ValidationError, type JournalPosting, type Operation, type RequestContext, type Tx } from '../../../kernel/public.js';
import { Iso20022Config } from '../config.js';
import { camt053, type StatementEntry } from '../domain/camt053.js';
import { messageIdOf, statementSubject, type MessageRecord } from '../domain/message.js';
import type { ExportStatementInput, MessageView } from '../operations.js';
import { MessageRepository } from '../ports.js';
import { institutionOf, isoCurrency, issueOnce } from './issue.js';
import { messageView } from './views.js';
import { toXml } from './xml-codec.js';

const DAY_MS = 86_400_000;
/** Postings are read newest first in pages of this size. */
const PAGE = 500;

/**
 * POST /iso20022/camt053, exportCamt053: an account's statement in one
 * currency for whole UTC days that have ended, from the ledger's postings
 * (LedgerJournal): the opening balance sums the postings before the first
 * day, the entries are the postings of the period, the closing balance is
 * opening + entries. The ledger only appends, so a closed period never
 * changes; the message is stored at the first export and answered again
 * after. 404 for another team's account; 422 for a period not yet ended,
 * reversed or longer than 366 days, or a currency that is not fiat.
 */
@injectable()
export class ExportCamt053Operation implements Operation<ExportStatementInput, MessageView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(MessageRepository) private readonly messages: MessageRepository,
    @inject(LedgerJournal) private readonly journal: LedgerJournal,
    @inject(TransactionHistory) private readonly history: TransactionHistory,
    @inject(AssetCatalog) private readonly catalog: AssetCatalog,
    @inject(Iso20022Config) private readonly config: Iso20022Config,
    @inject(Clock) private readonly clock: Clock,
    @inject(Ids) private readonly ids: Ids,
  ) {}

  execute(input: ExportStatementInput, ctx: RequestContext): Promise<MessageView> {
    const teamId = ctx.actor.teamId;
    const start = new Date(`${input.from}T00:00:00.000Z`);
    const end = new Date(new Date(`${input.to}T00:00:00.000Z`).getTime() + DAY_MS);
    if (end <= start) throw ValidationError.field('/to', 'to must not be before from.');
    if (end.getTime() - start.getTime() > 366 * DAY_MS) throw ValidationError.field('/to', 'A statement covers at most 366 days.');
    if (end > this.clock.now()) throw ValidationError.field('/to', 'The statement’s last day has not ended yet: a statement covers closed days only.', 'period_not_closed');
    const asset = isoCurrency(this.catalog, input.currency, '/currency');
    const subject = statementSubject(input.account_id, asset.code, input.from, input.to);
    return this.uow.run(async (tx) => {
      const issued = await this.messages.bySubject(tx, teamId, 'camt.053', subject);
      if (issued) return messageView(issued);
      const account = (await this.history.accounts(tx, teamId)).find((one) => one.id === input.account_id);
      if (!account) throw new NotFoundError('account', input.account_id, { pointer: '/account_id' });
      let opening = 0n;
      const entries: StatementEntry[] = [];
      for (const posting of await this.#postings(tx, teamId, account.id)) {
        if (posting.assetCode !== asset.code || posting.chain !== null || posting.createdAt >= end) continue;
        if (posting.createdAt < start) opening += posting.amount;
        else entries.push({ movementId: posting.movementId, seq: posting.seq, amount: posting.amount, kind: posting.kind, reference: posting.reference, bookedAt: posting.createdAt });
      }
      entries.reverse();
      const id = this.ids.uuid();
      const createdAt = this.clock.now();
      const messageId = messageIdOf(id);
      const tree = camt053({ messageId, createdAt, account, currency: asset.code, precision: asset.precision, from: input.from, to: input.to, opening, entries }, institutionOf(this.config));
      const record: MessageRecord = { id, teamId, messageId, type: 'camt.053', subject, transferId: null, accountId: account.id, currency: asset.code, periodFrom: input.from, periodTo: input.to, createdAt, document: toXml(tree) };
      return messageView(await issueOnce(tx, this.messages, record));
    });
  }

  /** Every posting of the account, newest first; a posting met twice (pages shifted by a newer one) counts once. */
  async #postings(tx: Tx, teamId: string, accountId: string): Promise<JournalPosting[]> {
    const seen = new Set<string>();
    const all: JournalPosting[] = [];
    for (let page = 1; ; page += 1) {
      const slice = await this.journal.accountPostings(tx, teamId, accountId, { page, perPage: PAGE });
      for (const posting of slice.items) {
        const key = `${posting.movementId}:${posting.seq}`;
        if (!seen.has(key)) (seen.add(key), all.push(posting));
      }
      if (slice.items.length < PAGE) return all;
    }
  }
}

import { injectable } from 'inversify';
import { sql } from 'kysely';
import { pageOffset, type PageRequest, type Slice, type Tx } from '../../../../kernel/public.js';
import { sqlTx, toCount, toDate } from '../../../../kit/sql.js';
import type { MessageRecord, MessageType } from '../../domain/message.js';
import type { MessageRepository } from '../../ports.js';

const COLUMNS = sql.raw('id, team_id, message_id, type, subject, transfer_id, account_id, currency, period_from, period_to, created_at, document');

interface MessageRow {
  readonly id: string;
  readonly team_id: string;
  readonly message_id: string;
  readonly type: MessageType;
  readonly subject: string;
  readonly transfer_id: string | null;
  readonly account_id: string | null;
  readonly currency: string;
  readonly period_from: string | null;
  readonly period_to: string | null;
  readonly created_at: unknown;
  readonly document: string;
}

function toMessage(row: MessageRow): MessageRecord {
  return {
    id: row.id,
    teamId: row.team_id,
    messageId: row.message_id,
    type: row.type,
    subject: row.subject,
    transferId: row.transfer_id,
    accountId: row.account_id,
    currency: row.currency,
    periodFrom: row.period_from,
    periodTo: row.period_to,
    createdAt: toDate(row.created_at),
    document: row.document,
  };
}

/** Messages in iso20022_messages; every statement runs in the transaction it is given. */
@injectable()
export class SqlMessageRepository implements MessageRepository {
  async issue(tx: Tx, m: MessageRecord): Promise<MessageRecord> {
    // A racing export of the same subject waits on the unique index, then inserts nothing and reads the winner's row.
    const { rows } = await sql<MessageRow>`
      insert into iso20022_messages (id, team_id, message_id, type, subject, transfer_id, account_id, currency, period_from, period_to, created_at, document)
      values (${m.id}, ${m.teamId}, ${m.messageId}, ${m.type}, ${m.subject}, ${m.transferId}, ${m.accountId}, ${m.currency}, ${m.periodFrom}, ${m.periodTo}, ${m.createdAt}, ${m.document})
      on conflict (team_id, type, subject) do nothing
      returning ${COLUMNS}`.execute(sqlTx(tx).db);
    if (rows[0]) return toMessage(rows[0]);
    const existing = await this.bySubject(tx, m.teamId, m.type, m.subject);
    if (!existing) throw new Error(`iso20022 message for ${m.type} ${m.subject} neither inserted nor found`);
    return existing;
  }

  async bySubject(tx: Tx, teamId: string, type: MessageType, subject: string): Promise<MessageRecord | undefined> {
    const { rows } = await sql<MessageRow>`select ${COLUMNS} from iso20022_messages where team_id = ${teamId} and type = ${type} and subject = ${subject}`.execute(sqlTx(tx).db);
    return rows[0] && toMessage(rows[0]);
  }

  async find(tx: Tx, teamId: string, id: string): Promise<MessageRecord | undefined> {
    const { rows } = await sql<MessageRow>`select ${COLUMNS} from iso20022_messages where team_id = ${teamId} and id = ${id}`.execute(sqlTx(tx).db);
    return rows[0] && toMessage(rows[0]);
  }

  async list(tx: Tx, teamId: string, page: PageRequest, type?: MessageType): Promise<Slice<MessageRecord>> {
    const db = sqlTx(tx).db;
    const ofType = type === undefined ? sql`` : sql`and type = ${type}`;
    const { rows } = await sql<MessageRow>`
      select ${COLUMNS} from iso20022_messages where team_id = ${teamId} ${ofType}
      order by seq desc limit ${page.perPage} offset ${pageOffset(page)}`.execute(db);
    const count = await sql<{ n: unknown }>`select count(*) as n from iso20022_messages where team_id = ${teamId} ${ofType}`.execute(db);
    return { items: rows.map(toMessage), total: toCount(count.rows[0]?.n) };
  }
}

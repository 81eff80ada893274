/**
 * An ISO 20022 message the service issued for a team: the document is kept
 * as issued, so asking again for the same transfer or statement period gives
 * the same message id, creation time and bytes (a receiver deduplicates by
 * message id; a second, different document under a new id would be a second
 * payment or statement to it).
 */
export type MessageType = 'pacs.008' | 'camt.053';

export interface MessageRecord {
  readonly id: string;
  readonly teamId: string;
  /** GrpHdr/MsgId: unique across the service (at most 35 characters). */
  readonly messageId: string;
  readonly type: MessageType;
  /** What the message is of, unique per team and type: the transfer id, or account|currency|from|to. */
  readonly subject: string;
  readonly transferId: string | null;
  readonly accountId: string | null;
  readonly currency: string;
  /** The statement's first and last booking day (YYYY-MM-DD); null for a pacs.008. */
  readonly periodFrom: string | null;
  readonly periodTo: string | null;
  readonly createdAt: Date;
  readonly document: string;
}

/** GrpHdr/MsgId from the record's uuid: 'OB' and 32 hex digits, 34 characters (Max35Text), unique as the uuid is. */
export function messageIdOf(id: string): string {
  return `OB${id.replace(/-/g, '').toUpperCase()}`;
}

export function statementSubject(accountId: string, currency: string, from: string, to: string): string {
  return `${accountId}|${currency}|${from}|${to}`;
}

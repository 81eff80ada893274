import { accountElement, financialInstitution, type Institution } from './institution.js';
import { amountElement, compactId, isoDateTime, type XmlNode } from './xml-tree.js';

export const CAMT_053_NAMESPACE = 'urn:iso:std:iso:20022:tech:xsd:camt.053.001.08';

/** One ledger posting of the account in the period: signed (positive credits the account). */
export interface StatementEntry {
  readonly movementId: string;
  readonly seq: number;
  readonly amount: bigint;
  readonly kind: string;
  readonly reference: string | null;
  readonly bookedAt: Date;
}

export interface StatementForMessage {
  readonly messageId: string;
  readonly createdAt: Date;
  readonly account: { readonly id: string; readonly name: string };
  readonly currency: string;
  readonly precision: number;
  /** First and last booking day, YYYY-MM-DD (UTC days). */
  readonly from: string;
  readonly to: string;
  /** The account's balance at the start of `from`: the sum of its postings before. */
  readonly opening: bigint;
  /** Oldest first. */
  readonly entries: readonly StatementEntry[];
}

const indicator = (amount: bigint) => (amount < 0n ? 'DBIT' : 'CRDT');

/** The closing balance: opening plus the period's entries, which is what makes the statement add up. */
export function closingBalance(statement: Pick<StatementForMessage, 'opening' | 'entries'>): bigint {
  return statement.entries.reduce((sum, entry) => sum + entry.amount, statement.opening);
}

/**
 * BankToCustomerStatement (camt.053.001.08) of one account in one currency
 * for whole UTC days: opening booked balance (OPBD) on the first day, closing
 * booked balance (CLBD) on the last, and one booked entry per ledger posting
 * in between (the movement id, without hyphens, as the servicer's reference, its kind as a
 * proprietary bank transaction code). Entries follow the ledger's order:
 * booking time, then movement and position.
 */
export function camt053(statement: StatementForMessage, institution: Institution): XmlNode {
  const closing = closingBalance(statement);
  const amount = (minor: bigint) => amountElement(minor, statement.precision, statement.currency);
  const balance = (code: string, minor: bigint, day: string) => ({ Tp: { CdOrPrtry: { Cd: code } }, Amt: amount(minor), CdtDbtInd: indicator(minor), Dt: { Dt: day } });
  const credits = statement.entries.filter((entry) => entry.amount > 0n);
  const debits = statement.entries.filter((entry) => entry.amount < 0n);
  const sum = (entries: readonly StatementEntry[]) => entries.reduce((total, entry) => total + (entry.amount < 0n ? -entry.amount : entry.amount), 0n);
  const net = closing - statement.opening;
  const decimal = (minor: bigint) => amount(minor)['#text'] as string;
  return {
    Document: {
      '@_xmlns': CAMT_053_NAMESPACE,
      BkToCstmrStmt: {
        GrpHdr: { MsgId: statement.messageId, CreDtTm: isoDateTime(statement.createdAt) },
        Stmt: {
          Id: statement.messageId,
          CreDtTm: isoDateTime(statement.createdAt),
          FrToDt: { FrDtTm: `${statement.from}T00:00:00.000Z`, ToDtTm: `${statement.to}T23:59:59.999Z` },
          Acct: { ...accountElement(statement.account.id, statement.account.name, statement.currency), Svcr: financialInstitution(institution) },
          Bal: [balance('OPBD', statement.opening, statement.from), balance('CLBD', closing, statement.to)],
          TxsSummry: {
            TtlNtries: { NbOfNtries: String(statement.entries.length), TtlNetNtry: { Amt: decimal(net), CdtDbtInd: indicator(net) } },
            TtlCdtNtries: { NbOfNtries: String(credits.length), Sum: decimal(sum(credits)) },
            TtlDbtNtries: { NbOfNtries: String(debits.length), Sum: decimal(sum(debits)) },
          },
          ...(statement.entries.length > 0 ? { Ntry: statement.entries.map((entry) => entryElement(entry, amount)) } : {}),
        },
      },
    },
  };
}

function entryElement(entry: StatementEntry, amount: (minor: bigint) => XmlNode): XmlNode {
  return {
    Amt: amount(entry.amount),
    CdtDbtInd: indicator(entry.amount),
    Sts: { Cd: 'BOOK' },
    BookgDt: { DtTm: isoDateTime(entry.bookedAt) },
    ValDt: { DtTm: isoDateTime(entry.bookedAt) },
    AcctSvcrRef: compactId(entry.movementId),
    BkTxCd: { Prtry: { Cd: entry.kind, Issr: 'open-bank' } },
    ...(entry.reference ? { AddtlNtryInf: entry.reference.slice(0, 500) } : {}),
  };
}

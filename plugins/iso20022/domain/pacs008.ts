import { accountElement, financialInstitution, type Institution } from './institution.js';
import { amountElement, compactId, isoDate, isoDateTime, type XmlNode } from './xml-tree.js';

/** The UETR pattern of pacs.008.001.08: a version 4 UUID, lower case. */
const UETR = /^[a-f0-9]{8}-[a-f0-9]{4}-4[a-f0-9]{3}-[89ab][a-f0-9]{3}-[a-f0-9]{12}$/;

export const PACS_008_NAMESPACE = 'urn:iso:std:iso:20022:tech:xsd:pacs.008.001.08';

/** What a pacs.008 says of one settled transfer: the facts core banking holds, with the accounts' names. */
export interface TransferForMessage {
  readonly messageId: string;
  readonly createdAt: Date;
  readonly transferId: string;
  readonly amount: bigint;
  readonly precision: number;
  readonly currency: string;
  readonly debtor: { readonly accountId: string; readonly name: string };
  readonly creditor: { readonly accountId: string; readonly name: string };
  readonly settledAt: Date;
  readonly reference: string | null;
}

/**
 * FIToFICustomerCreditTransfer (pacs.008.001.08) of one transfer between two
 * accounts of the bank: one transaction, settled in the books of the bank
 * itself (SttlmMtd INDA: the instructed agent's account), so debtor agent and
 * creditor agent are the same institution. End-to-end and transaction ids
 * are the transfer id without hyphens (Max35Text holds 35 characters, a
 * UUID has 36), and UETR the transfer id as it is when it is a version 4
 * UUID, so a receiver can match the message to our API.
 */
export function pacs008(transfer: TransferForMessage, institution: Institution): XmlNode {
  const agent = financialInstitution(institution);
  const amount = amountElement(transfer.amount, transfer.precision, transfer.currency);
  return {
    Document: {
      '@_xmlns': PACS_008_NAMESPACE,
      FIToFICstmrCdtTrf: {
        GrpHdr: {
          MsgId: transfer.messageId,
          CreDtTm: isoDateTime(transfer.createdAt),
          NbOfTxs: '1',
          TtlIntrBkSttlmAmt: amount,
          IntrBkSttlmDt: isoDate(transfer.settledAt),
          SttlmInf: { SttlmMtd: 'INDA' },
        },
        CdtTrfTxInf: {
          PmtId: { EndToEndId: compactId(transfer.transferId), TxId: compactId(transfer.transferId), ...(UETR.test(transfer.transferId) ? { UETR: transfer.transferId } : {}) },
          IntrBkSttlmAmt: amount,
          IntrBkSttlmDt: isoDate(transfer.settledAt),
          ChrgBr: 'SLEV',
          Dbtr: { Nm: transfer.debtor.name },
          DbtrAcct: accountElement(transfer.debtor.accountId, transfer.debtor.name),
          DbtrAgt: agent,
          CdtrAgt: agent,
          Cdtr: { Nm: transfer.creditor.name },
          CdtrAcct: accountElement(transfer.creditor.accountId, transfer.creditor.name),
          ...(transfer.reference ? { RmtInf: { Ustrd: transfer.reference.slice(0, 140) } } : {}),
        },
      },
    },
  };
}

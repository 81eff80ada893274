import { formatMinor } from '../../../kernel/public.js';
import type { MessageType } from './message.js';
import type { XmlNode, XmlValue } from './xml-tree.js';

/**
 * The structure and business rules the service checks in an uploaded
 * pacs.008 or camt.053 (docs/iso20022.md lists them): required elements,
 * identifiers' lengths, codes from their lists, amounts with at most the
 * currency's decimals, counts and control sums, and for a statement that
 * the booked entries add up to closing − opening. Not an XSD validation:
 * elements it does not know are left alone. Each finding points at the
 * element or attribute with an XPath-like path, 1-based indices on repeated
 * elements (`/Document/BkToCstmrStmt/Stmt[1]/Ntry[2]/Amt`).
 */
export interface Finding {
  readonly pointer: string;
  readonly code: string;
  readonly message: string;
}

/** The decimals of a currency the service knows; undefined for one it does not. */
export type CurrencyPrecision = (currency: string) => number | undefined;

/** Repeated elements the rules index: the codec reads them as arrays even when there is one. */
export const REPEATED_ELEMENTS: ReadonlySet<string> = new Set(['Stmt', 'Ntry', 'Bal', 'CdtTrfTxInf']);

const NAMESPACES: Record<MessageType, RegExp> = {
  'pacs.008': /^urn:iso:std:iso:20022:tech:xsd:pacs\.008\.001\.\d{2}$/,
  'camt.053': /^urn:iso:std:iso:20022:tech:xsd:camt\.053\.001\.\d{2}$/,
};
const ROOTS: Record<MessageType, string> = { 'pacs.008': 'FIToFICstmrCdtTrf', 'camt.053': 'BkToCstmrStmt' };
/** ActiveCurrencyAndAmount: at most 18 digits, 5 of them decimals, no sign. */
const AMOUNT = /^(\d{1,18})(?:\.(\d{1,5}))?$/;
/** Amounts are compared at the largest scale ISO 20022 allows. */
const SCALE = 5;
const CURRENCY = /^[A-Z]{3}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(?:Z|[+-]\d{2}:\d{2})?$/;
const SETTLEMENT_METHODS = new Set(['INDA', 'INGA', 'COVE', 'CLRG']);
const CHARGE_BEARERS = new Set(['DEBT', 'CRED', 'SHAR', 'SLEV']);
const ENTRY_STATUSES = new Set(['BOOK', 'PDNG', 'INFO', 'FUTR']);

interface Amount {
  readonly scaled: bigint;
  readonly currency: string;
}

/** The checks of one document: findings collect, nothing throws. */
class Checker {
  readonly findings: Finding[] = [];

  constructor(private readonly precisionOf: CurrencyPrecision) {}

  add(pointer: string, code: string, message: string): void {
    this.findings.push({ pointer, code, message });
  }

  /** A required child element: its node (an element with only text is `{ '#text' }`), or undefined with a finding. */
  child(parent: XmlNode | undefined, name: string, at: string): XmlNode | undefined {
    if (!parent) return undefined;
    const found = element(parent[name]);
    if (found === undefined) this.add(`${at}/${name}`, 'required', `${name} is required.`);
    return found;
  }

  /** A required text element of at most `max` characters. */
  text(parent: XmlNode | undefined, name: string, at: string, max = 35): string | undefined {
    const node = this.child(parent, name, at);
    if (!node) return undefined;
    const value = textOf(node);
    if (value.length === 0) this.add(`${at}/${name}`, 'required', `${name} must not be empty.`);
    else if (value.length > max) this.add(`${at}/${name}`, 'too_long', `${name} holds at most ${max} characters.`);
    else return value;
    return undefined;
  }

  coded(parent: XmlNode | undefined, name: string, at: string, codes: ReadonlySet<string>): string | undefined {
    const value = this.text(parent, name, at);
    if (value !== undefined && !codes.has(value)) this.add(`${at}/${name}`, 'unknown_code', `${name} must be one of ${[...codes].join(', ')}.`);
    return value !== undefined && codes.has(value) ? value : undefined;
  }

  dateTime(parent: XmlNode | undefined, name: string, at: string): void {
    const value = this.text(parent, name, at, 40);
    if (value !== undefined && (!DATE_TIME.test(value) || Number.isNaN(Date.parse(value)))) this.add(`${at}/${name}`, 'invalid_date_time', `${name} must be an ISO date-time (YYYY-MM-DDThh:mm:ss).`);
  }

  date(value: string, at: string): void {
    if (!DATE.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`))) this.add(at, 'invalid_date', 'Must be an ISO date (YYYY-MM-DD).');
  }

  /** Dt or DtTm under `name` (DateAndDateTime2Choice). */
  dateChoice(parent: XmlNode | undefined, name: string, at: string): void {
    const node = this.child(parent, name, at);
    if (!node) return;
    const day = element(node.Dt);
    if (day) this.date(textOf(day), `${at}/${name}/Dt`);
    else if (element(node.DtTm)) this.dateTime(node, 'DtTm', `${at}/${name}`);
    else this.add(`${at}/${name}`, 'required', `${name} needs Dt or DtTm.`);
  }

  /** An account identification: IBAN or Othr/Id. */
  account(parent: XmlNode | undefined, name: string, at: string): void {
    const node = this.child(parent, name, at);
    const id = node && this.child(node, 'Id', `${at}/${name}`);
    if (!id) return;
    if (element(id.IBAN)) {
      if (!/^[A-Z]{2}\d{2}[A-Za-z0-9]{1,30}$/.test(textOf(element(id.IBAN)!))) this.add(`${at}/${name}/Id/IBAN`, 'invalid_iban', 'IBAN must be a country code, two check digits and up to 30 letters or digits.');
    } else if (element(id.Othr)) this.text(element(id.Othr), 'Id', `${at}/${name}/Id/Othr`, 34);
    else this.add(`${at}/${name}/Id`, 'required', 'The account needs IBAN or Othr/Id.');
  }

  /** An amount with its currency: scaled to 5 decimals for sums, or undefined with a finding. */
  amount(parent: XmlNode | undefined, name: string, at: string, positive: boolean): Amount | undefined {
    const node = this.child(parent, name, at);
    if (!node) return undefined;
    const pointer = `${at}/${name}`;
    const currency = typeof node['@_Ccy'] === 'string' ? node['@_Ccy'].trim() : '';
    const match = AMOUNT.exec(textOf(node));
    let ok = true;
    if (!CURRENCY.test(currency)) {
      this.add(`${pointer}/@Ccy`, currency ? 'invalid_currency' : 'required', 'Ccy must be a three-letter currency code.');
      ok = false;
    }
    if (!match) {
      this.add(pointer, 'invalid_amount', 'The amount must be a decimal with at most 18 digits, 5 of them decimals, and no sign.');
      return undefined;
    }
    const decimals = match[2] ?? '';
    const scaled = BigInt(match[1]! + decimals.padEnd(SCALE, '0'));
    if (ok) {
      const precision = this.precisionOf(currency);
      if (precision === undefined) this.add(`${pointer}/@Ccy`, 'unknown_currency', `${currency} is not a currency this service knows, so its decimals are not checked.`);
      else if (decimals.replace(/0+$/, '').length > precision) this.add(pointer, 'too_many_decimals', `${currency} has ${precision} decimals.`);
    }
    if (positive && scaled === 0n) this.add(pointer, 'not_positive', 'The amount must be greater than zero.');
    return ok ? { scaled, currency } : undefined;
  }

  /** CRDT or DBIT: the sign an amount takes in sums. */
  indicator(parent: XmlNode | undefined, at: string): 1n | -1n | undefined {
    const value = this.coded(parent, 'CdtDbtInd', at, new Set(['CRDT', 'DBIT']));
    return value === 'CRDT' ? 1n : value === 'DBIT' ? -1n : undefined;
  }

  count(parent: XmlNode, name: string, at: string, expected: number): void {
    const node = element(parent[name]);
    if (!node) return;
    const value = textOf(node);
    if (!/^\d{1,15}$/.test(value)) this.add(`${at}/${name}`, 'invalid_number', `${name} must be a whole number.`);
    else if (Number(value) !== expected) this.add(`${at}/${name}`, 'count_mismatch', `${name} is ${value} but the document has ${expected}.`);
  }
}

/** Which message a parsed document is (by its root's child), with every finding; type null when it is neither. */
export function checkDocument(tree: XmlNode, precisionOf: CurrencyPrecision): { readonly type: MessageType | null; readonly findings: Finding[] } {
  const checker = new Checker(precisionOf);
  const document = element(tree.Document);
  if (!document) {
    checker.add('/', 'not_iso20022', 'The root element must be Document.');
    return { type: null, findings: checker.findings };
  }
  const type = (Object.keys(ROOTS) as MessageType[]).find((candidate) => element(document[ROOTS[candidate]]) !== undefined) ?? null;
  if (!type) {
    checker.add('/Document', 'unsupported_message', 'Document must hold FIToFICstmrCdtTrf (pacs.008) or BkToCstmrStmt (camt.053).');
    return { type, findings: checker.findings };
  }
  const namespace = typeof document['@_xmlns'] === 'string' ? document['@_xmlns'] : '';
  if (!NAMESPACES[type].test(namespace)) checker.add('/Document/@xmlns', 'wrong_namespace', `The default namespace must be urn:iso:std:iso:20022:tech:xsd:${type}.001.NN.`);
  const root = element(document[ROOTS[type]])!;
  const at = `/Document/${ROOTS[type]}`;
  if (type === 'pacs.008') checkCreditTransfer(checker, root, at);
  else checkStatements(checker, root, at);
  return { type, findings: checker.findings };
}

function checkCreditTransfer(c: Checker, root: XmlNode, at: string): void {
  const header = c.child(root, 'GrpHdr', at);
  const headerAt = `${at}/GrpHdr`;
  c.text(header, 'MsgId', headerAt);
  c.dateTime(header, 'CreDtTm', headerAt);
  const transactions = elements(root.CdtTrfTxInf);
  if (transactions.length === 0) c.add(`${at}/CdtTrfTxInf`, 'required', 'At least one CdtTrfTxInf is required.');
  if (header) {
    if (element(header.NbOfTxs)) c.count(header, 'NbOfTxs', headerAt, transactions.length);
    else c.add(`${headerAt}/NbOfTxs`, 'required', 'NbOfTxs is required.');
    c.coded(c.child(header, 'SttlmInf', headerAt), 'SttlmMtd', `${headerAt}/SttlmInf`, SETTLEMENT_METHODS);
  }
  const amounts: (Amount | undefined)[] = [];
  transactions.forEach((transaction, index) => {
    const txAt = `${at}/CdtTrfTxInf[${index + 1}]`;
    c.text(c.child(transaction, 'PmtId', txAt), 'EndToEndId', `${txAt}/PmtId`);
    amounts.push(c.amount(transaction, 'IntrBkSttlmAmt', txAt, true));
    const settlementDay = element(transaction.IntrBkSttlmDt);
    if (settlementDay) c.date(textOf(settlementDay), `${txAt}/IntrBkSttlmDt`);
    c.coded(transaction, 'ChrgBr', txAt, CHARGE_BEARERS);
    for (const party of ['Dbtr', 'Cdtr']) c.child(transaction, party, txAt);
    for (const account of ['DbtrAcct', 'CdtrAcct']) c.account(transaction, account, txAt);
    for (const agent of ['DbtrAgt', 'CdtrAgt']) c.child(c.child(transaction, agent, txAt), 'FinInstnId', `${txAt}/${agent}`);
  });
  if (header && element(header.TtlIntrBkSttlmAmt)) {
    const total = c.amount(header, 'TtlIntrBkSttlmAmt', headerAt, false);
    if (total && amounts.length > 0 && amounts.every((one) => one !== undefined)) {
      if (amounts.some((one) => one!.currency !== total.currency)) c.add(`${headerAt}/TtlIntrBkSttlmAmt/@Ccy`, 'currency_mismatch', 'Every transaction must settle in the total’s currency.');
      else {
        const sum = amounts.reduce((acc, one) => acc + one!.scaled, 0n);
        if (sum !== total.scaled) c.add(`${headerAt}/TtlIntrBkSttlmAmt`, 'sum_mismatch', `The transactions sum to ${shown(sum)}, not ${shown(total.scaled)}.`);
      }
    }
  }
}

function checkStatements(c: Checker, root: XmlNode, at: string): void {
  const header = c.child(root, 'GrpHdr', at);
  c.text(header, 'MsgId', `${at}/GrpHdr`);
  c.dateTime(header, 'CreDtTm', `${at}/GrpHdr`);
  const statements = elements(root.Stmt);
  if (statements.length === 0) c.add(`${at}/Stmt`, 'required', 'At least one Stmt is required.');
  statements.forEach((statement, index) => checkStatement(c, statement, `${at}/Stmt[${index + 1}]`));
}

interface Balance {
  readonly code: string;
  readonly index: number;
  readonly signed: bigint | undefined;
  readonly currency: string | undefined;
}

function checkStatement(c: Checker, statement: XmlNode, at: string): void {
  c.text(statement, 'Id', at);
  c.dateTime(statement, 'CreDtTm', at);
  c.account(statement, 'Acct', at);
  const account = element(statement.Acct);
  const accountCurrency = account && element(account.Ccy) ? textOf(element(account.Ccy)!) : undefined;
  if (accountCurrency !== undefined && !CURRENCY.test(accountCurrency)) c.add(`${at}/Acct/Ccy`, 'invalid_currency', 'Ccy must be a three-letter currency code.');
  const balances: Balance[] = elements(statement.Bal).map((balance, index) => {
    const balanceAt = `${at}/Bal[${index + 1}]`;
    const code = c.text(c.child(c.child(balance, 'Tp', balanceAt), 'CdOrPrtry', `${balanceAt}/Tp`), 'Cd', `${balanceAt}/Tp/CdOrPrtry`, 4) ?? '';
    const amount = c.amount(balance, 'Amt', balanceAt, false);
    const sign = c.indicator(balance, balanceAt);
    c.dateChoice(balance, 'Dt', balanceAt);
    return { code, index: index + 1, signed: amount && sign ? amount.scaled * sign : undefined, currency: amount?.currency };
  });
  const opening = oneBalance(c, balances, ['OPBD', 'PRCD'], at, 'an opening booked balance (OPBD)');
  const closing = oneBalance(c, balances, ['CLBD'], at, 'a closing booked balance (CLBD)');
  const currency = accountCurrency ?? opening?.currency ?? closing?.currency;
  for (const balance of balances) {
    if (currency && balance.currency && balance.currency !== currency) c.add(`${at}/Bal[${balance.index}]/Amt/@Ccy`, 'currency_mismatch', `The statement is in ${currency}.`);
  }
  const entries = elements(statement.Ntry);
  let booked = 0n;
  let complete = true;
  entries.forEach((entry, index) => {
    const entryAt = `${at}/Ntry[${index + 1}]`;
    const amount = c.amount(entry, 'Amt', entryAt, true);
    const sign = c.indicator(entry, entryAt);
    const status = entryStatus(c, entry, entryAt);
    if (status === 'BOOK') c.dateChoice(entry, 'BookgDt', entryAt);
    if (amount && currency && amount.currency !== currency) c.add(`${entryAt}/Amt/@Ccy`, 'currency_mismatch', `The statement is in ${currency}.`);
    if (status === 'BOOK') {
      if (amount && sign) booked += amount.scaled * sign;
      else complete = false;
    } else if (status === undefined) complete = false;
  });
  const summary = element(statement.TxsSummry);
  const totals = summary && element(summary.TtlNtries);
  if (totals) c.count(totals, 'NbOfNtries', `${at}/TxsSummry/TtlNtries`, entries.length);
  const sameCurrency = balances.every((balance) => balance.currency === undefined || balance.currency === currency);
  if (opening?.signed !== undefined && closing?.signed !== undefined && complete && sameCurrency && opening.signed + booked !== closing.signed) {
    c.add(
      `${at}/Bal[${closing.index}]`,
      'balance_mismatch',
      `Booked entries sum to ${shown(booked)}, but closing − opening is ${shown(closing.signed - opening.signed)}.`,
    );
  }
}

function oneBalance(c: Checker, balances: readonly Balance[], codes: readonly string[], at: string, what: string): Balance | undefined {
  const found = balances.filter((balance) => codes.includes(balance.code));
  if (found.length === 0) c.add(`${at}/Bal`, 'missing_balance', `The statement needs ${what}.`);
  if (found.length > 1) c.add(`${at}/Bal[${found[1]!.index}]`, 'duplicate_balance', `The statement has more than one ${codes[0]} balance.`);
  return found.length === 1 ? found[0] : undefined;
}

/** Sts/Cd (camt.053.001.08 and later) or Sts as text (earlier versions). */
function entryStatus(c: Checker, entry: XmlNode, at: string): string | undefined {
  const status = element(entry.Sts);
  if (!status) {
    c.add(`${at}/Sts`, 'required', 'Sts is required.');
    return undefined;
  }
  if (element(status.Cd)) return c.coded(status, 'Cd', `${at}/Sts`, ENTRY_STATUSES);
  const value = textOf(status);
  if (ENTRY_STATUSES.has(value)) return value;
  c.add(`${at}/Sts`, 'unknown_code', `Sts must be one of ${[...ENTRY_STATUSES].join(', ')}.`);
  return undefined;
}

function shown(scaled: bigint): string {
  return formatMinor(scaled, SCALE).replace(/0{1,3}$/, '');
}

/** The first element of a value (an element repeated where one is expected counts once); text as `{ '#text' }`. */
function element(value: XmlValue | undefined): XmlNode | undefined {
  const first = Array.isArray(value) ? value[0] : value;
  if (first === undefined) return undefined;
  return typeof first === 'string' ? { '#text': first } : Array.isArray(first) ? undefined : first;
}

function elements(value: XmlValue | undefined): XmlNode[] {
  if (value === undefined) return [];
  return (Array.isArray(value) ? value : [value]).map((one) => element(one)).filter((one): one is XmlNode => one !== undefined);
}

function textOf(node: XmlNode): string {
  const value = node['#text'];
  return typeof value === 'string' ? value.trim() : '';
}

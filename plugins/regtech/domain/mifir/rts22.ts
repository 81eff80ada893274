import { isValidIsin, isValidLei } from '../identifiers.js';

/**
 * A MiFIR transaction report (Commission Delegated Regulation (EU) 2017/590,
 * "RTS 22", Annex I Table 2): the fields the service can fill from a
 * core-banking transaction, each named with its field number, and the
 * format rules of those fields (docs/regtech.md#mifir-transaction-reports).
 */
export interface Rts22Fields {
  /** 1 Report status. */
  readonly report_status: 'NEWT' | 'CANC';
  /** 2 Transaction reference number: unique per executing entity, up to 52 alphanumerics. */
  readonly transaction_reference_number: string;
  /** 4 Executing entity identification code (LEI). */
  readonly executing_entity_id: string;
  /** 5 Investment firm covered by Directive 2014/65/EU. */
  readonly investment_firm_covered: boolean;
  /** 6 Submitting entity identification code (LEI). */
  readonly submitting_entity_id: string;
  /** 7 Buyer identification code: an LEI, or a national client identifier (country code + id). */
  readonly buyer_id: string;
  /** 16 Seller identification code. */
  readonly seller_id: string;
  /** 28 Trading date time, UTC, YYYY-MM-DDThh:mm:ss.ddddddZ. */
  readonly trading_date_time: string;
  /** 29 Trading capacity: DEAL (own account), MTCH (matched principal), AOTC (any other capacity). */
  readonly trading_capacity: 'DEAL' | 'MTCH' | 'AOTC';
  /** 30 Quantity, DECIMAL-18/17. */
  readonly quantity: string;
  /** 31 Quantity currency, when the quantity is a monetary value (ISO 4217). */
  readonly quantity_currency: string | null;
  /** 33 Price, or NOAP when no price applies. */
  readonly price: string;
  /** 34 Price currency, when there is a price. */
  readonly price_currency: string | null;
  /** 36 Venue: a segment MIC, or XOFF for off-venue. */
  readonly venue: string;
  /** 41 Instrument identification code (ISIN). */
  readonly instrument_id: string;
  /** 42 Instrument full name. */
  readonly instrument_full_name: string;
  /** 43 Instrument classification (ISO 10962 CFI), when known. */
  readonly instrument_classification: string | null;
}

export interface Rts22Problem {
  /** The RTS 22 field number. */
  readonly field: number;
  /** The report field's name (its JSON key). */
  readonly name: keyof Rts22Fields;
  readonly detail: string;
}

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const NATIONAL_ID = /^[A-Z]{2}[A-Z0-9#]{1,33}$/;
/** DECIMAL-18/17: at most 18 digits in all, at most 17 after the point. */
const DECIMAL_18_17 = /^(?=(?:\D*\d){1,18}\D*$)(0|[1-9]\d*)(\.\d{1,17})?$/;

/** A party code: an LEI, or a national identifier (two-letter country and up to 33 characters). */
export function isPartyCode(code: string): boolean {
  return isValidLei(code) || (NATIONAL_ID.test(code) && !/^[0-9A-Z]{18}[0-9]{2}$/.test(code));
}

/** The RTS 22 format rules the service checks before submitting; none means the report may go. */
export function validateRts22(fields: Rts22Fields): Rts22Problem[] {
  const problems: Rts22Problem[] = [];
  const fail = (field: number, name: keyof Rts22Fields, detail: string) => problems.push({ field, name, detail });
  if (!/^[A-Z0-9]{1,52}$/.test(fields.transaction_reference_number)) fail(2, 'transaction_reference_number', 'up to 52 capital letters and digits');
  if (!isValidLei(fields.executing_entity_id)) fail(4, 'executing_entity_id', 'must be a valid LEI (ISO 17442)');
  if (!isValidLei(fields.submitting_entity_id)) fail(6, 'submitting_entity_id', 'must be a valid LEI (ISO 17442)');
  if (!isPartyCode(fields.buyer_id)) fail(7, 'buyer_id', 'must be an LEI or a national client identifier (country code and up to 33 characters)');
  if (!isPartyCode(fields.seller_id)) fail(16, 'seller_id', 'must be an LEI or a national client identifier (country code and up to 33 characters)');
  if (fields.buyer_id === fields.seller_id) fail(16, 'seller_id', 'the seller cannot be the buyer');
  if (!DATE_TIME.test(fields.trading_date_time)) fail(28, 'trading_date_time', 'YYYY-MM-DDThh:mm:ss.ddddddZ in UTC');
  if (!DECIMAL_18_17.test(fields.quantity) || /^0(\.0*)?$/.test(fields.quantity)) fail(30, 'quantity', 'a positive decimal of at most 18 digits, 17 after the point');
  if (fields.quantity_currency !== null && !/^[A-Z]{3}$/.test(fields.quantity_currency)) fail(31, 'quantity_currency', 'an ISO 4217 code');
  if (fields.price !== 'NOAP' && fields.price !== 'PNDG' && !DECIMAL_18_17.test(fields.price)) fail(33, 'price', 'a decimal, NOAP or PNDG');
  if (fields.price === 'NOAP' && fields.price_currency !== null) fail(34, 'price_currency', 'no currency without a price');
  if (!/^[A-Z0-9]{4}$/.test(fields.venue)) fail(36, 'venue', 'a segment MIC or XOFF');
  if (!isValidIsin(fields.instrument_id)) fail(41, 'instrument_id', 'must be a valid ISIN (ISO 6166)');
  if (fields.instrument_full_name.trim() === '' || fields.instrument_full_name.length > 350) fail(42, 'instrument_full_name', '1 to 350 characters');
  if (fields.instrument_classification !== null && !/^[A-Z]{6}$/.test(fields.instrument_classification)) fail(43, 'instrument_classification', 'a six-letter ISO 10962 CFI code');
  return problems;
}

/** An instant as field 28 writes it: microseconds, UTC. */
export function tradingDateTime(at: Date): string {
  return at.toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');
}

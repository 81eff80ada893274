import { formatMinor } from '../../../kernel/public.js';

/**
 * A document as a plain tree in the shape the XML codec reads and writes:
 * element names as keys, attributes under `@_`, an element's text with its
 * attributes under `#text`, repeated elements as arrays. The domain builds
 * and checks trees; only application/xml-codec.ts turns them into text.
 */
export type XmlValue = string | XmlNode | XmlValue[];
export interface XmlNode {
  [name: string]: XmlValue;
}

/** An ActiveCurrencyAndAmount: the amount as a decimal with the currency's precision, the currency as attribute. */
export function amountElement(minor: bigint, precision: number, currency: string): XmlNode {
  return { '@_Ccy': currency, '#text': formatMinor(minor < 0n ? -minor : minor, precision) };
}

/** ISODateTime in UTC with milliseconds, as the service writes every time. */
export function isoDateTime(at: Date): string {
  return at.toISOString();
}

/** ISODate (the UTC day). */
export function isoDate(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** A UUID without hyphens: 32 characters, so it fits the Max35Text of ISO 20022 identifiers. */
export function compactId(id: string): string {
  return id.replace(/-/g, '');
}

/**
 * A sanctions list as the screening engine sees it, whatever format it came
 * in: entries with their names (the primary name first, then aliases), dates
 * of birth and countries. Parsers (application/list-formats/) build it.
 */
export const SANCTIONS_SOURCES = ['ofac_sdn', 'eu_fsf', 'un_sc'] as const;
export type SanctionsSource = (typeof SANCTIONS_SOURCES)[number];

/** The file format each source is published in (the body's `format` must name it). */
export const SOURCE_FORMAT: Readonly<Record<SanctionsSource, 'csv' | 'xml'>> = { ofac_sdn: 'csv', eu_fsf: 'xml', un_sc: 'xml' };

export type EntryType = 'individual' | 'entity' | 'vessel' | 'aircraft';

export interface SanctionsEntry {
  /** The list's own id of the entry (OFAC ent_num, EU logicalId, UN DATAID). */
  readonly entryId: string;
  readonly type: EntryType;
  /** The primary name first, then every alias, as the list spells them. */
  readonly names: readonly string[];
  /** `YYYY-MM-DD`, `YYYY-MM` or `YYYY`: as precise as the list is. */
  readonly datesOfBirth: readonly string[];
  /** ISO 3166 alpha-2 codes where the list gives them, else the country's name in capitals. */
  readonly countries: readonly string[];
  /** Sanctions programmes or regulations the entry is listed under. */
  readonly programs: readonly string[];
  /** Digital currency addresses the list names for the entry (OFAC's "Digital Currency Address - ETH 0x…"); absent when none. */
  readonly addresses?: readonly DigitalCurrencyAddress[];
}

export interface DigitalCurrencyAddress {
  /** The list's currency code: ETH, XBT (bitcoin), USDT, TRX … */
  readonly currency: string;
  readonly address: string;
}

/**
 * The form an address is compared in: hex addresses (0x…, EVM chains) are
 * case-insensitive (the capitals are only EIP-55's checksum), any other
 * (base58, bech32 as listed) is compared exactly.
 */
export function addressKey(address: string): string {
  const trimmed = address.trim();
  return /^0x[0-9a-fA-F]+$/.test(trimmed) ? trimmed.toLowerCase() : trimmed;
}

/** A parsed file: its entries and the publication date the file itself carries, if any. */
export interface ParsedList {
  readonly source: SanctionsSource;
  readonly publishedAt: string | null;
  readonly entries: readonly SanctionsEntry[];
}

/** A loaded list's version record: what every screening names. */
export interface ListVersion {
  readonly source: SanctionsSource;
  /** `sha256:` and the hex digest of the content as loaded. */
  readonly version: string;
  readonly publishedAt: string | null;
  readonly loadedAt: Date;
  readonly entries: number;
}

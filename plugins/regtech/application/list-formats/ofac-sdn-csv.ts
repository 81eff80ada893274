import { parse } from 'csv-parse/sync';
import { parseOfacDate } from '../../domain/date-of-birth.js';
import { countryCode } from '../../domain/country.js';
import type { DigitalCurrencyAddress, EntryType, ParsedList, SanctionsEntry } from '../../domain/sanctions-list.js';
import { ListProblems } from './list-problems.js';

/**
 * OFAC's SDN list in its CSV layout (treasury.gov "SDN.CSV", "ALT.CSV",
 * "ADD.CSV"): no header row, fields quoted when they hold commas, "-0- " for
 * an empty field, and a trailing Ctrl-Z on the last line of some files.
 * - sdn.csv: ent_num, SDN_Name, SDN_Type, Program, Title, Call_Sign,
 *   Vess_type, Tonnage, GRT, Vess_flag, Vess_owner, Remarks. SDN_Type is
 *   "individual", "vessel", "aircraft", or null for an entity. Remarks hold
 *   "DOB 12 Mar 1962; alt. DOB 1963; nationality Iran; …".
 * - alt.csv: ent_num, alt_num, alt_type (a.k.a., f.k.a., n.k.a.), alt_name, alt_remarks.
 * - add.csv: ent_num, add_num, address, city/state/postal, country, add_remarks.
 * Digital currency addresses are remarks too: "Digital Currency Address -
 * ETH 0x…; Digital Currency Address - XBT 1…" (in sdn.csv's Remarks, and
 * read from add.csv's add_remarks as well); transaction monitoring checks
 * withdrawals against them.
 * The files carry no publication date.
 */
export interface OfacFiles {
  readonly sdn: string;
  readonly alt: string;
  readonly add: string;
}

const NULL = /^-0-\s*$/;
const clean = (field: string | undefined) => (field === undefined || NULL.test(field) ? '' : field.trim());

function rows(text: string, file: keyof OfacFiles, width: number, problems: ListProblems): Array<{ line: number; fields: string[] }> {
  const body = text.replace(/\u001a\s*$/, '');
  let records: Array<{ info: { lines: number }; record: string[] }>;
  try {
    records = parse(body, { relax_column_count: true, skip_empty_lines: true, info: true, bom: true, relax_quotes: true }) as unknown as typeof records;
  } catch (error) {
    problems.add(`/content/${file}`, `${file}.csv is not CSV: ${(error as Error).message}`);
    return [];
  }
  const found: Array<{ line: number; fields: string[] }> = [];
  for (const { info, record } of records) {
    if (record.length === 1 && record[0]!.trim() === '') continue;
    if (record.length !== width) {
      problems.add(`/content/${file}`, `${file}.csv line ${info.lines}: ${record.length} fields, the layout has ${width}`);
      continue;
    }
    if (!/^\d+$/.test(record[0]!.trim())) {
      problems.add(`/content/${file}`, `${file}.csv line ${info.lines}: ent_num '${record[0]}' is not a number`);
      continue;
    }
    found.push({ line: info.lines, fields: record });
  }
  return found;
}

const TYPES: Readonly<Record<string, EntryType>> = { individual: 'individual', vessel: 'vessel', aircraft: 'aircraft' };

const DIGITAL_CURRENCY_ADDRESS = /^Digital Currency Address\s*-\s*([A-Za-z0-9]+)\s+(\S+?)\.?$/i;

/** DOBs, nationalities and digital currency addresses out of a Remarks field. */
function remarks(text: string): { dates: string[]; countries: string[]; addresses: DigitalCurrencyAddress[] } {
  const dates: string[] = [];
  const countries: string[] = [];
  const addresses: DigitalCurrencyAddress[] = [];
  for (const part of text.split(';')) {
    const item = part.trim().replace(/^alt\.\s+/i, '');
    const wallet = DIGITAL_CURRENCY_ADDRESS.exec(item);
    if (wallet) addresses.push({ currency: wallet[1]!.toUpperCase(), address: wallet[2]! });
    const dob = /^DOB\s+(.+)$/i.exec(item);
    if (dob) dates.push(...(parseOfacDate(dob[1]!.replace(/\.$/, '')) ?? []));
    const nation = /^(?:nationality|citizen)\s+(.+)$/i.exec(item);
    if (nation) {
      const code = countryCode(nation[1]!.replace(/\.$/, ''));
      if (code) countries.push(code);
    }
  }
  return { dates, countries, addresses };
}

export function parseOfacSdn(files: OfacFiles): ParsedList {
  const problems = new ListProblems();
  const entries = new Map<string, { type: EntryType; names: string[]; dates: string[]; countries: string[]; programs: string[]; addresses: DigitalCurrencyAddress[] }>();
  const sdnRows = rows(files.sdn, 'sdn', 12, problems);
  if (sdnRows.length === 0 && files.sdn.trim() !== '') problems.add('/content/sdn', 'sdn.csv has no entries');
  for (const { line, fields } of sdnRows) {
    const id = fields[0]!.trim();
    const name = clean(fields[1]);
    if (name === '') {
      problems.add('/content/sdn', `sdn.csv line ${line}: entry ${id} has no SDN_Name`);
      continue;
    }
    if (entries.has(id)) {
      problems.add('/content/sdn', `sdn.csv line ${line}: ent_num ${id} appears twice`);
      continue;
    }
    const { dates, countries, addresses } = remarks(clean(fields[11]));
    const flag = clean(fields[9]);
    if (flag) countries.push(countryCode(flag)!);
    const programs = clean(fields[3]).split(/\]\s*\[|[\[\]]/).map((p) => p.trim()).filter(Boolean);
    entries.set(id, { type: TYPES[clean(fields[2]).toLowerCase()] ?? 'entity', names: [name], dates, countries, programs, addresses });
  }
  for (const { line, fields } of rows(files.alt, 'alt', 5, problems)) {
    const entry = entries.get(fields[0]!.trim());
    const name = clean(fields[3]);
    if (!entry) problems.add('/content/alt', `alt.csv line ${line}: ent_num ${fields[0]} is not in sdn.csv`);
    else if (name) entry.names.push(name);
  }
  for (const { line, fields } of rows(files.add, 'add', 6, problems)) {
    const entry = entries.get(fields[0]!.trim());
    const country = countryCode(clean(fields[4]));
    if (!entry) problems.add('/content/add', `add.csv line ${line}: ent_num ${fields[0]} is not in sdn.csv`);
    else {
      if (country && !entry.countries.includes(country)) entry.countries.push(country);
      entry.addresses.push(...remarks(clean(fields[5])).addresses);
    }
  }
  problems.check();
  const list: SanctionsEntry[] = [...entries].map(([entryId, e]) => ({
    entryId,
    type: e.type,
    names: e.names,
    datesOfBirth: [...new Set(e.dates)],
    countries: [...new Set(e.countries)],
    programs: e.programs,
    ...(e.addresses.length > 0 ? { addresses: uniqueAddresses(e.addresses) } : {}),
  }));
  return { source: 'ofac_sdn', publishedAt: null, entries: list };
}

function uniqueAddresses(addresses: readonly DigitalCurrencyAddress[]): DigitalCurrencyAddress[] {
  const seen = new Map<string, DigitalCurrencyAddress>();
  for (const one of addresses) seen.set(`${one.currency} ${one.address}`, one);
  return [...seen.values()];
}

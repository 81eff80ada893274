import { ValidationError } from '../../../../kernel/public.js';
import { countryCode } from '../../domain/country.js';
import { checkPartyDate, yearRange } from '../../domain/date-of-birth.js';
import type { EntryType, ParsedList, SanctionsEntry } from '../../domain/sanctions-list.js';
import { ListProblems } from './list-problems.js';
import { children, readXml, text } from './xml-document.js';

/**
 * The UN Security Council consolidated list in its XML layout
 * (scsanctions.un.org, consolidated-list.xsd): `CONSOLIDATED_LIST@dateGenerated`,
 * `INDIVIDUALS/INDIVIDUAL` with DATAID, FIRST_NAME … FOURTH_NAME,
 * UN_LIST_TYPE, NATIONALITY/VALUE, INDIVIDUAL_ALIAS/ALIAS_NAME,
 * INDIVIDUAL_ADDRESS/COUNTRY and INDIVIDUAL_DATE_OF_BIRTH (TYPE_OF_DATE
 * EXACT with DATE, APPROXIMATELY with YEAR, BETWEEN with FROM_YEAR/TO_YEAR),
 * and `ENTITIES/ENTITY` with DATAID, FIRST_NAME (the entity's name),
 * ENTITY_ALIAS and ENTITY_ADDRESS.
 */
const ARRAYS = new Set(['INDIVIDUAL', 'ENTITY', 'INDIVIDUAL_ALIAS', 'ENTITY_ALIAS', 'INDIVIDUAL_DATE_OF_BIRTH', 'INDIVIDUAL_ADDRESS', 'ENTITY_ADDRESS', 'NATIONALITY', 'VALUE']);

export function parseUnSc(content: string): ParsedList {
  const root = readXml(content, ARRAYS)['CONSOLIDATED_LIST'];
  if (!root || typeof root !== 'object') throw ValidationError.field('/content', 'the root element must be <CONSOLIDATED_LIST> (the UN Security Council consolidated list layout)');
  const problems = new ListProblems();
  const entries: SanctionsEntry[] = [];
  const seen = new Set<string>();
  const read = (node: Record<string, unknown>, type: EntryType, at: string, prefix: 'INDIVIDUAL' | 'ENTITY') => {
    const id = text(node, 'DATAID');
    if (!id) return problems.add('/content', `${at} has no DATAID`);
    if (seen.has(id)) return problems.add('/content', `${at}: DATAID ${id} appears twice`);
    seen.add(id);
    const primary = ['FIRST_NAME', 'SECOND_NAME', 'THIRD_NAME', 'FOURTH_NAME'].map((part) => text(node, part)).filter(Boolean).join(' ');
    if (!primary) return problems.add('/content', `${at} (DATAID ${id}) has no FIRST_NAME`);
    const aliases = children(node, `${prefix}_ALIAS`).map((alias) => text(alias, 'ALIAS_NAME')).filter(Boolean);
    const dates = children(node, 'INDIVIDUAL_DATE_OF_BIRTH').flatMap((birth) => {
      const date = text(birth, 'DATE');
      const year = text(birth, 'YEAR');
      const from = text(birth, 'FROM_YEAR');
      const to = text(birth, 'TO_YEAR');
      try {
        if (date) return [checkPartyDate(date.slice(0, 10), '/content')];
        if (year) return [checkPartyDate(year, '/content')];
        if (from && to) return yearRange(Number(checkPartyDate(from, '/content')), Number(checkPartyDate(to, '/content')));
      } catch {
        problems.add('/content', `${at} (DATAID ${id}): INDIVIDUAL_DATE_OF_BIRTH is not a date`);
      }
      return [];
    });
    const nationalities = children(node, 'NATIONALITY').flatMap((nationality) => children(nationality, 'VALUE').map((value) => text(value, '#text')));
    const addressCountries = children(node, `${prefix}_ADDRESS`).map((address) => text(address, 'COUNTRY'));
    const countries = [...nationalities, ...addressCountries].map((country) => countryCode(country)).filter((code): code is string => !!code);
    const listType = text(node, 'UN_LIST_TYPE');
    entries.push({
      entryId: id,
      type,
      names: [...new Set([primary, ...aliases])],
      datesOfBirth: [...new Set(dates)],
      countries: [...new Set(countries)],
      programs: listType ? [listType] : [],
    });
  };
  children(children(root, 'INDIVIDUALS')[0], 'INDIVIDUAL').forEach((node, index) => read(node, 'individual', `INDIVIDUAL #${index + 1}`, 'INDIVIDUAL'));
  children(children(root, 'ENTITIES')[0], 'ENTITY').forEach((node, index) => read(node, 'entity', `ENTITY #${index + 1}`, 'ENTITY'));
  problems.check();
  return { source: 'un_sc', publishedAt: text(root, '@_dateGenerated') || null, entries };
}

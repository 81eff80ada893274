import { ValidationError } from '../../../../kernel/public.js';
import { countryCode } from '../../domain/country.js';
import { checkPartyDate } from '../../domain/date-of-birth.js';
import type { ParsedList, SanctionsEntry } from '../../domain/sanctions-list.js';
import { ListProblems } from './list-problems.js';
import { children, readXml, text } from './xml-document.js';

/**
 * The EU consolidated list of persons, groups and entities subject to
 * financial sanctions, in the Financial Sanctions Files' XML "export"
 * layout (namespace http://eu.europa.ec/fpi/fsd/export, file version 1.1):
 * `export@generationDate` and one `sanctionEntity@logicalId` per listing
 * with `subjectType@code` (person, enterprise), `nameAlias` (@wholeName,
 * else @firstName @middleName @lastName), `birthdate` (@birthdate, else
 * @year / @monthOfYear / @dayOfMonth), `citizenship@countryIso2Code`,
 * `address@countryIso2Code` and `regulation@programme`.
 */
const ARRAYS = new Set(['sanctionEntity', 'nameAlias', 'birthdate', 'citizenship', 'address', 'regulation']);

export function parseEuFsf(content: string): ParsedList {
  const root = readXml(content, ARRAYS)['export'];
  const problems = new ListProblems();
  if (!root || typeof root !== 'object') throw ValidationError.field('/content', 'the root element must be <export> (the EU Financial Sanctions Files layout)');
  const entries: SanctionsEntry[] = [];
  const seen = new Set<string>();
  children(root, 'sanctionEntity').forEach((entity, index) => {
    const at = `sanctionEntity #${index + 1}`;
    const id = text(entity, '@_logicalId');
    if (!id) return problems.add('/content', `${at} has no logicalId`);
    if (seen.has(id)) return problems.add('/content', `${at}: logicalId ${id} appears twice`);
    seen.add(id);
    const names = children(entity, 'nameAlias')
      .map((alias) => text(alias, '@_wholeName') || [text(alias, '@_firstName'), text(alias, '@_middleName'), text(alias, '@_lastName')].filter(Boolean).join(' '))
      .filter(Boolean);
    if (names.length === 0) return problems.add('/content', `${at} (logicalId ${id}) has no nameAlias with a name`);
    const code = children(entity, 'subjectType')[0] ? text(children(entity, 'subjectType')[0], '@_code') : text(entity, 'subjectType');
    const dates = children(entity, 'birthdate').flatMap((birth) => {
      const full = text(birth, '@_birthdate');
      const year = text(birth, '@_year');
      const month = text(birth, '@_monthOfYear');
      const day = text(birth, '@_dayOfMonth');
      const date = full || (year ? [year, month && month.padStart(2, '0'), month && day && day.padStart(2, '0')].filter(Boolean).join('-') : '');
      if (!date) return [];
      try {
        return [checkPartyDate(date, '/content')];
      } catch {
        problems.add('/content', `${at} (logicalId ${id}): birthdate '${date}' is not a date`);
        return [];
      }
    });
    const countries = [...children(entity, 'citizenship'), ...children(entity, 'address')]
      .map((place) => countryCode(text(place, '@_countryIso2Code') === '00' ? '' : text(place, '@_countryIso2Code')))
      .filter((country): country is string => !!country);
    const programs = children(entity, 'regulation').map((regulation) => text(regulation, '@_programme')).filter(Boolean);
    entries.push({
      entryId: id,
      type: code === 'person' ? 'individual' : 'entity',
      names: [...new Set(names)],
      datesOfBirth: [...new Set(dates)],
      countries: [...new Set(countries)],
      programs: [...new Set(programs)],
    });
  });
  problems.check();
  return { source: 'eu_fsf', publishedAt: text(root, '@_generationDate') || null, entries };
}

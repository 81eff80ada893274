import { createHash } from 'node:crypto';
import { ValidationError } from '../../../kernel/public.js';
import { SOURCE_FORMAT, type ParsedList, type SanctionsSource } from '../domain/sanctions-list.js';
import { parseEuFsf } from './list-formats/eu-fsf-xml.js';
import { parseOfacSdn, type OfacFiles } from './list-formats/ofac-sdn-csv.js';
import { parseUnSc } from './list-formats/un-sc-xml.js';

export interface ParsedListWithVersion {
  readonly list: ParsedList;
  /** `sha256:` + hex of the content (for OFAC, of the three files in order, each named). */
  readonly version: string;
}

/**
 * Reads a list file of the source's format, or refuses it with a pointer:
 * the format must be the source's (csv for ofac_sdn, xml for the others) and
 * the content its shape (the three files for OFAC, one text for the others).
 */
export function parseListContent(source: SanctionsSource, format: 'csv' | 'xml', content: string | OfacFiles): ParsedListWithVersion {
  if (SOURCE_FORMAT[source] !== format) throw ValidationError.field('/format', `${source} is published as ${SOURCE_FORMAT[source]}`);
  if (source === 'ofac_sdn') {
    if (typeof content === 'string') throw ValidationError.field('/content', 'for ofac_sdn, content is {sdn, alt, add}: the text of sdn.csv, alt.csv and add.csv');
    const hash = createHash('sha256');
    for (const file of ['sdn', 'alt', 'add'] as const) hash.update(`${file}.csv\u0000${content[file]}\u0000`);
    return { list: parseOfacSdn(content), version: `sha256:${hash.digest('hex')}` };
  }
  if (typeof content !== 'string') throw ValidationError.field('/content', `for ${source}, content is the XML file's text`);
  const list = source === 'eu_fsf' ? parseEuFsf(content) : parseUnSc(content);
  return { list, version: `sha256:${createHash('sha256').update(content).digest('hex')}` };
}

import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { ValidationError } from '../../../../kernel/public.js';

/**
 * Reads an XML list into plain objects with fast-xml-parser: attributes
 * under `@_`, namespace prefixes dropped, every value kept as text (a
 * reference number is not a number), the named elements always arrays. A
 * file that is not well-formed XML is a 422 naming the line.
 */
export function readXml(content: string, arrays: ReadonlySet<string>): Record<string, unknown> {
  const valid = XMLValidator.validate(content);
  if (valid !== true) {
    throw ValidationError.field('/content', `not well-formed XML: ${valid.err.msg} (line ${valid.err.line}, column ${valid.err.col})`);
  }
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    removeNSPrefix: true,
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: true,
    isArray: (name) => arrays.has(name),
  });
  return parser.parse(content) as Record<string, unknown>;
}

type Node = Record<string, unknown>;

/** The child elements of that name (none, one or many) as objects. */
export function children(node: unknown, name: string): Node[] {
  if (!node || typeof node !== 'object') return [];
  const value = (node as Node)[name];
  const all = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return all.map((one) => (one !== null && typeof one === 'object' ? (one as Node) : { '#text': one === null ? '' : String(one) }));
}

/** A child element's text or an attribute's value, trimmed; '' when absent. */
export function text(node: unknown, name: string): string {
  if (!node || typeof node !== 'object') return '';
  const value = (node as Node)[name];
  const first = Array.isArray(value) ? value[0] : value;
  if (first === undefined || first === null) return '';
  if (typeof first === 'object') return String((first as Node)['#text'] ?? '').trim();
  return String(first).trim();
}

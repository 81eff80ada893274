import { XMLBuilder, XMLParser, XMLValidator } from 'fast-xml-parser';
import { REPEATED_ELEMENTS, type Finding } from '../domain/rules.js';
import type { XmlNode, XmlValue } from '../domain/xml-tree.js';

/**
 * The one place XML text meets the domain's trees (fast-xml-parser):
 * attributes under `@_`, every value kept as text (an amount or an id is not
 * a number), namespace prefixes dropped from element names, and the
 * namespace an element is in kept as its `@_xmlns` (whether the document
 * declares it as default or with a prefix). A DOCTYPE is refused before parsing:
 * no ISO 20022 message carries one, and refusing it shuts out entity tricks.
 */
const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_', textNodeName: '#text', format: true, indentBy: '  ', suppressEmptyNode: false });

export function toXml(tree: XmlNode): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n${builder.build(tree) as string}`;
}

export function parseXml(text: string): { readonly ok: true; readonly tree: XmlNode } | { readonly ok: false; readonly finding: Finding } {
  if (/<!DOCTYPE/i.test(text)) return { ok: false, finding: { pointer: '/', code: 'doctype_not_allowed', message: 'An ISO 20022 message carries no DOCTYPE.' } };
  const valid = XMLValidator.validate(text);
  if (valid !== true) return { ok: false, finding: { pointer: '/', code: 'malformed_xml', message: `Not well-formed XML: ${valid.err.msg} (line ${valid.err.line}, column ${valid.err.col}).` } };
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    textNodeName: '#text',
    removeNSPrefix: false,
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: true,
    ignoreDeclaration: true,
  });
  return { ok: true, tree: unprefixed(parser.parse(text) as XmlNode) };
}

/**
 * Element names without their prefix (`ns:Stmt` → `Stmt`); `xmlns:ns` on an
 * element in prefix `ns` becomes its `@_xmlns`; other prefixed attributes
 * lose the prefix. Repeated elements are arrays by their local name.
 */
function unprefixed(node: XmlNode, prefix = ''): XmlNode {
  const out: XmlNode = {};
  for (const [key, value] of Object.entries(node)) {
    if (key.startsWith('@_')) {
      const name = key.slice(2);
      if (name === 'xmlns' || name.startsWith('xmlns:')) {
        if (name === (prefix ? `xmlns:${prefix}` : 'xmlns')) out['@_xmlns'] = value;
      } else out[`@_${name.slice(name.indexOf(':') + 1)}`] = value;
      continue;
    }
    if (key === '#text') {
      out[key] = value;
      continue;
    }
    const colon = key.indexOf(':');
    const local = key.slice(colon + 1);
    const childPrefix = colon < 0 ? '' : key.slice(0, colon);
    const convert = (one: XmlValue): XmlValue => (typeof one === 'object' && !Array.isArray(one) ? unprefixed(one, childPrefix) : one);
    const converted = Array.isArray(value) ? value.map(convert) : convert(value);
    const merged = out[local] === undefined ? converted : [...[out[local]].flat(), ...[converted].flat()];
    out[local] = REPEATED_ELEMENTS.has(local) && !Array.isArray(merged) ? [merged] : merged;
  }
  return out;
}

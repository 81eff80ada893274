import { compactId, type XmlNode } from './xml-tree.js';

/** The bank running the service, as it names itself in messages (configuration: pluginConfig.iso20022). */
export interface Institution {
  readonly name: string;
  /** A BIC when the bank has one; otherwise messages name it by `id`. */
  readonly bic: string | null;
  readonly id: string;
}

/** FinInstnId: the BIC when configured, else the name and a proprietary identification. */
export function financialInstitution(institution: Institution): XmlNode {
  if (institution.bic) return { FinInstnId: { BICFI: institution.bic, Nm: institution.name } };
  return { FinInstnId: { Nm: institution.name, Othr: { Id: institution.id } } };
}

/**
 * An account of ours in a message: identified by our account id without
 * hyphens (Othr/Id is Max34Text, a UUID has 36 characters), not an IBAN,
 * which the service does not issue.
 */
export function accountElement(accountId: string, name: string, currency?: string): XmlNode {
  return { Id: { Othr: { Id: compactId(accountId) } }, ...(currency ? { Ccy: currency } : {}), Nm: name.slice(0, 70) };
}

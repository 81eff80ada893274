import { ValidationError, type ValidationIssue } from '../../../../kernel/public.js';
import { isValidLei } from '../identifiers.js';

export { isValidLei };

/**
 * IVMS 101 (interVASP Messaging Standard, version 101.2023): the payload a
 * travel-rule message carries, built from the API's flat party fields, and
 * the completeness rules it sets (docs/regtech.md#ivms-101).
 */
export const NATIONAL_ID_TYPES = ['ARNU', 'CCPT', 'RAID', 'DRLC', 'FIIN', 'TXID', 'SOCS', 'IDCD', 'LEIX', 'MISC'] as const;
export type NationalIdType = (typeof NATIONAL_ID_TYPES)[number];
/** C7: the id types a legal person may carry. */
const LEGAL_PERSON_ID_TYPES: readonly NationalIdType[] = ['RAID', 'MISC', 'LEIX', 'TXID'];

export interface PartyAddress {
  readonly address_line?: readonly string[];
  readonly street_name?: string;
  readonly building_number?: string;
  readonly building_name?: string;
  readonly post_code?: string;
  readonly town_name?: string;
  readonly country: string;
}

/** A party as the API takes it; the first four fields are the spec's. */
export interface TravelRuleParty {
  readonly name: string;
  readonly account_number: string;
  readonly institution_name: string;
  readonly institution_country: string;
  readonly type?: 'natural' | 'legal';
  readonly address?: PartyAddress;
  readonly date_of_birth?: string;
  readonly place_of_birth?: string;
  readonly national_identification?: { readonly identifier: string; readonly type: NationalIdType; readonly country?: string };
  readonly customer_identification?: string;
}

export type PartyRole = 'originator' | 'beneficiary';

/**
 * The IVMS 101 constraints that make a party malformed rather than
 * incomplete (a 422 naming the field): C7 (a legal person's id type), C8 (an
 * address has address lines, or a street with a building name or number),
 * C9/C11 (an LEI is 20 characters with valid ISO 17442 check digits), and a
 * date of birth comes with its place (DateAndPlaceOfBirth has both).
 */
export function checkPartyShape(party: TravelRuleParty, pointer: string): void {
  const issues: ValidationIssue[] = [];
  const issue = (path: string, detail: string) => issues.push({ pointer: `${pointer}${path}`, detail, code: 'invalid_ivms101' });
  if (party.address) {
    const a = party.address;
    if (!(a.address_line && a.address_line.length > 0) && !(a.street_name && (a.building_name || a.building_number))) {
      issue('/address', 'an IVMS 101 address needs address_line, or street_name with building_number or building_name (constraint C8)');
    }
  }
  if ((party.date_of_birth === undefined) !== (party.place_of_birth === undefined)) {
    issue(party.date_of_birth === undefined ? '/date_of_birth' : '/place_of_birth', 'date_of_birth and place_of_birth go together (IVMS 101 DateAndPlaceOfBirth)');
  }
  if (party.date_of_birth !== undefined && party.type === 'legal') issue('/date_of_birth', 'a legal person has no date of birth');
  const id = party.national_identification;
  if (id) {
    if (party.type === 'legal' && !LEGAL_PERSON_ID_TYPES.includes(id.type)) {
      issue('/national_identification/type', `a legal person's id type is one of ${LEGAL_PERSON_ID_TYPES.join(', ')} (constraint C7)`);
    }
    if (id.type === 'LEIX' && !isValidLei(id.identifier)) issue('/national_identification/identifier', 'not a valid LEI: 20 characters with ISO 17442 check digits (constraints C9, C11)');
  }
  if (issues.length > 0) throw new ValidationError(issues);
}

export interface Completeness {
  readonly complete: boolean;
  /** What the level asks for and the party lacks, in IVMS 101 terms. */
  readonly missing: readonly string[];
}

/**
 * Whether a party carries what its role asks for at this level. Always: the
 * name and the account number of both parties (FATF R.16, TFR Art. 14(1)-(2))
 * and each party's institution. With full identification, the originator
 * also: a natural person an address, a customer or national id, or the date
 * and place of birth (IVMS 101 C1); a legal person an address, a national or
 * customer id (C4).
 */
export function completeness(party: TravelRuleParty, role: PartyRole, fullIdentification: boolean): Completeness {
  const missing: string[] = [];
  if (party.name.trim() === '') missing.push('name.nameIdentifier');
  if (party.account_number.trim() === '') missing.push('accountNumber');
  if (party.institution_name.trim() === '') missing.push(role === 'originator' ? 'originatingVASP' : 'beneficiaryVASP');
  if (fullIdentification && role === 'originator') {
    const natural = party.type !== 'legal';
    const identified = natural
      ? Boolean(party.address || party.customer_identification || party.national_identification || (party.date_of_birth && party.place_of_birth))
      : Boolean(party.address || party.national_identification || party.customer_identification);
    if (!identified) {
      missing.push(
        natural
          ? 'naturalPerson: geographicAddress, customerIdentification, nationalIdentification or dateAndPlaceOfBirth (C1)'
          : 'legalPerson: geographicAddress, nationalIdentification or customerIdentification (C4)',
      );
    }
  }
  return { complete: missing.length === 0, missing };
}

/** An IVMS 101.2023 Person for the party. A natural person's name is split at its last space: surname last. */
function person(party: TravelRuleParty): Record<string, unknown> {
  const address = party.address
    ? [
        {
          addressType: party.type === 'legal' ? 'BIZZ' : 'HOME',
          ...(party.address.street_name ? { streetName: party.address.street_name } : {}),
          ...(party.address.building_number ? { buildingNumber: party.address.building_number } : {}),
          ...(party.address.building_name ? { buildingName: party.address.building_name } : {}),
          ...(party.address.post_code ? { postCode: party.address.post_code } : {}),
          ...(party.address.town_name ? { townName: party.address.town_name } : {}),
          ...(party.address.address_line ? { addressLine: [...party.address.address_line] } : {}),
          country: party.address.country,
        },
      ]
    : undefined;
  const id = party.national_identification
    ? {
        nationalIdentification: {
          nationalIdentifier: party.national_identification.identifier,
          nationalIdentifierType: party.national_identification.type,
          ...(party.national_identification.country ? { countryOfIssue: party.national_identification.country } : {}),
        },
      }
    : {};
  const common = {
    ...(address ? { geographicAddress: address } : {}),
    ...id,
    ...(party.customer_identification ? { customerIdentification: party.customer_identification } : {}),
  };
  if (party.type === 'legal') {
    return { legalPerson: { name: { nameIdentifier: [{ legalPersonName: party.name, legalPersonNameIdentifierType: 'LEGL' }] }, ...common }, accountNumber: [party.account_number] };
  }
  const name = party.name.trim();
  const cut = name.lastIndexOf(' ');
  const nameIdentifier = cut > 0 ? { primaryIdentifier: name.slice(cut + 1), secondaryIdentifier: name.slice(0, cut), naturalPersonNameIdentifierType: 'LEGL' } : { primaryIdentifier: name, naturalPersonNameIdentifierType: 'LEGL' };
  return {
    naturalPerson: {
      name: { nameIdentifier: [nameIdentifier] },
      ...common,
      ...(party.date_of_birth && party.place_of_birth ? { dateAndPlaceOfBirth: { dateOfBirth: party.date_of_birth, placeOfBirth: party.place_of_birth } } : {}),
    },
    accountNumber: [party.account_number],
  };
}

function vasp(party: TravelRuleParty): Record<string, unknown> {
  return { legalPerson: { name: { nameIdentifier: [{ legalPersonName: party.institution_name, legalPersonNameIdentifierType: 'LEGL' }] }, countryOfRegistration: party.institution_country } };
}

/** The IVMS 101.2023 message for a transfer between the two parties. */
export function ivms101Message(originator: TravelRuleParty, beneficiary: TravelRuleParty): Record<string, unknown> {
  return {
    originator: { originatorPerson: [person(originator)] },
    beneficiary: { beneficiaryPerson: [person(beneficiary)] },
    originatingVASP: { originatingVASP: vasp(originator) },
    beneficiaryVASP: { beneficiaryVASP: vasp(beneficiary) },
    payloadMetadata: { payloadVersion: '101.2023' },
  };
}

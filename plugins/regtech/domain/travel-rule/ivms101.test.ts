import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ValidationError } from '../../../../kernel/public.js';
import { checkPartyShape, completeness, isValidLei, ivms101Message, type TravelRuleParty } from './ivms101.js';
import { riskLevel, riskScore } from './risk.js';

const basic: TravelRuleParty = { name: 'Ada King Lovelace', account_number: 'DE89370400440532013000', institution_name: 'Open Bank', institution_country: 'DE' };

test('below the threshold names and accounts suffice; at it the originator needs an address, an id or birth date and place (C1), a company an address or id (C4)', () => {
  assert.equal(completeness(basic, 'originator', false), { complete: true, missing: [] });
  assert.is(completeness(basic, 'originator', true).complete, false);
  assert.match(completeness(basic, 'originator', true).missing[0]!, /C1/);
  assert.is(completeness(basic, 'beneficiary', true).complete, true, 'the beneficiary needs its name and account only');
  assert.is(completeness({ ...basic, customer_identification: 'C-1' }, 'originator', true).complete, true);
  assert.is(completeness({ ...basic, date_of_birth: '1815-12-10', place_of_birth: 'London' }, 'originator', true).complete, true);
  assert.is(completeness({ ...basic, address: { address_line: ['1 Main St'], country: 'GB' } }, 'originator', true).complete, true);
  assert.match(completeness({ ...basic, type: 'legal' }, 'originator', true).missing[0]!, /C4/);
  assert.is(completeness({ ...basic, type: 'legal', national_identification: { identifier: '5493001KJTIIGC8Y1R12', type: 'LEIX' } }, 'originator', true).complete, true);
});

test('malformed IVMS 101 data is a 422 naming the field: C8 address, C7 legal id type, C9 LEI, date without place', () => {
  const pointers = (party: TravelRuleParty) => {
    try {
      checkPartyShape(party, '/originator');
      return [];
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      return error.issues.map((issue) => issue.pointer);
    }
  };
  assert.equal(pointers(basic), []);
  assert.equal(pointers({ ...basic, address: { town_name: 'London', country: 'GB' } }), ['/originator/address']);
  assert.equal(pointers({ ...basic, address: { street_name: 'Main St', building_number: '1', country: 'GB' } }), []);
  assert.equal(pointers({ ...basic, date_of_birth: '1815-12-10' }), ['/originator/place_of_birth']);
  assert.equal(pointers({ ...basic, type: 'legal', national_identification: { identifier: 'P123', type: 'CCPT' } }), ['/originator/national_identification/type']);
  assert.equal(pointers({ ...basic, type: 'legal', national_identification: { identifier: '5493001KJTIIGC8Y1R13', type: 'LEIX' } }), ['/originator/national_identification/identifier']);
  assert.ok(isValidLei('5493001KJTIIGC8Y1R12'));
  assert.not.ok(isValidLei('5493001KJTIIGC8Y1R1'));
});

test('the IVMS 101.2023 message: natural person name split at the last space, account in the person, institutions as legal persons', () => {
  const message = ivms101Message({ ...basic, customer_identification: 'C-1' }, { name: 'Babbage Ltd', type: 'legal', account_number: 'GB29', institution_name: 'Engine Bank', institution_country: 'GB' });
  assert.equal(message.originator, {
    originatorPerson: [
      { naturalPerson: { name: { nameIdentifier: [{ primaryIdentifier: 'Lovelace', secondaryIdentifier: 'Ada King', naturalPersonNameIdentifierType: 'LEGL' }] }, customerIdentification: 'C-1' }, accountNumber: ['DE89370400440532013000'] },
    ],
  });
  assert.equal(message.beneficiary, { beneficiaryPerson: [{ legalPerson: { name: { nameIdentifier: [{ legalPersonName: 'Babbage Ltd', legalPersonNameIdentifierType: 'LEGL' }] } }, accountNumber: ['GB29'] }] });
  assert.equal(message.beneficiaryVASP, { beneficiaryVASP: { legalPerson: { name: { nameIdentifier: [{ legalPersonName: 'Engine Bank', legalPersonNameIdentifierType: 'LEGL' }] }, countryOfRegistration: 'GB' } } });
  assert.equal(message.payloadMetadata, { payloadVersion: '101.2023' });
});

test('the risk score sums the weights, caps at 100, and bands at 25, 50 and 75', () => {
  assert.is(riskScore([]), 0);
  assert.is(riskLevel(riskScore(['crypto', 'cross_border'])), 'low');
  assert.is(riskLevel(riskScore(['incomplete_party'])), 'medium');
  assert.is(riskLevel(riskScore(['high_risk_country'])), 'high');
  assert.is(riskLevel(riskScore(['sanctions_match'])), 'critical');
  assert.is(riskScore(['sanctions_match', 'high_risk_country']), 100);
});

test.run();

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { isValidIsin } from '../identifiers.js';
import { decide, reportingDeadline } from './authority-model.js';
import { memberState } from './competent-authorities.js';
import { tradingDateTime, validateRts22, type Rts22Fields } from './rts22.js';

const LEI = '5493001KJTIIGC8Y1R12';
const fields: Rts22Fields = {
  report_status: 'NEWT',
  transaction_reference_number: '0B8F2C1E3D4A4B5C8D6E7F8091A2B3C4',
  executing_entity_id: LEI,
  investment_firm_covered: true,
  submitting_entity_id: LEI,
  buyer_id: 'DE19800101JOHN#DOE##',
  seller_id: LEI,
  trading_date_time: tradingDateTime(new Date('2026-11-25T04:00:00.123Z')),
  trading_capacity: 'DEAL',
  quantity: '10.000',
  quantity_currency: null,
  price: 'NOAP',
  price_currency: null,
  venue: 'XOFF',
  instrument_id: 'XS00000XAU05',
  instrument_full_name: 'Gold (troy ounce)',
  instrument_classification: null,
};

test('RTS 22 format rules: a well-formed report passes; each broken field is named with its number', () => {
  assert.is(fields.trading_date_time, '2026-11-25T04:00:00.123000Z');
  assert.equal(validateRts22(fields), []);
  const broken = (change: Partial<Rts22Fields>) => validateRts22({ ...fields, ...change }).map((problem) => problem.field);
  assert.equal(broken({ transaction_reference_number: 'abc-1' }), [2]);
  assert.equal(broken({ executing_entity_id: '5493001KJTIIGC8Y1R13' }), [4]);
  assert.equal(broken({ buyer_id: 'x1' }), [7]);
  assert.equal(broken({ buyer_id: '5493001KJTIIGC8Y1R13' }), [7], 'an LEI with wrong check digits is no national id either');
  assert.equal(broken({ seller_id: 'DE19800101JOHN#DOE##' }), [16], 'the seller cannot be the buyer');
  assert.equal(broken({ trading_date_time: '2026-11-25T04:00:00Z' }), [28]);
  assert.equal(broken({ quantity: '0.000' }), [30]);
  assert.equal(broken({ quantity: '1234567890123456789' }), [30], 'more than 18 digits');
  assert.equal(broken({ price_currency: 'USD' }), [34]);
  assert.equal(broken({ venue: 'OFF' }), [36]);
  assert.equal(broken({ instrument_id: 'XS00000XAU04' }), [41]);
  assert.equal(broken({ instrument_classification: 'abc' }), [43]);
  assert.ok(isValidIsin('US0378331005') && isValidIsin('DE0007164600'));
});

test('member states: the EU and EEA codes with their authorities, EL for Greece; others unknown', () => {
  assert.equal([memberState('de'), memberState('EL'), memberState('NO'), memberState('US'), memberState('UK'), memberState('CH')], ['DE', 'GR', 'NO', undefined, undefined, undefined]);
});

test('the T+1 deadline is the end of the next working day; Friday trades are due Monday', () => {
  assert.is(reportingDeadline(new Date('2026-11-25T04:00:00Z')).toISOString(), '2026-11-26T23:59:59.999Z');
  assert.is(reportingDeadline(new Date('2026-11-27T22:00:00Z')).toISOString(), '2026-11-30T23:59:59.999Z');
  assert.is(reportingDeadline(new Date('2026-11-28T10:00:00Z')).toISOString(), '2026-11-30T23:59:59.999Z', 'a Saturday trade too');
});

test('the simulated authority: accepts in time, rejects late (SIM-LATE), duplicates (CON-023) and cancellations of nothing (CON-024)', () => {
  const trade = new Date('2026-11-25T04:00:00Z');
  const newt = (receivedAt: string) => ({ reportStatus: 'NEWT' as const, tradingAt: trade, receivedAt: new Date(receivedAt) });
  const canc = { reportStatus: 'CANC' as const, tradingAt: trade, receivedAt: new Date('2026-11-25T05:00:00Z') };
  assert.equal(decide(newt('2026-11-26T23:59:59.999Z'), []), { outcome: 'accepted', reasons: [] });
  assert.equal(decide(newt('2026-11-27T00:00:00Z'), []).reasons.map((reason) => reason.code), ['SIM-LATE']);
  assert.equal(decide(newt('2026-11-25T05:00:00Z'), [{ reportStatus: 'NEWT', outcome: 'accepted' }]).reasons.map((r) => r.code), ['CON-023']);
  assert.is(decide(newt('2026-11-25T05:00:00Z'), [{ reportStatus: 'NEWT', outcome: 'accepted' }, { reportStatus: 'CANC', outcome: 'accepted' }]).outcome, 'accepted', 'reported again after a cancellation');
  assert.is(decide(newt('2026-11-25T05:00:00Z'), [{ reportStatus: 'NEWT', outcome: 'rejected' }]).outcome, 'accepted', 'a corrected report after a rejection');
  assert.equal(decide(canc, []).reasons.map((r) => r.code), ['CON-024']);
  assert.equal(decide(canc, [{ reportStatus: 'NEWT', outcome: 'rejected' }]).reasons.map((r) => r.code), ['CON-024']);
  assert.is(decide(canc, [{ reportStatus: 'NEWT', outcome: 'accepted' }]).outcome, 'accepted');
});

test.run();

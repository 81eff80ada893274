import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { PartyFacts } from '../domain/narrowing.js';
import { testEuFsf } from '../test-lists/eu-fsf.js';
import { testOfacSdn } from '../test-lists/ofac-sdn.js';
import { testUnSc } from '../test-lists/un-sc.js';
import { parseListContent } from './list-parsing.js';
import { nameKey, nameScore } from './name-score.js';
import { ScreeningIndex } from './screening-index.js';
import { nameTokens } from '../domain/party-name.js';

const THRESHOLD = 0.92;
const index = new ScreeningIndex(
  [parseListContent('ofac_sdn', 'csv', testOfacSdn), parseListContent('eu_fsf', 'xml', testEuFsf), parseListContent('un_sc', 'xml', testUnSc)].map(({ list }) => list),
);
const search = (name: string, party: PartyFacts = {}) => index.search(name, party, THRESHOLD, 20);
const ids = (name: string, party: PartyFacts = {}) => search(name, party).map((match) => `${match.source}:${match.entry.entryId}`);
const score = (a: string, b: string) => nameScore(nameKey(nameTokens(a)), nameKey(nameTokens(b)));

test('every name and alias of the three shipped lists is indexed', () => {
  // OFAC 7 names + 5 aliases, EU 3 + 2, UN 3 + 3 (one alias empty): 23.
  assert.is(index.size, 12 + 5 + 6);
});

test('an exact name, in any order, case and punctuation, scores 1', () => {
  const [match] = search('darius feyzollah qorvani');
  assert.equal([match!.entry.entryId, match!.score, match!.nameMatched], ['9001', 1, 'QORVANI, Darius Feyzollah']);
  assert.equal(ids('Qorvani, Darius Feyzollah'), ['ofac_sdn:9001']);
  assert.equal(ids('RI, Song-Chol'), ['un_sc:6900002']);
});

test('diacritics: the listed Łukasz Wędrowski-Müller is Lukasz Wedrowski Muller', () => {
  const [match] = search('Lukasz Wedrowski Muller');
  assert.equal([match!.source, match!.entry.entryId, match!.score], ['eu_fsf', '70001', 1]);
});

test('transliterations: Mohammed for Muhammad, Hakeem for Hakim, through Jaro–Winkler and Double Metaphone', () => {
  assert.ok(score('Mohammed', 'Muhammad') >= 0.95);
  const [zahrani] = search('Mohammed Yusuf Al Zahrani');
  assert.equal(zahrani!.entry.entryId, '9002');
  assert.ok(zahrani!.score >= THRESHOLD && zahrani!.score < 1, String(zahrani!.score));
  assert.equal(ids('Hakim Masruri'), ['un_sc:6900001']);
});

test('a middle name the caller left out still matches, at a lower score; an alias matches and says so', () => {
  const [petrovsky] = search('Ivan Petrovsky');
  assert.equal([petrovsky!.entry.entryId, petrovsky!.score], ['70003', 0.95]);
  const [alias] = search('Daryush Qurvani');
  assert.equal([alias!.entry.entryId, alias!.nameMatched], ['9001', 'QURVANI, Daryush']);
  assert.match(alias!.reasons[0]!, /on an alias/);
});

test('swapped name order: Doe John is John Doe', () => {
  assert.is(score('Doe John', 'John Doe'), 1);
  assert.equal(ids('Kessling Anneliese'), ids('Anneliese Kessling'));
});

test('non-matches: other people, a single common word, a near miss below the threshold', () => {
  assert.equal(ids('John Smith'), []);
  assert.equal(ids('Maria Gonzalez'), [], 'two of Jose Maria Beltrano Gonzalez\'s four words: 1 - 2 × 0.05 = 0.90');
  assert.equal(ids('Mohammed'), [], 'one word never matches a full name alone');
  // Dariush Korvani's alias is close, but not close enough.
  const near = score('Daria Korvina', 'KORVANI, Dariush F.');
  assert.ok(near > 0.85 && near < THRESHOLD, String(near));
  assert.equal(ids('Daria Korvina'), []);
  assert.ok(score('Annalise Kesler', 'KESSLING, Anneliese') < THRESHOLD);
});

test('date of birth: one the list gives that differs excludes; one that agrees or none on the list keeps the match, with the reason', () => {
  assert.equal(ids('Darius Qorvani', { dateOfBirth: '1962-03-12' }), ['ofac_sdn:9001']);
  assert.equal(ids('Darius Qorvani', { dateOfBirth: '1962' }), ['ofac_sdn:9001'], 'a year agrees with the full date');
  assert.equal(ids('Darius Qorvani', { dateOfBirth: '1971-01-01' }), []);
  assert.equal(ids('Hakim Masruri', { dateOfBirth: '1967-05-01' }), ['un_sc:6900001'], 'inside the listed range');
  assert.equal(ids('Hakim Masruri', { dateOfBirth: '1970-05-01' }), []);
  const [noDob] = search('Pavel Volkov-Orlando', { dateOfBirth: '1970-05-01' });
  assert.ok(noDob!.reasons.includes('date of birth: none on the list'));
});

test('country: one the list gives agrees or lowers the score by 0.05 (which can drop it under the threshold); type excludes', () => {
  const [agrees] = search('Darius Qorvani', { country: 'IR' });
  assert.equal([agrees!.score, agrees!.reasons.at(-1)], [0.95, 'country agrees (IR)']);
  const [differs] = search('Darius Feyzollah Qorvani', { country: 'FR' });
  assert.equal(differs!.score, 0.95);
  assert.match(differs!.reasons.at(-1)!, /country differs \(list: IR\)/);
  assert.equal(ids('Darius Qorvani', { country: 'FR' }), [], '0.95 - 0.05 is under 0.92');
  assert.equal(ids('Starlight Kestrel', { type: 'individual' }), []);
  assert.equal(ids('Starlight Kestrel', { type: 'entity' }), ['ofac_sdn:9005']);
  assert.equal(ids('Ri Song Chol', { type: 'entity' }), []);
});

test('legal forms and spelling: Northern Wind General Trading, Green Harbor Shipping', () => {
  assert.equal(ids('Northwind Trading LLC'), ['ofac_sdn:9004']);
  assert.equal(ids('Green Harbour Shipping and Logistics'), ['un_sc:6900101']);
});

test.run();

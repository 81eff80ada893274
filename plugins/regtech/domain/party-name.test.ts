import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { countryCode } from './country.js';
import { checkPartyDate, datesAgree, parseOfacDate } from './date-of-birth.js';
import { nameTokens, normaliseName } from './party-name.js';

test('names: case, diacritics (NFKD, marks dropped), punctuation and word order do not count', () => {
  assert.is(normaliseName('MUÑOZ-García, José'), 'garcia jose munoz');
  assert.is(normaliseName('jose garcia munoz'), 'garcia jose munoz');
  assert.is(normaliseName('Łukasz Wędrowski-Müller'), 'lukasz muller wedrowski');
  assert.is(normaliseName("O'Brien, Seán"), 'obrien sean');
  assert.is(normaliseName('Straße'), 'strasse');
  assert.equal(nameTokens('  '), []);
});

test('names: legal forms are dropped unless the name is nothing else', () => {
  assert.is(normaliseName('Northwind Trading FZCO'), 'northwind trading');
  assert.is(normaliseName('Acme Holdings, Ltd.'), 'acme holdings');
  assert.is(normaliseName('LLC'), 'llc');
});

test('dates of birth as OFAC Remarks write them, and agreement by the parts both give', () => {
  assert.equal(parseOfacDate('12 Mar 1962'), ['1962-03-12']);
  assert.equal(parseOfacDate('1 Jan 1950'), ['1950-01-01']);
  assert.equal(parseOfacDate('Mar 1962'), ['1962-03']);
  assert.equal(parseOfacDate('circa 1975'), ['1975']);
  assert.equal(parseOfacDate('1958 to 1960'), ['1958', '1959', '1960']);
  assert.is(parseOfacDate('unknown'), undefined);
  assert.ok(datesAgree('1962-03-12', '1962'));
  assert.ok(datesAgree('1962-03', '1962-03-12'));
  assert.not.ok(datesAgree('1962-03-12', '1962-03-13'));
  assert.not.ok(datesAgree('1963', '1962-03-12'));
  assert.is(checkPartyDate('2000-02-29', '/d'), '2000-02-29');
  for (const bad of ['1999-02-29', '1962-13', '12/03/1962', '62']) assert.throws(() => checkPartyDate(bad, '/d'));
});

test('countries: codes kept, English names and the long forms lists use resolved, unknown names kept in capitals', () => {
  assert.is(countryCode('ir'), 'IR');
  assert.is(countryCode('Iran'), 'IR');
  assert.is(countryCode('Iran (Islamic Republic of)'), 'IR');
  assert.is(countryCode("Democratic People's Republic of Korea"), 'KP');
  assert.is(countryCode('Korea, North'), 'KP');
  assert.is(countryCode('Russia'), 'RU');
  assert.is(countryCode('Germany'), 'DE');
  assert.is(countryCode('United Kingdom'), 'GB');
  assert.is(countryCode('Atlantis'), 'ATLANTIS');
  assert.is(countryCode('-0- '), undefined);
});

test.run();

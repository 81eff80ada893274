import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ValidationError } from '../../../../kernel/public.js';
import { testEuFsf } from '../../test-lists/eu-fsf.js';
import { testOfacSdn } from '../../test-lists/ofac-sdn.js';
import { testUnSc } from '../../test-lists/un-sc.js';
import { parseListContent } from '../list-parsing.js';
import { parseEuFsf } from './eu-fsf-xml.js';
import { parseOfacSdn } from './ofac-sdn-csv.js';
import { parseUnSc } from './un-sc-xml.js';

/** The pointers and details of the 422 a bad file gives. */
function problems(work: () => unknown): Array<{ pointer?: string; detail: string }> {
  try {
    work();
  } catch (error) {
    assert.instance(error, ValidationError);
    return (error as ValidationError).issues.map(({ pointer, detail }) => ({ pointer, detail }));
  }
  throw new Error('expected a 422');
}

test('OFAC SDN: the shipped sdn/alt/add files, with quoted commas, -0- nulls, several aliases and DOBs in Remarks', () => {
  const list = parseOfacSdn(testOfacSdn);
  assert.is(list.source, 'ofac_sdn');
  assert.is(list.publishedAt, null);
  assert.is(list.entries.length, 7);
  const qorvani = list.entries.find((entry) => entry.entryId === '9001')!;
  assert.equal(qorvani, {
    entryId: '9001',
    type: 'individual',
    names: ['QORVANI, Darius Feyzollah', 'QURVANI, Daryush', 'KORVANI, Dariush F.'],
    datesOfBirth: ['1962-03-12'],
    countries: ['IR'],
    programs: ['SDGT', 'IRGC'],
  });
  const zahrani = list.entries.find((entry) => entry.entryId === '9002')!;
  assert.equal(zahrani.datesOfBirth, ['1975', '1976'], 'circa and alt. DOB');
  assert.equal(zahrani.countries, ['YE'], 'citizen in Remarks and the address country, once');
  assert.equal(list.entries.find((entry) => entry.entryId === '9003')!.datesOfBirth, ['1980-06'], 'month and year');
  assert.equal(list.entries.find((entry) => entry.entryId === '9007')!.datesOfBirth, ['1958', '1959', '1960'], 'a range of years');
  const company = list.entries.find((entry) => entry.entryId === '9004')!;
  assert.equal([company.type, company.names.length, company.datesOfBirth, company.countries], ['entity', 2, [], ['AE']], 'an -0- type is an entity');
  const vessel = list.entries.find((entry) => entry.entryId === '9005')!;
  assert.equal([vessel.type, vessel.countries], ['vessel', ['KP']], 'the quoted GRT "5,120" stays one field; the flag is a country');
  const pavel = list.entries.find((entry) => entry.entryId === '9006')!;
  assert.equal([pavel.datesOfBirth, pavel.countries], [[], ['RU']], 'no DOB; "Russia" is RU, not the withdrawn SU');
  assert.equal(
    list.entries.find((entry) => entry.entryId === '9007')!.addresses,
    [
      { currency: 'ETH', address: '0x7E57000000000000000000000000000000C0FFEE' },
      { currency: 'XBT', address: '1TestMadeUpAddressNotReal000000000' },
    ],
    'Digital Currency Address remarks, alt. ones too, without the closing full stop',
  );
  assert.is(qorvani.addresses, undefined, 'an entry with none has no addresses');
});

test('OFAC SDN: a digital currency address in add.csv remarks counts too', () => {
  const list = parseOfacSdn({ ...testOfacSdn, add: '9006,299,-0- ,-0- ,-0- ,"Digital Currency Address - TRX TXmadeUpTronAddress0000000000000"\n' });
  assert.equal(list.entries.find((entry) => entry.entryId === '9006')!.addresses, [{ currency: 'TRX', address: 'TXmadeUpTronAddress0000000000000' }]);
});

test('OFAC SDN: a wrong field count, a bad ent_num and an alias of no entry are 422s naming file and line', () => {
  const found = problems(() =>
    parseOfacSdn({
      sdn: '1,"DOE, John",individual,[SDGT],-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- \n2,"ROE, Jane",individual\nx,"BAD",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- \n',
      alt: '3,1,"aka","NOBODY",-0- \n',
      add: '',
    }),
  );
  assert.equal(found, [
    { pointer: '/content/sdn', detail: 'sdn.csv line 2: 3 fields, the layout has 12' },
    { pointer: '/content/sdn', detail: "sdn.csv line 3: ent_num 'x' is not a number" },
    { pointer: '/content/alt', detail: 'alt.csv line 1: ent_num 3 is not in sdn.csv' },
  ]);
  const swapped = problems(() => parseOfacSdn({ sdn: testOfacSdn.alt, alt: '', add: '' }));
  assert.ok(swapped.length > 1 && swapped.every((one) => one.pointer === '/content/sdn'));
  assert.match(swapped[0]!.detail, /sdn.csv line 1: 5 fields, the layout has 12/);
  assert.is(swapped.at(-1)!.detail, 'sdn.csv has no entries');
});

test('OFAC SDN: a Ctrl-Z at the end and CRLF lines are read as the Treasury publishes them', () => {
  const list = parseOfacSdn({ sdn: '36,"AEROCARIBBEAN AIRLINES",-0- ,[CUBA],-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- \r\n\u001a', alt: '36,12,"aka","AERO-CARIBBEAN",-0- \r\n', add: '' });
  assert.equal(list.entries.map((entry) => [entry.entryId, entry.names]), [['36', ['AEROCARIBBEAN AIRLINES', 'AERO-CARIBBEAN']]]);
});

test('EU FSF: the shipped export file: names from wholeName or its parts, birthdates, citizenship and address countries, programmes', () => {
  const list = parseEuFsf(testEuFsf);
  assert.is(list.publishedAt, '2026-11-02T17:50:34.219+01:00');
  assert.equal(list.entries[0], {
    entryId: '70001',
    type: 'individual',
    names: ['Łukasz Wędrowski-Müller', 'Lukas Wedrowski'],
    datesOfBirth: ['1971-09-04'],
    countries: ['PL'],
    programs: ['UKR'],
  });
  assert.equal([list.entries[1]!.type, list.entries[1]!.countries, list.entries[1]!.datesOfBirth], ['entity', ['SY'], []]);
  assert.equal([list.entries[2]!.names, list.entries[2]!.datesOfBirth], [['Ivan Sergeyevich Petrovsky'], ['1969']], 'no wholeName: the parts; only a year');
});

test('UN SC: the shipped consolidated list: four name parts, aliases (an empty one skipped), each kind of date of birth, nationality names to codes', () => {
  const list = parseUnSc(testUnSc);
  assert.is(list.publishedAt, '2026-10-28T09:00:02.118Z');
  assert.equal(
    list.entries.map((entry) => [entry.entryId, entry.type, entry.names, entry.datesOfBirth, entry.countries]),
    [
      ['6900001', 'individual', ['HAKIM ABDULLAH AL-MASRURI', 'Abu Hakim al-Masruri', 'Hakeem Masroori'], ['1966', '1967', '1968'], ['IQ']],
      ['6900002', 'individual', ['RI SONG CHOL'], ['1974-02-19', '1975'], ['KP']],
      ['6900101', 'entity', ['GREEN HARBOUR SHIPPING & LOGISTICS', 'Green Harbor Shipping Co.'], [], ['KP']],
    ],
  );
});

test('XML: not well-formed, the wrong root, an entry without an id or a name are 422s on /content', () => {
  assert.match(problems(() => parseUnSc('<CONSOLIDATED_LIST><INDIVIDUALS></CONSOLIDATED_LIST>'))[0]!.detail, /not well-formed XML: .*line 1/);
  assert.equal(problems(() => parseUnSc(testEuFsf)), [{ pointer: '/content', detail: 'the root element must be <CONSOLIDATED_LIST> (the UN Security Council consolidated list layout)' }]);
  assert.equal(problems(() => parseEuFsf(testUnSc)), [{ pointer: '/content', detail: 'the root element must be <export> (the EU Financial Sanctions Files layout)' }]);
  assert.equal(problems(() => parseUnSc('<CONSOLIDATED_LIST><INDIVIDUALS><INDIVIDUAL><FIRST_NAME>X</FIRST_NAME></INDIVIDUAL></INDIVIDUALS><ENTITIES><ENTITY><DATAID>5</DATAID></ENTITY></ENTITIES></CONSOLIDATED_LIST>')), [
    { pointer: '/content', detail: 'INDIVIDUAL #1 has no DATAID' },
    { pointer: '/content', detail: 'ENTITY #1 (DATAID 5) has no FIRST_NAME' },
  ]);
  assert.equal(problems(() => parseEuFsf('<export><sanctionEntity logicalId="1"><birthdate birthdate="1970-13-01"/><nameAlias wholeName="A"/></sanctionEntity><sanctionEntity logicalId="2"/></export>')), [
    { pointer: '/content', detail: "sanctionEntity #1 (logicalId 1): birthdate '1970-13-01' is not a date" },
    { pointer: '/content', detail: 'sanctionEntity #2 (logicalId 2) has no nameAlias with a name' },
  ]);
});

test('a format or content shape that is not the source\'s is a 422 with its pointer; the version is the content\'s sha256', () => {
  assert.equal(problems(() => parseListContent('ofac_sdn', 'xml', testOfacSdn)), [{ pointer: '/format', detail: 'ofac_sdn is published as csv' }]);
  assert.equal(problems(() => parseListContent('un_sc', 'csv', testUnSc)), [{ pointer: '/format', detail: 'un_sc is published as xml' }]);
  assert.is(problems(() => parseListContent('ofac_sdn', 'csv', 'text'))[0]!.pointer, '/content');
  assert.is(problems(() => parseListContent('eu_fsf', 'xml', testOfacSdn))[0]!.pointer, '/content');
  const first = parseListContent('un_sc', 'xml', testUnSc);
  assert.match(first.version, /^sha256:[0-9a-f]{64}$/);
  assert.is(parseListContent('un_sc', 'xml', testUnSc).version, first.version);
  assert.is.not(parseListContent('un_sc', 'xml', testUnSc.replace('HAKIM', 'HAKEEM')).version, first.version);
  // OFAC's three files each count: moving a line from one to another is another version.
  assert.is.not(parseListContent('ofac_sdn', 'csv', { ...testOfacSdn, add: '' }).version, parseListContent('ofac_sdn', 'csv', testOfacSdn).version);
});

test.run();

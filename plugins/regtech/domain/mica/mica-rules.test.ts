import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { micaFindings, whitePaperHash, workingDaysBetween, type FiledWhitePaper, type RegisteredIssuer } from './mica-rules.js';

const HASH = `sha256:${'ab'.repeat(32)}`;
const emi: RegisteredIssuer = { issuerId: 'EMI', name: 'Euro EMI SA', homeMemberState: 'LU', licences: ['e_money_institution'], withdrawn: false };
const paper = (overrides: Partial<FiledWhitePaper> = {}): FiledWhitePaper => ({ id: 'p', issuerId: 'EMI', assetType: 'emt', tokenName: 'EURX', hash: HASH, notifiedOn: '2026-09-01', publishedOn: '2026-09-29', approvedOn: null, ...overrides });
const check = (assetType: 'art' | 'emt' | 'other', issuer: RegisteredIssuer | undefined, filed: FiledWhitePaper | undefined) =>
  micaFindings({ assetType, issuerId: 'EMI', hash: HASH, today: '2026-11-25' }, issuer, filed).map((finding) => [finding.code, finding.passed]);

test('working days: weekends do not count; 2026-09-01 to 2026-09-29 is 20', () => {
  assert.is(workingDaysBetween('2026-09-01', '2026-09-29'), 20);
  assert.is(workingDaysBetween('2026-09-01', '2026-09-28'), 19);
  assert.is(workingDaysBetween('2026-11-27', '2026-11-30'), 1, 'Friday to Monday');
});

test('EMT (Title IV): an e-money institution with a paper notified 20 working days before publication passes; 19 days or a plain company fails', () => {
  assert.equal(check('emt', emi, paper()), [['issuer_registered', true], ['emt_issuer_authorised', true], ['white_paper_filed', true], ['notification_lead_time', true]]);
  assert.equal(check('emt', emi, paper({ publishedOn: '2026-09-28' })).at(-1), ['notification_lead_time', false]);
  assert.equal(check('emt', { ...emi, licences: [] }, paper())[1], ['emt_issuer_authorised', false]);
  assert.equal(check('emt', { ...emi, withdrawn: true }, paper()).slice(1, 3), [['authorisation_not_withdrawn', false], ['emt_issuer_authorised', false]]);
});

test('ART (Title III): needs an authorised issuer or a credit institution and an approved white paper', () => {
  const artIssuer = { ...emi, licences: ['art_issuer' as const] };
  assert.equal(check('art', artIssuer, paper({ assetType: 'art', approvedOn: '2026-10-01' })), [['issuer_registered', true], ['art_issuer_authorised', true], ['white_paper_filed', true], ['white_paper_approved', true]]);
  assert.equal(check('art', emi, paper({ assetType: 'art' })).slice(1), [['art_issuer_authorised', false], ['white_paper_filed', true], ['white_paper_approved', false]]);
  assert.equal(check('art', { ...emi, licences: ['credit_institution'] }, paper({ assetType: 'art', approvedOn: '2026-12-01' })).at(-1), ['white_paper_approved', false], 'approval still in the future');
});

test('other crypto-assets (Title II): no authorisation, a notified paper; an unknown issuer or paper fails', () => {
  assert.equal(check('other', { ...emi, licences: [] }, paper({ assetType: 'other', publishedOn: null })), [['issuer_registered', true], ['white_paper_filed', true], ['notification_lead_time', true]]);
  assert.equal(check('other', undefined, undefined), [['issuer_registered', false], ['white_paper_filed', false]]);
});

test('white paper hashes: sha256 and 64 hex digits only, lower-cased', () => {
  assert.is(whitePaperHash(`sha256:${'AB'.repeat(32)}`), HASH);
  assert.is(whitePaperHash(`sha256:${'ab'.repeat(31)}`), undefined);
  assert.is(whitePaperHash(`sha512:${'ab'.repeat(64)}`), undefined);
  assert.is(whitePaperHash('ab'.repeat(32)), undefined);
  assert.is(whitePaperHash(`SHA256:${'ab'.repeat(32)}`), undefined);
});

test.run();

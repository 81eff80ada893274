import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseXml, toXml } from '../application/xml-codec.js';
import { camt053, closingBalance } from './camt053.js';
import { pacs008 } from './pacs008.js';
import { checkDocument } from './rules.js';

/** The rules on documents the domain builds (valid) and on hand-broken ones (each finding with its pointer). */
const precision = (code: string) => ({ EUR: 2, USD: 2, JPY: 0 })[code];
const institution = { name: 'Test Bank', id: 'TEST', bic: null };
const check = (xml: string) => {
  const parsed = parseXml(xml);
  if (!parsed.ok) return { type: null, findings: [parsed.finding] };
  return checkDocument(parsed.tree, precision);
};
const codes = (xml: string) => check(xml).findings.map((finding) => `${finding.pointer} ${finding.code}`);

const transfer = pacs008(
  {
    messageId: 'OB1',
    createdAt: new Date('2026-03-01T10:00:00Z'),
    transferId: '0b6f1f1e-6a4e-4b8e-9d3a-2f7c1b5e8a90',
    amount: 12_345n,
    precision: 2,
    currency: 'EUR',
    debtor: { accountId: '3f2a7c1e-5b8d-4e9f-a6c2-1d4b7e9f0a35', name: 'Ada' },
    creditor: { accountId: '4f2a7c1e-5b8d-4e9f-a6c2-1d4b7e9f0a35', name: 'Bob' },
    settledAt: new Date('2026-03-01T09:00:00Z'),
    reference: null,
  },
  institution,
);
const entries = [
  { movementId: 'm1', seq: 1, amount: 10_000n, kind: 'deposit', reference: null, bookedAt: new Date('2026-03-01T08:00:00Z') },
  { movementId: 'm2', seq: 0, amount: -2_550n, kind: 'transfer', reference: 'rent', bookedAt: new Date('2026-03-01T09:00:00Z') },
];
const statementFacts = { messageId: 'OB2', createdAt: new Date('2026-03-02T00:00:00Z'), account: { id: 'a1', name: 'Main' }, currency: 'EUR', precision: 2, from: '2026-03-01', to: '2026-03-01', opening: -500n, entries };
const statement = camt053(statementFacts, institution);

test('the documents the service builds pass its own rules; the closing balance is opening + entries', () => {
  assert.equal(check(toXml(transfer)), { type: 'pacs.008', findings: [] });
  assert.equal(check(toXml(statement)), { type: 'camt.053', findings: [] });
  assert.is(closingBalance(statementFacts), 6_950n);
  assert.match(toXml(statement), /<Amt Ccy="EUR">5\.00<\/Amt>\s*<CdtDbtInd>DBIT<\/CdtDbtInd>/);
});

test('pacs.008: counts, control sum, required parties and currency decimals', () => {
  const xml = toXml(transfer)
    .replace('<NbOfTxs>1</NbOfTxs>', '<NbOfTxs>2</NbOfTxs>')
    .replace(/(<TtlIntrBkSttlmAmt Ccy="EUR">)123\.45/, '$1123.40')
    .replace(/<Dbtr>[\s\S]*?<\/Dbtr>/, '')
    .replace('<SttlmMtd>INDA</SttlmMtd>', '<SttlmMtd>CASH</SttlmMtd>')
    .replace('<ChrgBr>SLEV</ChrgBr>', '');
  assert.equal(codes(xml), [
    '/Document/FIToFICstmrCdtTrf/GrpHdr/NbOfTxs count_mismatch',
    '/Document/FIToFICstmrCdtTrf/GrpHdr/SttlmInf/SttlmMtd unknown_code',
    '/Document/FIToFICstmrCdtTrf/CdtTrfTxInf[1]/ChrgBr required',
    '/Document/FIToFICstmrCdtTrf/CdtTrfTxInf[1]/Dbtr required',
    '/Document/FIToFICstmrCdtTrf/GrpHdr/TtlIntrBkSttlmAmt sum_mismatch',
  ]);
  const yen = toXml(transfer).replace(/Ccy="EUR">123\.45/g, 'Ccy="JPY">123.45');
  assert.equal(codes(yen), ['/Document/FIToFICstmrCdtTrf/CdtTrfTxInf[1]/IntrBkSttlmAmt too_many_decimals', '/Document/FIToFICstmrCdtTrf/GrpHdr/TtlIntrBkSttlmAmt too_many_decimals']);
  const odd = toXml(transfer).replace(/Ccy="EUR">123\.45/g, 'Ccy="XAU">-1');
  assert.ok(codes(odd).includes('/Document/FIToFICstmrCdtTrf/CdtTrfTxInf[1]/IntrBkSttlmAmt invalid_amount'), codes(odd).join('\n'));
});

test('camt.053: balances, entry fields and the sum rule', () => {
  const noOpening = toXml(statement).replace('<Cd>OPBD</Cd>', '<Cd>ITBD</Cd>');
  assert.equal(codes(noOpening), ['/Document/BkToCstmrStmt/Stmt[1]/Bal missing_balance']);
  const wrongSign = toXml(statement).replace('<CdtDbtInd>DBIT</CdtDbtInd>', '<CdtDbtInd>CRDT</CdtDbtInd>');
  assert.equal(codes(wrongSign), ['/Document/BkToCstmrStmt/Stmt[1]/Bal[2] balance_mismatch']);
  const pending = toXml(statement).replace('<Cd>BOOK</Cd>', '<Cd>PDNG</Cd>');
  assert.equal(codes(pending), ['/Document/BkToCstmrStmt/Stmt[1]/Bal[2] balance_mismatch'], 'a pending entry is not in the booked sum');
  const foreign = toXml(statement).replace(/<Amt Ccy="EUR">100\.00/, '<Amt Ccy="USD">100.00');
  assert.equal(codes(foreign), ['/Document/BkToCstmrStmt/Stmt[1]/Ntry[1]/Amt/@Ccy currency_mismatch']);
  const noDate = toXml(statement).replace(/<BookgDt>[\s\S]*?<\/BookgDt>/, '');
  assert.equal(codes(noDate), ['/Document/BkToCstmrStmt/Stmt[1]/Ntry[1]/BookgDt required']);
});

test('namespaces by default or prefix; other roots and broken XML are findings, never throws', () => {
  const prefixed = toXml(statement)
    .replace(/<(\/?)([A-Za-z]+)([ >])/g, '<$1ns:$2$3')
    .replace('xmlns="urn', 'xmlns:ns="urn');
  assert.equal(check(prefixed), { type: 'camt.053', findings: [] });
  assert.equal(codes(toXml(statement).replace('camt.053.001.08', 'camt.052.001.08')), ['/Document/@xmlns wrong_namespace']);
  assert.equal(codes('<Invoice/>'), ['/ not_iso20022']);
  assert.equal(codes('<Document><Other/></Document>'), ['/Document unsupported_message']);
  assert.equal(codes('<Document>'), ['/ malformed_xml']);
});

test.run();

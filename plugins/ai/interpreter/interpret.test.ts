import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { interpret } from './interpret.js';
import type { Interpretation } from './interpretation.js';

/**
 * The interpreter's labelled phrasings: each query with the whole
 * interpretation it must give (fields left out are the empty defaults),
 * against a fixed "now" (Wednesday 25 November 2026, 08:00 UTC).
 */
const context = {
  now: new Date('2026-11-25T08:00:00Z'),
  assetCodes: new Set(['USD', 'EUR', 'GBP', 'CHF', 'JPY', 'BTC', 'ETH', 'USDC', 'USDT', 'DAI', 'POL', 'GCU']),
  accountNames: ['Savings', 'Alice Smith', 'Payroll'],
};

const empty: Interpretation = {
  type: [], status: [], direction: null,
  amount_min: null, amount_min_inclusive: false, amount_max: null, amount_max_inclusive: false, currency: null,
  date_range: { from: null, to: null }, has_compliance_flags: null, counterparties: [], chains: [], bridges: [],
  sort: null, limit: null, aggregate: null,
};

const day = (date: string) => `${date}T00:00:00.000Z`;
const range = (from: string | null, to: string | null) => ({ date_range: { from: from && day(from), to: to && day(to) } });
const over = (min: string, currency: string | null = null) => ({ amount_min: min, amount_min_inclusive: false, currency });
const between = (min: string, max: string, currency: string | null = null) => ({ amount_min: min, amount_min_inclusive: true, amount_max: max, amount_max_inclusive: true, currency });
const sum = (...group_by: string[]) => ({ aggregate: { function: 'sum', group_by } });

type Case = readonly [query: string, expected: Partial<Record<keyof Interpretation, unknown>>, notUnderstood?: string[]];

const cases: readonly Case[] = [
  // dates
  ['deposits today', { type: ['deposit'], ...range('2026-11-25', '2026-11-26') }],
  ['withdrawals yesterday', { type: ['withdrawal'], ...range('2026-11-24', '2026-11-25') }],
  ['transfers this week', { type: ['transfer'], ...range('2026-11-23', '2026-11-30') }],
  ['transfers last week', { type: ['transfer'], ...range('2026-11-16', '2026-11-23') }],
  ['deposits last month', { type: ['deposit'], ...range('2026-10-01', '2026-11-01') }],
  ['payments this month', { type: ['payment'], ...range('2026-11-01', '2026-12-01') }],
  ['swaps this quarter', { type: ['swap'], ...range('2026-10-01', '2027-01-01') }],
  ['deposits last year', { type: ['deposit'], ...range('2025-01-01', '2026-01-01') }],
  ['transactions in the last 7 days', { ...range('2026-11-19', null) }],
  ['withdrawals over the past 3 months', { type: ['withdrawal'], ...range('2026-08-26', null) }],
  ['failed transfers since 3 March', { type: ['transfer'], status: ['failed'], ...range('2026-03-03', null) }],
  ['deposits since March 3', { type: ['deposit'], ...range('2026-03-03', null) }],
  ['transfers before 10 november', { type: ['transfer'], ...range(null, '2026-11-10') }],
  ['deposits after 1 november', { type: ['deposit'], ...range('2026-11-02', null) }],
  ['deposits in october', { type: ['deposit'], ...range('2026-10-01', '2026-11-01') }],
  ['payments in december 2025', { type: ['payment'], ...range('2025-12-01', '2026-01-01') }],
  ['withdrawals in 2025', { type: ['withdrawal'], ...range('2025-01-01', '2026-01-01') }],
  ['deposits in Q3', { type: ['deposit'], ...range('2026-07-01', '2026-10-01') }],
  ['transfers between 1 oct and 5 oct', { type: ['transfer'], ...range('2026-10-01', '2026-10-06') }],
  ['deposits on 2026-11-02', { type: ['deposit'], ...range('2026-11-02', '2026-11-03') }],
  ['transfers from 1 March to 5 March', { type: ['transfer'], ...range('2026-03-01', '2026-03-06') }],
  ['deposits year to date', { type: ['deposit'], ...range('2026-01-01', null) }],
  // amounts and currencies
  ['deposits over $1,000', { type: ['deposit'], ...over('1000', 'USD') }],
  ['transactions between 50 and 200 EUR', between('50', '200', 'EUR')],
  ['transfers of more than 0.5 BTC', { type: ['transfer'], ...over('0.5', 'BTC') }],
  ['withdrawals under 200', { type: ['withdrawal'], amount_max: '200', amount_max_inclusive: false }],
  ['payments at least €20', { type: ['payment'], amount_min: '20', amount_min_inclusive: true, currency: 'EUR' }],
  ['deposits of at most 75.50 gbp', { type: ['deposit'], amount_max: '75.5', amount_max_inclusive: true, currency: 'GBP' }],
  ['deposits above 1.5k dollars', { type: ['deposit'], ...over('1500', 'USD') }],
  ['transfers around 100 usd', { type: ['transfer'], ...between('90', '110', 'USD') }],
  ['deposits of $500', { type: ['deposit'], ...between('500', '500', 'USD') }],
  ['my usdc deposits', { type: ['deposit'], currency: 'USDC' }],
  ['ETH withdrawals greater than 2 eth', { type: ['withdrawal'], ...over('2', 'ETH') }],
  ['deposits over 1,000 euros', { type: ['deposit'], ...over('1000', 'EUR') }],
  // types, statuses, directions, counterparties
  ['cross-chain transfers', { type: ['cross_chain_transfer'] }],
  ['bridge transfers', { type: ['cross_chain_transfer'] }],
  ['swaps and payments', { type: ['swap', 'payment'] }],
  ['pending deposits', { type: ['deposit'], status: ['pending'] }],
  ['completed withdrawals', { type: ['withdrawal'], status: ['completed'] }],
  ['transactions under review', { status: ['pending_review'] }],
  ['declined payments', { type: ['payment'], status: ['failed'] }],
  ['money I sent', { direction: 'sent' }],
  ['incoming transfers', { type: ['transfer'], direction: 'received' }],
  ['transfers to Savings', { type: ['transfer'], direction: 'sent', counterparties: ['Savings'] }],
  ['payments from alice smith', { type: ['payment'], direction: 'received', counterparties: ['Alice Smith'] }],
  ['transactions with payroll', { counterparties: ['Payroll'] }],
  // chains, bridges, compliance
  ['cross chain transfers on polygon via wormhole', { type: ['cross_chain_transfer'], chains: ['polygon'], bridges: ['wormhole'] }],
  ['bridged from ethereum to arbitrum', { type: ['cross_chain_transfer'], chains: ['ethereum', 'arbitrum'] }],
  ['transfers using layer zero', { type: ['transfer'], bridges: ['layerzero'] }],
  ['flagged transactions', { has_compliance_flags: true }],
  ['suspicious withdrawals', { type: ['withdrawal'], has_compliance_flags: true }],
  ['high-risk transfers', { type: ['transfer'], has_compliance_flags: true }],
  ['deposits not flagged', { type: ['deposit'], has_compliance_flags: false }],
  ['transactions on bnb chain', { chains: ['bsc'] }],
  // sorting and limits
  ['top 5 largest payments', { type: ['payment'], sort: { field: 'amount', direction: 'desc' }, limit: 5 }],
  ['what was my largest deposit', { type: ['deposit'], sort: { field: 'amount', direction: 'desc' }, limit: 1 }],
  ['most recent transaction', { sort: { field: 'created_at', direction: 'desc' }, limit: 1 }],
  ['last 3 transfers', { type: ['transfer'], sort: { field: 'created_at', direction: 'desc' }, limit: 3 }],
  ['10 smallest withdrawals', { type: ['withdrawal'], sort: { field: 'amount', direction: 'asc' }, limit: 10 }],
  ['first two deposits', { type: ['deposit'], sort: { field: 'created_at', direction: 'asc' }, limit: 2 }],
  ['top 99999999999999999999 deposits', { type: ['deposit'], sort: { field: 'amount', direction: 'desc' }, limit: 1000 }],
  ['oldest deposits', { type: ['deposit'], sort: { field: 'created_at', direction: 'asc' } }],
  // aggregates
  ['how much did I deposit this year', { type: ['deposit'], ...range('2026-01-01', '2027-01-01'), ...sum() }],
  ['how many failed transfers', { type: ['transfer'], status: ['failed'], aggregate: { function: 'count', group_by: [] } }],
  ['average withdrawal', { type: ['withdrawal'], aggregate: { function: 'average', group_by: [] } }],
  ['total by asset', sum('asset')],
  ['deposits per month', { type: ['deposit'], ...sum('month') }],
  ['total by asset per month', sum('asset', 'month')],
  ['how much did I spend last month', { direction: 'sent', ...range('2026-10-01', '2026-11-01'), ...sum() }],
  ['number of swaps by chain', { type: ['swap'], aggregate: { function: 'count', group_by: ['chain'] } }],
  // typos and synonyms
  ['depostis over $100', { type: ['deposit'], ...over('100', 'USD') }],
  ['witdrawals last month', { type: ['withdrawal'], ...range('2026-10-01', '2026-11-01') }],
  ['transfrs to savings', { type: ['transfer'], direction: 'sent', counterparties: ['Savings'] }],
  ['top-ups this week', { type: ['deposit'], ...range('2026-11-23', '2026-11-30') }],
  ['trades on arbitrum', { type: ['swap'], chains: ['arbitrum'] }],
  ['cash outs in bitcoin', { type: ['withdrawal'], currency: 'BTC' }],
  ['setled payments', { type: ['payment'], status: ['completed'] }],
  // dates outside what the stores keep are clamped, never invalid
  ['deposits before 1 jan 1950', { type: ['deposit'], date_range: { from: null, to: '1970-01-01T00:00:00.000Z' } }],
  ['deposits in the last 999999999 years', { type: ['deposit'] }],
  // partly understood: the rest is returned
  ['deposits for my cat', { type: ['deposit'] }, ['cat']],
  ['show me the zebra withdrawals', { type: ['withdrawal'] }, ['zebra']],
];

test(`at least 60 labelled phrasings (${cases.length})`, () => {
  assert.ok(cases.length >= 60);
});

for (const [query, expected, notUnderstood = []] of cases) {
  test(`interprets: ${query}`, () => {
    const result = interpret(query, context);
    assert.ok(result.understood, 'understood');
    assert.equal(result.interpreted_query, { ...empty, ...expected });
    assert.equal(result.not_understood, notUnderstood);
  });
}

test('nonsense is not understood, and says which words it did not understand', () => {
  for (const query of ['asdf qwer', 'show me everything please', 'the weather in paris', '']) {
    const result = interpret(query, context);
    assert.is(result.understood, false, query);
    assert.is(result.interpretation_confidence, 0, query);
  }
  assert.equal(interpret('asdf qwer', context).not_understood, ['asdf', 'qwer']);
});

test('confidence is the share of the sentence understood; typos count three quarters', () => {
  assert.is(interpret('deposits over $1,000 last month', context).interpretation_confidence, 1);
  // "deposits" (8) of "deposits zzzz" (12 characters without spaces)
  assert.is(interpret('deposits zzzz', context).interpretation_confidence, 0.67);
  const typo = interpret('depostis', context);
  assert.is(typo.interpretation_confidence, 0.75);
  assert.equal(typo.corrections, [{ from: 'depostis', to: 'deposit' }]);
});

test.run();

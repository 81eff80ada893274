/**
 * The interpreter's vocabulary: every word or phrase it understands and the
 * slot it fills. Phrases are matched before single words; a single word that
 * is not here is tried against `fuzzyVocabulary` (typos) before it is
 * reported as not understood.
 */

export const TRANSACTION_KINDS = ['deposit', 'withdrawal', 'transfer', 'cross_chain_transfer', 'swap', 'payment'] as const;
export type TransactionKind = (typeof TRANSACTION_KINDS)[number];

export const STATUSES = ['pending', 'completed', 'failed', 'pending_review'] as const;
export type Status = (typeof STATUSES)[number];

export const CHAINS = ['ethereum', 'polygon', 'arbitrum', 'optimism', 'base', 'bsc', 'base-sepolia'] as const;
export const BRIDGES = ['wormhole', 'layerzero', 'axelar'] as const;

export type Direction = 'sent' | 'received';
export type GroupBy = 'asset' | 'month' | 'type' | 'chain' | 'status';
export type AggregateKind = 'sum' | 'count' | 'average';

/** What one word or phrase means. */
export type Meaning =
  | { readonly slot: 'type'; readonly value: TransactionKind; readonly singular?: boolean }
  | { readonly slot: 'status'; readonly value: Status }
  | { readonly slot: 'direction'; readonly value: Direction }
  | { readonly slot: 'chain'; readonly value: string }
  | { readonly slot: 'bridge'; readonly value: string }
  | { readonly slot: 'flags'; readonly value: boolean }
  | { readonly slot: 'sort'; readonly field: 'amount' | 'created_at'; readonly descending: boolean; readonly singular?: boolean }
  | { readonly slot: 'aggregate'; readonly value: AggregateKind }
  | { readonly slot: 'group'; readonly value: GroupBy }
  | { readonly slot: 'currency'; readonly value: string };

const type = (value: TransactionKind, singular = false): Meaning => ({ slot: 'type', value, singular });
const status = (value: Status): Meaning => ({ slot: 'status', value });

/** Multi-word phrases, longest first when matched. */
export const PHRASES: ReadonlyArray<readonly [string, Meaning]> = [
  ['cross chain transfers', type('cross_chain_transfer')],
  ['cross chain transfer', type('cross_chain_transfer', true)],
  ['bridge transfers', type('cross_chain_transfer')],
  ['bridge transfer', type('cross_chain_transfer', true)],
  ['cross chain', type('cross_chain_transfer')],
  ['top ups', type('deposit')],
  ['top up', type('deposit', true)],
  ['cash outs', type('withdrawal')],
  ['cash out', type('withdrawal', true)],
  ['under review', status('pending_review')],
  ['pending review', status('pending_review')],
  ['in review', status('pending_review')],
  ['needs review', status('pending_review')],
  ['on hold', status('pending_review')],
  ['in progress', status('pending')],
  ['high risk', { slot: 'flags', value: true }],
  ['compliance flags', { slot: 'flags', value: true }],
  ['compliance flag', { slot: 'flags', value: true }],
  ['not flagged', { slot: 'flags', value: false }],
  ['without flags', { slot: 'flags', value: false }],
  ['no flags', { slot: 'flags', value: false }],
  ['most recent', { slot: 'sort', field: 'created_at', descending: true, singular: true }],
  ['how much', { slot: 'aggregate', value: 'sum' }],
  ['how many', { slot: 'aggregate', value: 'count' }],
  ['number of', { slot: 'aggregate', value: 'count' }],
  ['by asset', { slot: 'group', value: 'asset' }],
  ['per asset', { slot: 'group', value: 'asset' }],
  ['by currency', { slot: 'group', value: 'asset' }],
  ['per currency', { slot: 'group', value: 'asset' }],
  ['by month', { slot: 'group', value: 'month' }],
  ['per month', { slot: 'group', value: 'month' }],
  ['each month', { slot: 'group', value: 'month' }],
  ['by type', { slot: 'group', value: 'type' }],
  ['per type', { slot: 'group', value: 'type' }],
  ['by chain', { slot: 'group', value: 'chain' }],
  ['per chain', { slot: 'group', value: 'chain' }],
  ['by status', { slot: 'group', value: 'status' }],
  ['per status', { slot: 'group', value: 'status' }],
  ['layer zero', { slot: 'bridge', value: 'layerzero' }],
  ['binance smart chain', { slot: 'chain', value: 'bsc' }],
  ['bnb chain', { slot: 'chain', value: 'bsc' }],
  ['base sepolia', { slot: 'chain', value: 'base-sepolia' }],
  ['us dollars', { slot: 'currency', value: 'USD' }],
];

/** Single words. Asset codes of the catalogue are added at run time (lower-cased). */
export const WORDS: Readonly<Record<string, Meaning>> = {
  deposit: type('deposit', true),
  deposits: type('deposit'),
  deposited: type('deposit'),
  topup: type('deposit', true),
  topups: type('deposit'),
  withdrawal: type('withdrawal', true),
  withdrawals: type('withdrawal'),
  withdrew: type('withdrawal'),
  withdrawn: type('withdrawal'),
  withdraw: type('withdrawal'),
  transfer: type('transfer', true),
  transfers: type('transfer'),
  transferred: type('transfer'),
  crosschain: type('cross_chain_transfer'),
  bridged: type('cross_chain_transfer'),
  bridging: type('cross_chain_transfer'),
  bridge: type('cross_chain_transfer', true),
  bridges: type('cross_chain_transfer'),
  swap: type('swap', true),
  swaps: type('swap'),
  swapped: type('swap'),
  trade: type('swap', true),
  trades: type('swap'),
  traded: type('swap'),
  exchanges: type('swap'),
  conversions: type('swap'),
  payment: type('payment', true),
  payments: type('payment'),
  paid: type('payment'),
  purchases: type('payment'),
  pending: status('pending'),
  processing: status('pending'),
  unsettled: status('pending'),
  completed: status('completed'),
  complete: status('completed'),
  successful: status('completed'),
  succeeded: status('completed'),
  settled: status('completed'),
  finished: status('completed'),
  failed: status('failed'),
  unsuccessful: status('failed'),
  declined: status('failed'),
  rejected: status('failed'),
  sent: { slot: 'direction', value: 'sent' },
  outgoing: { slot: 'direction', value: 'sent' },
  outbound: { slot: 'direction', value: 'sent' },
  spent: { slot: 'direction', value: 'sent' },
  spend: { slot: 'direction', value: 'sent' },
  received: { slot: 'direction', value: 'received' },
  incoming: { slot: 'direction', value: 'received' },
  inbound: { slot: 'direction', value: 'received' },
  receive: { slot: 'direction', value: 'received' },
  ethereum: { slot: 'chain', value: 'ethereum' },
  mainnet: { slot: 'chain', value: 'ethereum' },
  polygon: { slot: 'chain', value: 'polygon' },
  matic: { slot: 'chain', value: 'polygon' },
  arbitrum: { slot: 'chain', value: 'arbitrum' },
  optimism: { slot: 'chain', value: 'optimism' },
  base: { slot: 'chain', value: 'base' },
  bsc: { slot: 'chain', value: 'bsc' },
  wormhole: { slot: 'bridge', value: 'wormhole' },
  layerzero: { slot: 'bridge', value: 'layerzero' },
  axelar: { slot: 'bridge', value: 'axelar' },
  flagged: { slot: 'flags', value: true },
  suspicious: { slot: 'flags', value: true },
  sanctioned: { slot: 'flags', value: true },
  risky: { slot: 'flags', value: true },
  unflagged: { slot: 'flags', value: false },
  largest: { slot: 'sort', field: 'amount', descending: true, singular: true },
  biggest: { slot: 'sort', field: 'amount', descending: true, singular: true },
  highest: { slot: 'sort', field: 'amount', descending: true, singular: true },
  smallest: { slot: 'sort', field: 'amount', descending: false, singular: true },
  lowest: { slot: 'sort', field: 'amount', descending: false, singular: true },
  latest: { slot: 'sort', field: 'created_at', descending: true, singular: true },
  newest: { slot: 'sort', field: 'created_at', descending: true, singular: true },
  recent: { slot: 'sort', field: 'created_at', descending: true },
  oldest: { slot: 'sort', field: 'created_at', descending: false, singular: true },
  earliest: { slot: 'sort', field: 'created_at', descending: false, singular: true },
  total: { slot: 'aggregate', value: 'sum' },
  sum: { slot: 'aggregate', value: 'sum' },
  volume: { slot: 'aggregate', value: 'sum' },
  count: { slot: 'aggregate', value: 'count' },
  average: { slot: 'aggregate', value: 'average' },
  avg: { slot: 'aggregate', value: 'average' },
  mean: { slot: 'aggregate', value: 'average' },
  monthly: { slot: 'group', value: 'month' },
  dollars: { slot: 'currency', value: 'USD' },
  dollar: { slot: 'currency', value: 'USD' },
  bucks: { slot: 'currency', value: 'USD' },
  euros: { slot: 'currency', value: 'EUR' },
  euro: { slot: 'currency', value: 'EUR' },
  pounds: { slot: 'currency', value: 'GBP' },
  sterling: { slot: 'currency', value: 'GBP' },
  francs: { slot: 'currency', value: 'CHF' },
  yen: { slot: 'currency', value: 'JPY' },
  bitcoin: { slot: 'currency', value: 'BTC' },
  bitcoins: { slot: 'currency', value: 'BTC' },
  ether: { slot: 'currency', value: 'ETH' },
  tether: { slot: 'currency', value: 'USDT' },
  gold: { slot: 'currency', value: 'XAU' },
};

/**
 * Words that carry no filter but belong to a question about transactions:
 * they count as understood for the confidence, and a query made only of
 * them is still "nothing understood".
 */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'a all am an and any are as at be been by can could did do does done each for from get give had has have how i in is it ' +
    'its list me much my of on or our please show than that the their them there these this those to was we were what when ' +
    'where which who with you your transaction transactions activity activities movements made make did tell find see view ' +
    'ones one were only just over money funds account accounts value amount amounts happened since during via through using'
  ).split(' '),
);

/** Currency symbols written before or after an amount. */
export const CURRENCY_SYMBOLS: Readonly<Record<string, string>> = { $: 'USD', '€': 'EUR', '£': 'GBP', '¥': 'JPY', '₿': 'BTC' };

/** Example queries offered when nothing was understood. */
export const SUGGESTIONS: readonly string[] = [
  'deposits over $1,000 last month',
  'how much did I withdraw this year',
  'failed transfers since 3 March',
  'top 5 largest payments',
  'total by asset per month',
  'flagged cross-chain transfers on polygon via wormhole',
];

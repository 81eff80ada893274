import { z } from 'zod';
import { route, type RouteDeclaration, type RouteTag } from '../../kernel/public.js';
import { AccountParams, AddressBalancesView, AddressParams, DepositAddressView, Faucet, FaucetInput, GetWallet, ListDepositAddresses, WalletView, ChainParams, ChainView, GetAddressBalances, GetChain, GetTransaction, ListChains, ReceiptView, TransactionParams } from './operations.js';

export const chainsRouteTags: readonly RouteTag[] = [
  {
    name: 'Chains',
    description:
      "The blockchains the bank holds assets on (simulated by default): each chain with its tokens, head and finalized blocks and gas price, transaction receipts, any address's token balances, and each account's custodial deposit addresses (docs/chains.md).",
  },
  { name: 'Sandbox', description: 'Operator tools for a sandbox on simulated chains: mint tokens to any address.' },
];

/** The chains plugin's REST routes: public chain data, readable with any key that may read. */
const tags = ['Chains'];

export const chainsRoutes: readonly RouteDeclaration[] = [
  route({
    method: 'GET',
    path: '/chains',
    prefixes: ['v2'],
    access: 'read',
    query: z.object({}),
    response: z.array(ChainView),
    operation: ListChains,
    summary: 'List the chains, their tokens, head block and gas price',
    description: 'Every chain the service holds assets on, with its EIP-155 and CAIP-2 ids, block time and finality, the tokens deployed on it (contract address and decimals), the head and finalized block now and the current gas price.',
    tags,
  }),
  route({
    method: 'GET',
    path: '/chains/:chain',
    prefixes: ['v2'],
    access: 'read',
    params: ChainParams,
    response: ChainView,
    operation: GetChain,
    summary: 'Get one chain',
    description: 'One chain by our name (`base`) or its CAIP-2 id (`eip155:8453`); 404 for a chain the service does not know.',
    tags,
  }),
  route({
    method: 'GET',
    path: '/chains/:chain/transactions/:hash',
    prefixes: ['v2'],
    access: 'read',
    params: TransactionParams,
    response: ReceiptView,
    operation: GetTransaction,
    summary: 'Get a transaction receipt',
    description: 'The receipt of a transaction on that chain: block, gas and its status now (`pending` until its block is produced, `confirmed`, then `finalized` once the block is final).',
    tags,
  }),
  route({
    method: 'GET',
    path: '/chains/:chain/addresses/:address/balances',
    prefixes: ['v2'],
    access: 'read',
    params: AddressParams,
    response: AddressBalancesView,
    operation: GetAddressBalances,
    summary: 'Get the token balances of an address',
    description: 'What any address holds on that chain, as a block explorer shows it: every token with a non-zero balance, in whole tokens and in base units.',
    tags,
  }),
  route({
    method: 'GET',
    path: '/accounts/:id/deposit-addresses',
    prefixes: ['v2'],
    access: 'read',
    params: AccountParams,
    response: z.array(DepositAddressView),
    operation: ListDepositAddresses,
    summary: 'List an account\'s deposit addresses, one per chain',
    description: 'The account\'s custodial address on every chain, derived from the service\'s master seed (BIP-44, one hardened key per account, one address per chain) on the first call and the same ever after. Tokens sent to an address are the account\'s holdings on that chain. 404 for an unknown account or another team\'s.',
    tags,
  }),
  route({
    method: 'GET',
    path: '/accounts/:id/wallet',
    prefixes: ['v2'],
    access: 'read',
    params: AccountParams,
    response: WalletView,
    operation: GetWallet,
    operationId: 'getAccountWallet',
    summary: 'Get an account as a custodial wallet: its addresses and its holdings per chain',
    description: 'The account\'s deposit address on every chain and its token holdings on each chain (asset_code and chain, available, reserved and total), as the ledger keeps them and the ledger audit reconciles them with the chains. Off-chain balances (fiat, GCU) are not listed: see GET /accounts/{id}/balances. 404 for an unknown account or another team\'s.',
    tags,
  }),
  route({
    method: 'POST',
    path: '/sandbox/faucet',
    prefixes: ['v2'],
    access: 'operator',
    body: FaucetInput,
    response: ReceiptView,
    status: 201,
    operation: Faucet,
    summary: 'Mint tokens to any address on a simulated chain (sandbox)',
    description: 'Operator key only. Puts new tokens at an address, customer deposit address or outside wallet, so a payer or a recipient can be funded in the sandbox; the answer is the mint\'s receipt (from the zero address). 409 `faucet_unavailable` when the chain adapter is not a simulator. Minting to a deposit address does not credit the account\'s ledger holding: that is a deposit.',
    tags: ['Sandbox'],
  }),
];

import { z } from 'zod';
import { decimal, timestamp, token, type Operation } from '../../kernel/public.js';

/**
 * The chains plugin's operations and the zod schema of every input and view
 * (the one source of the TS types and the OpenAPI components). Chain data is
 * public on a real network too: any key with read access may read it.
 * Block numbers and base-unit amounts are digit strings (they pass 2^53).
 */
const digits = z.string().regex(/^[0-9]+$/);

export const chainRef = z
  .string()
  .min(1)
  .max(40)
  .describe('Our chain name (`base`) or its CAIP-2 id (`eip155:8453`)');

export const ChainParams = z.object({ chain: chainRef });
export type ChainParams = z.infer<typeof ChainParams>;

export const TransactionParams = z.object({
  chain: chainRef,
  hash: z.string().regex(/^0x[0-9a-fA-F]{64}$/, 'must be 0x and 64 hex digits').describe('Transaction hash'),
});
export type TransactionParams = z.infer<typeof TransactionParams>;

export const AddressParams = z.object({
  chain: chainRef,
  address: z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'must be 0x and 40 hex digits').describe('EVM address (EIP-55 checksum checked when mixed case)'),
});
export type AddressParams = z.infer<typeof AddressParams>;

const tokenView = z.strictObject({
  asset_code: z.string(),
  contract_address: z.string().nullable().describe('EIP-55 address of the token contract; null for the native coin'),
  decimals: z.number().int(),
});

export const ChainView = z
  .strictObject({
    name: z.string(),
    chain_id: z.number().int(),
    caip2: z.string(),
    display_name: z.string(),
    native_asset: z.string(),
    layer: z.enum(['l1', 'l2']),
    testnet: z.boolean(),
    block_time_ms: z.number().int(),
    finality_seconds: z.number().int().describe('How long after its block a transaction is final'),
    head: z.strictObject({ number: digits, timestamp, finalized_number: digits }),
    gas_price_gwei: decimal.describe('Current gas price in gwei (up to 9 decimals)'),
    tokens: z.array(tokenView),
  })
  .meta({
    id: 'Chain',
    example: {
      name: 'base',
      chain_id: 8453,
      caip2: 'eip155:8453',
      display_name: 'Base',
      native_asset: 'ETH',
      layer: 'l2',
      testnet: false,
      block_time_ms: 2000,
      finality_seconds: 1080,
      head: { number: '12484800', timestamp: '2026-10-17T00:00:00.000Z', finalized_number: '12484260' },
      gas_price_gwei: '0.010412',
      tokens: [
        { asset_code: 'ETH', contract_address: null, decimals: 18 },
        { asset_code: 'USDC', contract_address: '0x396bE44FD5Db5eF20A5A87D7d801156fcE9D6DED', decimals: 6 },
      ],
    },
  });
export type ChainView = z.infer<typeof ChainView>;

export const ReceiptView = z
  .strictObject({
    hash: z.string(),
    chain: z.string(),
    kind: z.enum(['transfer', 'mint']),
    from: z.string().describe('The zero address for a mint'),
    to: z.string(),
    asset_code: z.string(),
    amount: decimal.describe('In whole tokens, at the token\'s decimals'),
    amount_base_units: digits,
    nonce: digits,
    block_number: digits,
    block_timestamp: timestamp,
    status: z.enum(['pending', 'confirmed', 'finalized']).describe('pending until its block is produced, finalized once the block is final'),
    confirmations: digits,
    gas_used: digits,
    effective_gas_price_gwei: decimal,
    submitted_at: timestamp,
  })
  .meta({
    id: 'ChainReceipt',
    example: {
      hash: '0x8f3c2a1b4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e7f8',
      chain: 'base',
      kind: 'transfer',
      from: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      to: '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
      asset_code: 'USDC',
      amount: '25.000000',
      amount_base_units: '25000000',
      nonce: '3',
      block_number: '12484801',
      block_timestamp: '2026-10-17T00:00:02.000Z',
      status: 'confirmed',
      confirmations: '12',
      gas_used: '65000',
      effective_gas_price_gwei: '0.010412',
      submitted_at: '2026-10-17T00:00:01.200Z',
    },
  });
export type ReceiptView = z.infer<typeof ReceiptView>;

export const AddressBalancesView = z
  .strictObject({
    chain: z.string(),
    address: z.string().describe('EIP-55 checksummed'),
    balances: z.array(z.strictObject({ asset_code: z.string(), amount: decimal, amount_base_units: digits })),
  })
  .meta({
    id: 'ChainAddressBalances',
    example: {
      chain: 'base',
      address: '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
      balances: [{ asset_code: 'USDC', amount: '25.000000', amount_base_units: '25000000' }],
    },
  });
export type AddressBalancesView = z.infer<typeof AddressBalancesView>;

export const ListChains = token<Operation<Record<string, never>, ChainView[]>>('chains.list-chains');
export const GetChain = token<Operation<ChainParams, ChainView>>('chains.get-chain');
export const GetTransaction = token<Operation<TransactionParams, ReceiptView>>('chains.get-transaction');
export const GetAddressBalances = token<Operation<AddressParams, AddressBalancesView>>('chains.get-address-balances');

export const AccountParams = z.object({ id: z.string().min(1).max(100).describe('Account uuid') });
export type AccountParams = z.infer<typeof AccountParams>;

export const DepositAddressView = z
  .strictObject({
    chain: z.string(),
    caip2: z.string(),
    address: z.string().describe('EIP-55 checksummed; send this chain\'s tokens here'),
    derivation_path: z.string().describe('BIP-44 path of the address under the service\'s master seed (the seed itself is never returned)'),
  })
  .meta({
    id: 'DepositAddress',
    example: { chain: 'base', caip2: 'eip155:8453', address: '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359', derivation_path: "m/44'/60'/12'/0/4" },
  });
export type DepositAddressView = z.infer<typeof DepositAddressView>;

export const ListDepositAddresses = token<Operation<AccountParams, DepositAddressView[]>>('chains.list-deposit-addresses');

export const WalletHoldingView = z.strictObject({
  asset_code: z.string(),
  chain: z.string(),
  available_balance: z.string().describe('Decimal string at the token\'s decimals'),
  reserved_balance: z.string().describe('Held by pending transfers; still at the address on chain'),
  total_balance: z.string(),
});
export type WalletHoldingView = z.infer<typeof WalletHoldingView>;

export const WalletView = z
  .strictObject({
    account_id: z.string(),
    addresses: z.array(DepositAddressView),
    holdings: z.array(WalletHoldingView).describe('The account\'s token holdings on every chain, by chain then asset; each is what its address holds there (reconciled by the ledger audit)'),
  })
  .meta({
    id: 'Wallet',
    example: {
      account_id: '9b2d4f6e-8a1c-4b3d-a5e7-c9f1b3d5e7a9',
      addresses: [{ chain: 'base', caip2: 'eip155:8453', address: '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359', derivation_path: "m/44'/60'/12'/0/4" }],
      holdings: [{ asset_code: 'USDC', chain: 'base', available_balance: '250.000000', reserved_balance: '0.000000', total_balance: '250.000000' }],
    },
  });
export type WalletView = z.infer<typeof WalletView>;

export const GetWallet = token<Operation<AccountParams, WalletView>>('chains.get-wallet');

export const FaucetInput = z
  .object({
    chain: chainRef,
    address: z.string().describe('EVM address to fund (EIP-55 checksum checked when mixed case)'),
    asset_code: z.string().min(1).max(20).describe('A token of that chain, native coin included'),
    amount: z.string().describe('Decimal string at the token\'s decimals, e.g. "100.000000"'),
  })
  .meta({ id: 'SandboxFaucetInput', example: { chain: 'base-sepolia', address: '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359', asset_code: 'USDC', amount: '100.000000' } });
export type FaucetInput = z.infer<typeof FaucetInput>;

export const Faucet = token<Operation<FaucetInput, ReceiptView>>('chains.faucet');

import { z } from 'zod';
import { decimal, signedDecimal, timestamp, token, type Operation } from '../../kernel/public.js';
import { BRIDGE_PROTOCOLS } from './domain/bridge-model.js';
import { BRIDGE_FAULTS } from './domain/bridge-transfer.js';

/**
 * The cross-chain module's operations and the zod schema of every input and
 * view (the one source of the TS types and the OpenAPI components). Amounts
 * are decimal strings at the token's decimals.
 */
const chainRef = z.string().min(1).max(40);
const tokenCode = z.string().min(1).max(20);
const protocol = z.enum(BRIDGE_PROTOCOLS);

export const BridgeQuoteInput = z
  .object({
    source_chain: chainRef.describe('Chain the token leaves: our name (`ethereum`) or its CAIP-2 id (`eip155:1`)'),
    destination_chain: chainRef.describe('Chain the token arrives on: our name (`base`) or its CAIP-2 id (`eip155:8453`)'),
    token: tokenCode.describe('Token bridged, e.g. USDC; it must exist on both chains'),
    amount: z.string().describe('Amount sent, a decimal string at the token\'s decimals'),
    preferred_bridge: z.string().max(40).optional().describe('wormhole, layerzero or axelar; left out, the protocol that delivers the most'),
  })
  .meta({
    id: 'BridgeQuoteInput',
    example: { source_chain: 'ethereum', destination_chain: 'base', token: 'USDC', amount: '1000.00', preferred_bridge: 'layerzero' },
  });
export type BridgeQuoteInput = z.infer<typeof BridgeQuoteInput>;

const seconds = z.number().int().min(0);

export const BridgeQuoteView = z
  .strictObject({
    quote_id: z.uuid(),
    bridge_protocol: protocol,
    source_chain: z.string(),
    destination_chain: z.string(),
    token: z.string(),
    input_amount: decimal,
    estimated_receive_amount: decimal.describe('input_amount − fee_amount, exactly: what arrives'),
    fee_amount: decimal.describe('Every fee of the protocol (relayer or executor, DVNs, prepaid gas, protocol) in the bridged token, rounded up to its base unit'),
    fee_currency: z.string().describe('The bridged token: fees are charged in it'),
    exchange_rate: z.string().regex(/^[0-9]+\.[0-9]{8}$/).describe('estimated_receive_amount / input_amount, 8 decimals rounded down'),
    estimated_duration_seconds: seconds.describe('Source finality or confirmations, attestation or verification, and relay to the destination'),
    quote_expires_at: timestamp,
    alternative_quotes: z
      .array(z.strictObject({ bridge_protocol: protocol, estimated_receive_amount: decimal, fee_amount: decimal, estimated_duration_seconds: seconds }))
      .describe('The other protocols that carry the route and whose fee the amount covers, most received first'),
  })
  .meta({
    id: 'BridgeQuote',
    example: {
      quote_id: '5c0d8c3e-2f4b-4d7a-9e61-0a8b7c6d5e4f',
      bridge_protocol: 'layerzero',
      source_chain: 'ethereum',
      destination_chain: 'base',
      token: 'USDC',
      input_amount: '1000.000000',
      estimated_receive_amount: '999.986548',
      fee_amount: '0.013452',
      fee_currency: 'USDC',
      exchange_rate: '0.99998654',
      estimated_duration_seconds: 214,
      quote_expires_at: '2026-01-15T09:35:00.000Z',
      alternative_quotes: [
        { bridge_protocol: 'wormhole', estimated_receive_amount: '999.991522', fee_amount: '0.008478', estimated_duration_seconds: 802 },
        { bridge_protocol: 'axelar', estimated_receive_amount: '999.738439', fee_amount: '0.261561', estimated_duration_seconds: 832 },
      ],
    },
  });
export type BridgeQuoteView = z.infer<typeof BridgeQuoteView>;

export const BridgeFeesQuery = z.object({
  from: chainRef.describe('Source chain: name or CAIP-2 id'),
  to: chainRef.describe('Destination chain: name or CAIP-2 id'),
  token: tokenCode.describe('Token bridged, e.g. USDC'),
  amount: z.string().describe('Amount sent, a decimal string at the token\'s decimals'),
});
export type BridgeFeesQuery = z.infer<typeof BridgeFeesQuery>;

export const BridgeFeesView = z
  .strictObject({
    source_chain: z.string(),
    destination_chain: z.string(),
    token: z.string(),
    amount: decimal,
    protocols: z
      .array(
        z.strictObject({
          bridge_protocol: protocol,
          supported: z.boolean().describe('Whether the protocol carries this token between these chains'),
          available: z.boolean().describe('Supported, and the amount covers the fee'),
          reason: z.string().nullable().describe('Why it is not available, else null'),
          fee_usd: decimal.nullable().describe('The fee in USD (6 decimals), when supported'),
          fee_amount: decimal.nullable().describe('The fee in the bridged token, rounded up, when supported'),
          fee_currency: z.string(),
          estimated_receive_amount: decimal.nullable().describe('amount − fee_amount when available'),
          estimated_duration_seconds: seconds.nullable().describe('When supported'),
          cheapest: z.boolean().describe('Delivers the most of the available protocols'),
          fastest: z.boolean().describe('Takes the least time of the available protocols'),
        }),
      )
      .describe('The three protocols: available ones by what arrives (most first), then the rest'),
  })
  .meta({
    id: 'BridgeFeeComparison',
    example: {
      source_chain: 'arbitrum',
      destination_chain: 'ethereum',
      token: 'USDC',
      amount: '1000.000000',
      protocols: [
        { bridge_protocol: 'wormhole', supported: true, available: true, reason: null, fee_usd: '8.137096', fee_amount: '8.137096', fee_currency: 'USDC', estimated_receive_amount: '991.862904', estimated_duration_seconds: 1134, cheapest: true, fastest: false },
        { bridge_protocol: 'axelar', supported: true, available: true, reason: null, fee_usd: '11.346040', fee_amount: '11.346040', fee_currency: 'USDC', estimated_receive_amount: '988.653960', estimated_duration_seconds: 1164, cheapest: false, fastest: false },
        { bridge_protocol: 'layerzero', supported: true, available: true, reason: null, fee_usd: '12.910469', fee_amount: '12.910469', fee_currency: 'USDC', estimated_receive_amount: '987.089531', estimated_duration_seconds: 59, cheapest: false, fastest: true },
      ],
    },
  });
export type BridgeFeesView = z.infer<typeof BridgeFeesView>;

export const BridgeQuoteParams = z.object({ id: z.uuid().describe('A quote_id') });
export type BridgeQuoteParams = z.infer<typeof BridgeQuoteParams>;

export const QuoteBridge = token<Operation<BridgeQuoteInput, BridgeQuoteView>>('crosschain.quote-bridge');
export const CompareBridgeFees = token<Operation<BridgeFeesQuery, BridgeFeesView>>('crosschain.compare-bridge-fees');
export const ReadBridgeQuote = token<Operation<BridgeQuoteParams, BridgeQuoteView>>('crosschain.read-bridge-quote');

const address = z.string().describe('EVM address, EIP-55 checksummed');

export const BridgeTransferView = z
  .strictObject({
    bridge_tx_id: z.uuid(),
    quote_id: z.uuid().nullable().describe('The quote it redeemed; null for POST /crosschain/bridge, which quotes and initiates in one'),
    status: z.enum(['pending', 'source_confirmed', 'attested', 'completed', 'failed']),
    bridge_protocol: protocol,
    source_chain: z.string(),
    destination_chain: z.string(),
    token: z.string(),
    amount: decimal.describe('What left the source holding'),
    fee_amount: decimal.describe('The protocol\'s fee as quoted, in the token'),
    receive_amount: decimal.describe('amount − fee_amount: what arrives on completion'),
    account_id: z.string().describe('The account whose source holding was debited'),
    sender_address: address.describe('The account\'s deposit address on the source chain'),
    recipient_address: address.nullable().describe('As given; for a transfer to the account itself, its deposit address on the destination once it arrives'),
    source_tx_hash: z.string().describe('The lock: from the sender to the protocol\'s contract on the source chain'),
    destination_tx_hash: z.string().nullable().describe('The release on the destination, null until completed'),
    refund_tx_hash: z.string().nullable().describe('The refund on the source when failed, else null'),
    failure_reason: z.string().nullable(),
    created_at: timestamp,
    updated_at: timestamp,
    estimated_completion_at: timestamp.describe('When the model\'s duration (source finality, attestation, relay) ends, divided by time_scale'),
  })
  .meta({
    id: 'BridgeTransfer',
    example: {
      bridge_tx_id: '0f9e6a52-8d1c-4b7e-a3f4-2c5d6e7f8a9b',
      quote_id: '5c0d8c3e-2f4b-4d7a-9e61-0a8b7c6d5e4f',
      status: 'pending',
      bridge_protocol: 'layerzero',
      source_chain: 'ethereum',
      destination_chain: 'base',
      token: 'USDC',
      amount: '1000.000000',
      fee_amount: '0.013452',
      receive_amount: '999.986548',
      account_id: '3b1f2a4c-5d6e-4f70-8a9b-0c1d2e3f4a5b',
      sender_address: '0x9858EfFD232B4033E47d90003D41EC34EcaEda94',
      recipient_address: '0x6Fac4D18c912343BF86fa7049364Dd4E424Ab9C0',
      source_tx_hash: '0x5a7d3b1c9e8f2a4b6c0d1e3f5a7b9c2d4e6f8a0b1c3d5e7f9a2b4c6d8e0f1a3b',
      destination_tx_hash: null,
      refund_tx_hash: null,
      failure_reason: null,
      created_at: '2026-01-15T09:30:00.000Z',
      updated_at: '2026-01-15T09:30:00.000Z',
      estimated_completion_at: '2026-01-15T09:33:34.000Z',
    },
  });
export type BridgeTransferView = z.infer<typeof BridgeTransferView>;

export const BridgeInitiateInput = z
  .object({
    quote_id: z.string().describe('A bridge quote of the team, not expired, not initiated yet'),
    sender_address: z.string().describe('A deposit address of one of the team\'s accounts on the source chain: whose holding is debited'),
    recipient_address: z.string().describe('A deposit address of the service (that account is credited) or an external address (the tokens leave custody)'),
    slippage_tolerance: z.union([z.string(), z.number()]).optional().describe('Accepted for compatibility: the fee is fixed when quoted, so what arrives is exactly estimated_receive_amount'),
    deadline_minutes: z.number().int().min(1).max(1440).optional().describe('Refuse the initiation when the quote is older than this'),
  })
  .meta({ id: 'BridgeInitiateInput', example: { quote_id: '5c0d8c3e-2f4b-4d7a-9e61-0a8b7c6d5e4f', sender_address: '0x9858EfFD232B4033E47d90003D41EC34EcaEda94', recipient_address: '0x6Fac4D18c912343BF86fa7049364Dd4E424Ab9C0', slippage_tolerance: '0.5', deadline_minutes: 20 } });
export type BridgeInitiateInput = z.infer<typeof BridgeInitiateInput>;

export const BridgeInput = z
  .object({
    source_chain: chainRef.describe('Chain the token leaves: name or CAIP-2 id'),
    destination_chain: chainRef.describe('Chain the token arrives on: name or CAIP-2 id'),
    token: tokenCode.describe('Token bridged, e.g. USDC'),
    amount: z.string().describe('Amount sent, a decimal string at the token\'s decimals'),
    protocol: z.string().max(40).optional().describe('wormhole, layerzero or axelar; left out, the protocol that delivers the most'),
    account_id: z.string().max(64).optional().describe('The team\'s account (default: its oldest active account); its source holding pays, its destination holding receives'),
  })
  .meta({ id: 'BridgeInput', example: { source_chain: 'ethereum', destination_chain: 'base', token: 'USDC', amount: '250.00', protocol: 'layerzero' } });
export type BridgeInput = z.infer<typeof BridgeInput>;

export const BridgeTransferParams = z.object({ id: z.uuid().describe('A bridge_tx_id') });
export type BridgeTransferParams = z.infer<typeof BridgeTransferParams>;

const bridgeFaultFields = {
  protocol: protocol.describe('The protocol whose next transfers fail'),
  fault: z.enum(BRIDGE_FAULTS).describe('revert: the source transaction is reverted before it is final (failed while pending); fail: attestation is refused (failed while source_confirmed); timeout: the relay never arrives and the transfer gives up at its timeout (failed while attested). Each refunds the source.'),
  count: z.number().int().min(0).max(1000).describe('How many of the next transfers; 0 disarms'),
};
export const BridgeFaultInput = z.object(bridgeFaultFields).meta({ id: 'BridgeFaultInput', example: { protocol: 'layerzero', fault: 'fail', count: 2 } });
/** The same input as CLI flags: a schema without a component id (its properties are the flags), the count read from its text. */
export const BridgeFaultOptions = z.object({ ...bridgeFaultFields, count: z.coerce.number().int().min(0).max(1000).describe('How many of the next transfers; 0 disarms') });
export type BridgeFaultInput = z.infer<typeof BridgeFaultInput>;

export const BridgeFaultsView = z
  .strictObject({ faults: z.array(z.strictObject({ protocol, fault: z.enum(BRIDGE_FAULTS), remaining: z.number().int() })) })
  .meta({ id: 'BridgeFaults', example: { faults: [{ protocol: 'layerzero', fault: 'fail', remaining: 2 }] } });
export type BridgeFaultsView = z.infer<typeof BridgeFaultsView>;

export const InitiateBridge = token<Operation<BridgeInitiateInput, BridgeTransferView>>('crosschain.initiate-bridge');
export const Bridge = token<Operation<BridgeInput, BridgeTransferView>>('crosschain.bridge');
export const ReadBridgeTransfer = token<Operation<BridgeTransferParams, BridgeTransferView>>('crosschain.read-bridge-transfer');
export const ArmBridgeFault = token<Operation<BridgeFaultInput, BridgeFaultsView>>('crosschain.arm-bridge-fault');

export const CrossChainSwapInput = z
  .object({
    source_chain: chainRef.describe('Chain from_token leaves: our name (`ethereum`) or its CAIP-2 id'),
    destination_chain: chainRef.describe('Chain where what arrives is swapped: our name (`base`) or its CAIP-2 id'),
    from_token: tokenCode.describe('Token bridged, e.g. USDC; it must exist on both chains and a protocol must carry it'),
    to_token: tokenCode.describe('Token bought on the destination, e.g. WETH; another token of the destination chain'),
    amount: z.string().describe('Amount of from_token sent, a decimal string at its decimals'),
    slippage_bps: z.number().int().min(0).max(5_000).optional().describe('Basis points the destination swap may pay less than it would at initiation (default 50)'),
    protocol: z.string().max(40).optional().describe('wormhole, layerzero or axelar; left out, the protocol that delivers the most'),
    account_id: z.string().max(64).optional().describe('The team\'s account (default: its oldest active account): its source holding pays, its destination holding receives'),
  })
  .meta({ id: 'CrossChainSwapInput', example: { source_chain: 'ethereum', destination_chain: 'base', from_token: 'USDC', to_token: 'WETH', amount: '1000.00', slippage_bps: 100 } });
export type CrossChainSwapInput = z.infer<typeof CrossChainSwapInput>;

export const CrossChainSwapView = z
  .strictObject({
    swap_id: z.uuid(),
    status: z.enum(['bridging', 'completed', 'bridged_not_swapped', 'failed']).describe('bridging (see bridge_status); completed (bridged and swapped); bridged_not_swapped (the destination pools paid less than minimum_output on arrival: the bridged token was kept); failed (the bridge failed, the source was refunded)'),
    account_id: z.string(),
    bridge_tx_id: z.uuid().describe('The bridge transfer carrying from_token (GET /v1/crosschain/bridge/{id})'),
    bridge_status: z.enum(['pending', 'source_confirmed', 'attested', 'completed', 'failed']),
    bridge_protocol: protocol,
    source_chain: z.string(),
    destination_chain: z.string(),
    from_token: z.string(),
    to_token: z.string(),
    amount: decimal.describe('from_token that left the source holding'),
    bridge_fee: decimal.describe('The bridge\'s fee, in from_token'),
    bridged_amount: decimal.describe('amount − bridge_fee: from_token that arrives on the destination'),
    slippage_bps: z.number().int(),
    expected_output: decimal.describe('to_token the destination pools paid for bridged_amount at initiation'),
    minimum_output: decimal.describe('expected_output less slippage_bps, rounded down: the least accepted on arrival'),
    amount_out: decimal.nullable().describe('to_token credited, once completed'),
    offered_output: decimal.nullable().describe('When bridged_not_swapped: what the pools offered on arrival'),
    destination_swap_id: z.uuid().nullable().describe('The DeFi swap on the destination (GET /v1/defi/swap/{id}), once completed'),
    swap_tx_hash: z.string().nullable(),
    failure_reason: z.string().nullable(),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({
    id: 'CrossChainSwap',
    example: {
      swap_id: '7d2c9a1e-3b4f-4c5d-8e6f-1a2b3c4d5e6f',
      status: 'completed',
      account_id: '3b1f2a4c-5d6e-4f70-8a9b-0c1d2e3f4a5b',
      bridge_tx_id: '0f9e6a52-8d1c-4b7e-a3f4-2c5d6e7f8a9b',
      bridge_status: 'completed',
      bridge_protocol: 'layerzero',
      source_chain: 'ethereum',
      destination_chain: 'base',
      from_token: 'USDC',
      to_token: 'WETH',
      amount: '1000.000000',
      bridge_fee: '0.013452',
      bridged_amount: '999.986548',
      slippage_bps: 100,
      expected_output: '0.285412345678901234',
      minimum_output: '0.282558222222112222',
      amount_out: '0.285399876543210987',
      offered_output: null,
      destination_swap_id: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
      swap_tx_hash: '0x3f5a7b9c1d2e4f6a8b0c2d4e6f8a0b1c3d5e7f9a1b3c5d7e9f0a2b4c6d8e0f1a',
      failure_reason: null,
      created_at: '2026-01-15T09:30:00.000Z',
      updated_at: '2026-01-15T09:33:34.000Z',
    },
  });
export type CrossChainSwapView = z.infer<typeof CrossChainSwapView>;

export const CrossChainSwapParams = z.object({ id: z.uuid().describe('A swap_id') });
export type CrossChainSwapParams = z.infer<typeof CrossChainSwapParams>;

export const CrossChainSwap = token<Operation<CrossChainSwapInput, CrossChainSwapView>>('crosschain.swap');
export const ReadCrossChainSwap = token<Operation<CrossChainSwapParams, CrossChainSwapView>>('crosschain.read-swap');

const usd = decimal.describe('USD, 2 decimals, rounded down');

export const CrossChainPortfolioQuery = z.object({
  account_id: z.string().max(64).optional().describe('One account of the team; left out, all of them'),
});
export type CrossChainPortfolioQuery = z.infer<typeof CrossChainPortfolioQuery>;

export const CrossChainPortfolioView = z
  .strictObject({
    account_id: z.string().nullable(),
    chains: z
      .array(
        z.strictObject({
          chain: z.string(),
          holdings: z
            .array(
              z.strictObject({
                token: z.string(),
                asset_code: z.string().describe('The ledger holding code (USDC, USDC@base)'),
                amount: decimal.describe('Available and reserved, summed over the accounts'),
                price_usd: decimal.nullable().describe('USD per whole token at the price feed now; null when the feed has no price'),
                value_usd: usd.nullable(),
              }),
            )
            .describe('Token holdings on the chain, by token'),
          defi_positions: z
            .array(z.strictObject({ position_id: z.uuid(), type: z.string(), account_id: z.string(), protocol: z.string(), value_usd: usd.describe('A borrow\'s is its debt') }))
            .describe('Open DeFi positions on the chain (empty without the defi module)'),
          holdings_usd: usd,
          defi_usd: signedDecimal.describe('DeFi positions held less borrowed (may be negative)'),
          total_usd: signedDecimal.describe('holdings_usd + defi_usd'),
        }),
      )
      .describe('Every chain where the team holds something or has a position, in the chain catalogue\'s order'),
    in_flight: z
      .array(
        z.strictObject({
          bridge_tx_id: z.uuid(),
          status: z.enum(['pending', 'source_confirmed', 'attested']),
          bridge_protocol: protocol,
          source_chain: z.string(),
          destination_chain: z.string(),
          token: z.string(),
          amount: decimal.describe('What left the source holding'),
          receive_amount: decimal,
          value_usd: usd.nullable().describe('amount at the price feed now'),
          estimated_completion_at: timestamp,
        }),
      )
      .describe('Bridge transfers under way: left the source, not arrived yet'),
    in_flight_usd: usd,
    total_usd: signedDecimal.describe('Σ chains\' total_usd + in_flight_usd'),
    valued_at: timestamp,
  })
  .meta({
    id: 'CrossChainPortfolio',
    example: {
      account_id: null,
      chains: [
        {
          chain: 'ethereum',
          holdings: [{ token: 'USDC', asset_code: 'USDC', amount: '9000.000000', price_usd: '1', value_usd: '9000.00' }],
          defi_positions: [{ position_id: '5e1c2d3b-4a5f-4e6d-8c7b-9a0f1e2d3c4b', type: 'lending_supply', account_id: '3b1f2a4c-5d6e-4f70-8a9b-0c1d2e3f4a5b', protocol: 'lending_market', value_usd: '500.00' }],
          holdings_usd: '9000.00',
          defi_usd: '500.00',
          total_usd: '9500.00',
        },
      ],
      in_flight: [
        {
          bridge_tx_id: '0f9e6a52-8d1c-4b7e-a3f4-2c5d6e7f8a9b',
          status: 'attested',
          bridge_protocol: 'layerzero',
          source_chain: 'ethereum',
          destination_chain: 'base',
          token: 'USDC',
          amount: '1000.000000',
          receive_amount: '999.986548',
          value_usd: '1000.00',
          estimated_completion_at: '2026-01-15T09:33:34.000Z',
        },
      ],
      in_flight_usd: '1000.00',
      total_usd: '10500.00',
      valued_at: '2026-01-15T09:32:00.000Z',
    },
  });
export type CrossChainPortfolioView = z.infer<typeof CrossChainPortfolioView>;

export const GetCrossChainPortfolio = token<Operation<CrossChainPortfolioQuery, CrossChainPortfolioView>>('crosschain.portfolio');

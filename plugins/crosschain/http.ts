import { route, type RouteDeclaration, type RouteTag } from '../../kernel/public.js';
import {
  ArmBridgeFault,
  Bridge,
  BridgeFaultInput,
  BridgeFaultsView,
  BridgeFeesQuery,
  BridgeFeesView,
  BridgeInitiateInput,
  BridgeInput,
  BridgeQuoteInput,
  BridgeQuoteParams,
  BridgeQuoteView,
  BridgeTransferParams,
  BridgeTransferView,
  CompareBridgeFees,
  InitiateBridge,
  QuoteBridge,
  ReadBridgeQuote,
  ReadBridgeTransfer,
} from './operations.js';

/** The cross-chain module's REST routes: the spec's version 1 quote, its read-back, and the version 2 fee comparison. */
const tags = ['Cross-chain'];

export const crosschainRouteTags: readonly RouteTag[] = [
  {
    name: 'Cross-chain',
    description:
      'Bridging tokens between the simulated chains over three protocols (wormhole, layerzero, axelar), each a documented fee and time model: quotes that are stored and expire, and a side-by-side fee comparison (docs/crosschain.md).',
  },
];

export const crosschainRoutes: readonly RouteDeclaration[] = [
  route({
    method: 'POST',
    path: '/crosschain/bridge/quote',
    prefixes: ['v1'],
    access: 'write',
    body: BridgeQuoteInput,
    response: BridgeQuoteView,
    operation: QuoteBridge,
    summary: 'Quote a bridge transfer',
    description:
      'Prices the transfer on the preferred protocol (or, left out, the one that delivers the most): its fee from the destination chain\'s gas price now and the protocol\'s relayer, DVN, gas-service and protocol fees, converted to the bridged token and rounded up, and its time from the source chain\'s finality or confirmations, attestation and relay. `estimated_receive_amount` = `input_amount` − `fee_amount` exactly. The other protocols that carry the route are `alternative_quotes`, most received first. The quote is recorded for the team (so it needs write permission) and expires after `quote_ttl_seconds` (300 s by default). 422 for an unknown chain, token or protocol, the same chain at both ends, a token missing on either chain, a bad amount, a route no protocol carries (`no_bridge_route`), a preferred protocol that does not carry it (`unsupported_route`, naming those that do) or an amount that does not cover the fee (`amount_below_fee`).',
    tags,
  }),
  route({
    method: 'GET',
    path: '/crosschain/bridge/fees',
    prefixes: ['v2'],
    access: 'read',
    query: BridgeFeesQuery,
    response: BridgeFeesView,
    operation: CompareBridgeFees,
    summary: 'Compare the three bridge protocols for a transfer',
    description:
      'For each of wormhole, layerzero and axelar: whether it carries the token between the chains (and why not), its fee in USD and in the token, what arrives and how long it takes; available protocols first, most received first, with the cheapest and the fastest marked. Nothing is stored. 422 (naming the query parameter) for an unknown chain or token, the same chain at both ends, a token missing on either chain or a bad amount.',
    tags,
  }),
  route({
    method: 'GET',
    path: '/crosschain/bridge/quotes/:id',
    prefixes: ['v2'],
    access: 'read',
    params: BridgeQuoteParams,
    response: BridgeQuoteView,
    operation: ReadBridgeQuote,
    summary: 'Get a stored bridge quote',
    description: 'A bridge quote of the team as it was given, expired or not (compare quote_expires_at with the time); 404 for an unknown quote or another team\'s.',
    tags,
  }),
  route({
    method: 'POST',
    path: '/crosschain/bridge/initiate',
    prefixes: ['v1'],
    access: 'write',
    body: BridgeInitiateInput,
    response: BridgeTransferView,
    status: 201,
    operation: InitiateBridge,
    summary: 'Initiate a bridge transfer from a quote',
    description:
      'Redeems a quote of the team (once, before it expires) at its fee: the holding of the account whose deposit address on the source chain is `sender_address` is debited by the input amount, and the tokens move on chain to the protocol\'s contract (locked). The transfer is `pending` with `source_tx_hash`; it then becomes `source_confirmed`, `attested` and `completed` (what arrives, amount − fee, is credited to the account whose deposit address is `recipient_address`, or sent on chain to an external address), or `failed` with the source refunded. 404 for a quote or sender address not the team\'s; 422 for a bad address (`invalid_address`), an expired quote (`quote_expired`), a passed deadline, insufficient funds; 409 for a quote already initiated.',
    tags,
  }),
  route({
    method: 'GET',
    path: '/crosschain/bridge/:id',
    prefixes: ['v1'],
    access: 'read',
    params: BridgeTransferParams,
    response: BridgeTransferView,
    operation: ReadBridgeTransfer,
    summary: 'Get a bridge transfer',
    description: 'A bridge transfer of the team as it stands: status, the source, destination and refund transaction hashes, the failure reason. 404 for an unknown transfer or another team\'s.',
    tags,
  }),
  route({
    method: 'POST',
    path: '/crosschain/bridge',
    prefixes: ['v2'],
    access: 'write',
    body: BridgeInput,
    response: BridgeTransferView,
    status: 201,
    operation: Bridge,
    summary: 'Bridge a token between the account\'s holdings on two chains',
    description:
      'Quotes and initiates in one: from the source holding of `account_id` (default: the team\'s oldest active account) to its own holding on the destination, on `protocol` (or the one that delivers the most) at its fee now. The answer and the lifecycle are those of the version 1 initiation; GET /v1/crosschain/bridge/{id} reads it back. 422 as the quote refuses, `insufficient_funds`; 404 for another team\'s account.',
    tags,
  }),
  route({
    method: 'POST',
    path: '/admin/crosschain/faults',
    prefixes: ['v2'],
    access: 'operator',
    body: BridgeFaultInput,
    response: BridgeFaultsView,
    operation: ArmBridgeFault,
    summary: 'Make the next transfers of a bridge protocol fail or time out (sandbox)',
    description: 'Operator key only. The next `count` transfers initiated on `protocol` fail: `fail` refuses the attestation (failed after source_confirmed), `timeout` never relays (failed at the transfer\'s timeout, after attested). Both refund the source. `count` 0 disarms. Answers the faults still armed. The CLI\'s `crosschain fault` does the same.',
    tags,
  }),
];

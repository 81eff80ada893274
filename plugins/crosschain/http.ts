import { route, type RouteDeclaration, type RouteTag } from '../../kernel/public.js';
import { BridgeFeesQuery, BridgeFeesView, BridgeQuoteInput, BridgeQuoteParams, BridgeQuoteView, CompareBridgeFees, QuoteBridge, ReadBridgeQuote } from './operations.js';

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
];

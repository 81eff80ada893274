import { z } from 'zod';
import { decimal, pageArgsShape, pageNumber, pageSize, timestamp, token, type Operation, type Page } from '../../kernel/public.js';

const uuidExample = '6f1c2b9e-4a8d-4f3e-9b7a-2d5c8e1f0a34';
const address = z.string().describe('EVM address, EIP-55 checksummed.');

export const endpointView = z
  .object({
    id: z.uuid(),
    path: z.string(),
    price_usd_cents: z.number().int(),
    amount: decimal.describe('The price in the asset, as X-Payment-Amount shows it.'),
    network: z.string().describe('CAIP-2.'),
    asset: z.string(),
    asset_contract: address.describe('The token contract on the network: x402’s asset and the EIP-712 verifyingContract.'),
    description: z.string(),
    account_id: z.uuid().describe('The account whose custody address receives the payments.'),
    receiver: address.describe('X-Payment-Receiver: the account’s custody address on the network.'),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .strict()
  .meta({
    id: 'X402Endpoint',
    example: {
      id: uuidExample,
      path: '/api/v2/gcu/composition',
      price_usd_cents: 1,
      amount: '0.01',
      network: 'eip155:8453',
      asset: 'USDC',
      asset_contract: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
      description: 'GCU composition, per call',
      account_id: uuidExample,
      receiver: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      created_at: '2026-11-25T09:30:00Z',
      updated_at: '2026-11-25T09:30:00Z',
    },
  });
export type EndpointView = z.infer<typeof endpointView>;

const pathField = z.string().trim().min(5).max(300).regex(/^\/api\/[A-Za-z0-9._~\-/]*$/, 'a path of this service: /api/…, without query or fragment');
const network = z.string().regex(/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/, 'a CAIP-2 chain id, e.g. eip155:8453').describe('CAIP-2 chain id (namespace:reference), e.g. eip155:8453.');

export const createEndpointInput = z
  .object({
    path: pathField.describe('The path as a client calls it, e.g. /api/v2/gcu/composition; it must start with a monetizable prefix (configuration).'),
    price_usd_cents: z.number().int().min(1).max(100_000_000),
    network,
    asset: z.string().trim().min(1).max(20).describe('A token the network has; USDC.'),
    description: z.string().trim().max(500).default(''),
    account_id: z.uuid().optional().describe('The receiving account; the team’s oldest active account when left out.'),
  })
  .strict()
  .meta({ id: 'CreateX402EndpointInput', example: { path: '/api/v2/gcu/composition', price_usd_cents: 1, network: 'eip155:8453', asset: 'USDC', description: 'GCU composition, per call' } });
export type CreateEndpointInput = z.infer<typeof createEndpointInput>;

export const endpointId = z.object({ id: z.uuid() });
export const updateEndpointBody = z
  .object({
    price_usd_cents: z.number().int().min(1).max(100_000_000).optional(),
    network: network.optional(),
    asset: z.string().trim().min(1).max(20).optional(),
    description: z.string().trim().max(500).optional(),
  })
  .strict()
  .meta({ id: 'UpdateX402EndpointInput', example: { price_usd_cents: 2 } });
export type UpdateEndpointInput = z.infer<typeof endpointId> & z.infer<typeof updateEndpointBody>;
export type EndpointIdInput = z.infer<typeof endpointId>;

export const listInput = z.object({ page: pageNumber().default(1), per_page: pageSize().default(20) });
export type ListInput = z.infer<typeof listInput>;

/** The relays list has no REST route: GraphQL hands its page as numbers (pageArgs). */
export const relayListInput = z.object(pageArgsShape);

export const paymentView = z
  .object({
    id: z.uuid(),
    direction: z.enum(['received', 'made']),
    status: z.enum(['verified', 'settled', 'failed']),
    failure_reason: z.string().nullable().describe('The x402 reason of a failed payment.'),
    network: z.string(),
    asset: z.string(),
    amount: decimal,
    payer: address,
    receiver: address,
    endpoint_id: z.uuid().nullable(),
    resource: z.string(),
    tx_hash: z.string().nullable(),
    settled_at: timestamp.nullable(),
    created_at: timestamp,
  })
  .strict()
  .meta({
    id: 'X402Payment',
    example: {
      id: uuidExample,
      direction: 'received',
      status: 'settled',
      failure_reason: null,
      network: 'eip155:8453',
      asset: 'USDC',
      amount: '0.01',
      payer: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      receiver: '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
      endpoint_id: uuidExample,
      resource: 'http://127.0.0.1:8080/api/v2/gcu/composition',
      tx_hash: '0x2f1c0d1b4c7f8e9a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e2f3a',
      settled_at: '2026-11-25T09:30:00Z',
      created_at: '2026-11-25T09:30:00Z',
    },
  });
export type PaymentView = z.infer<typeof paymentView>;

export const supportedView = z
  .object({
    networks: z.array(
      z.object({
        network: z.string(),
        chain: z.string(),
        v1_name: z.string().nullable(),
        assets: z.array(z.object({ asset: z.string(), contract: address, decimals: z.number().int(), eip712_name: z.string(), eip712_version: z.string() })),
      }),
    ),
    schemes: z.array(z.string()),
    x402_versions: z.array(z.number().int()),
  })
  .meta({
    id: 'X402Supported',
    example: {
      networks: [{ network: 'eip155:8453', chain: 'base', v1_name: 'base', assets: [{ asset: 'USDC', contract: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', decimals: 6, eip712_name: 'USD Coin', eip712_version: '2' }] }],
      schemes: ['exact'],
      x402_versions: [1, 2],
    },
  });
export type SupportedView = z.infer<typeof supportedView>;

export const statusView = z
  .object({
    enabled: z.boolean(),
    networks: z.array(z.string()),
    assets: z.array(z.string()),
    facilitator: z.object({ url: z.string(), kind: z.string(), reachable: z.boolean() }),
    counts: z.object({ endpoints: z.number().int(), payments: z.object({ verified: z.number().int(), settled: z.number().int(), failed: z.number().int() }) }),
  })
  .meta({
    id: 'X402Status',
    example: {
      enabled: true,
      networks: ['eip155:8453', 'eip155:84532'],
      assets: ['USDC'],
      facilitator: { url: '/api/v2/x402/facilitator', kind: 'builtin', reachable: true },
      counts: { endpoints: 1, payments: { verified: 0, settled: 12, failed: 1 } },
    },
  });
export type StatusView = z.infer<typeof statusView>;

/** The facilitator API's body (x402 specification): a payment payload and the requirement it answers. */
export const facilitatorRequest = z
  .object({
    x402Version: z.union([z.literal(1), z.literal(2)]),
    paymentPayload: z.record(z.string(), z.unknown()),
    paymentRequirements: z.record(z.string(), z.unknown()),
  })
  .meta({
    id: 'X402FacilitatorRequest',
    example: {
      x402Version: 2,
      paymentPayload: {
        x402Version: 2,
        accepted: { scheme: 'exact', network: 'eip155:8453' },
        payload: {
          signature: `0x${'1b'.repeat(65)}`,
          authorization: { from: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', to: '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359', value: '10000', validAfter: '1764060000', validBefore: '1764060300', nonce: `0x${'ab'.repeat(32)}` },
        },
      },
      paymentRequirements: { scheme: 'exact', network: 'eip155:8453', amount: '10000', asset: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', payTo: '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359', maxTimeoutSeconds: 60, extra: { name: 'USD Coin', version: '2' } },
    },
  });
export type FacilitatorRequest = z.infer<typeof facilitatorRequest>;
export const verifyResponse = z.object({ isValid: z.boolean(), invalidReason: z.string().optional(), payer: z.string().optional() }).meta({ id: 'X402VerifyResponse', example: { isValid: true, payer: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' } });
export type VerifyResponse = z.infer<typeof verifyResponse>;
export const settleResponse = z
  .object({ success: z.boolean(), errorReason: z.string().optional(), payer: z.string().optional(), transaction: z.string(), network: z.string() })
  .meta({ id: 'X402SettleResponse', example: { success: true, payer: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', transaction: `0x${'2f'.repeat(32)}`, network: 'eip155:8453' } });
export type SettleResponse = z.infer<typeof settleResponse>;
export const facilitatorSupported = z
  .object({
    kinds: z.array(z.object({ x402Version: z.number().int(), scheme: z.string(), network: z.string() })),
    extensions: z.array(z.string()),
    signers: z.record(z.string(), z.array(z.string())),
  })
  .meta({ id: 'X402FacilitatorSupported', example: { kinds: [{ x402Version: 2, scheme: 'exact', network: 'eip155:8453' }, { x402Version: 1, scheme: 'exact', network: 'base' }], extensions: [], signers: {} } });
export type FacilitatorSupported = z.infer<typeof facilitatorSupported>;

export const relayView = z
  .object({
    payment_id: z.uuid(),
    network: z.string(),
    tx_hash: z.string().nullable(),
    paid_by: z.enum(['facilitator']).nullable().describe('Who paid the settlement’s gas; null for a payment that never reached the chain.'),
    gas_asset: z.string().nullable(),
    gas_used: z.string().nullable().describe('Digit string.'),
    gas_price_wei: z.string().nullable().describe('Digit string.'),
    gas_cost_wei: z.string().nullable().describe('gas_used × gas_price_wei, a digit string.'),
    block_number: z.string().nullable(),
  })
  .strict()
  .meta({ id: 'X402Relay' });
export type RelayView = z.infer<typeof relayView>;

export const CreateEndpoint = token<Operation<CreateEndpointInput, EndpointView>>('x402.create-endpoint');
export const ListEndpoints = token<Operation<ListInput, Page<EndpointView>>>('x402.list-endpoints');
export const UpdateEndpoint = token<Operation<UpdateEndpointInput, EndpointView>>('x402.update-endpoint');
export const DeleteEndpoint = token<Operation<EndpointIdInput, EndpointView>>('x402.delete-endpoint');
export const ListPayments = token<Operation<ListInput, Page<PaymentView>>>('x402.list-payments');
export const GetSupported = token<Operation<Record<string, never>, SupportedView>>('x402.supported');
export const GetStatus = token<Operation<Record<string, never>, StatusView>>('x402.status');
export const FacilitatorVerify = token<Operation<FacilitatorRequest, VerifyResponse>>('x402.facilitator-verify');
export const FacilitatorSettle = token<Operation<FacilitatorRequest, SettleResponse>>('x402.facilitator-settle');
export const FacilitatorKinds = token<Operation<Record<string, never>, FacilitatorSupported>>('x402.facilitator-supported');
export const ListRelays = token<Operation<ListInput, Page<RelayView>>>('x402.list-relays');

// The buying side: spending limits, agents and POST /x402/pay (docs/x402.md, "Buying").

const usd = z
  .string()
  .regex(/^(0|[1-9][0-9]{0,11})(\.[0-9]{1,2})?$/, 'a USD amount with at most two decimals, e.g. "5.00"')
  .describe('US dollars, a decimal string with at most two decimals.');
const cap = usd.nullable().describe('US dollars, at most two decimals; null: no cap.');

const limitFields = {
  daily_usd: cap.describe('Spent per UTC day at most; null: no cap.'),
  monthly_usd: cap.describe('Spent per UTC month at most; null: no cap.'),
  per_request_usd: cap.describe('One payment at most; null: no cap.'),
};
const spentFields = {
  spent_today_usd: decimal.describe('Counted against daily_usd today (UTC), payments rounded up to the cent.'),
  spent_this_month_usd: decimal.describe('Counted against monthly_usd this month (UTC).'),
};

export const setLimitsInput = z
  .object({ daily_usd: cap.default(null), monthly_usd: cap.default(null), per_request_usd: cap.default(null) })
  .strict()
  .meta({ id: 'SetX402SpendingLimitsInput', example: { daily_usd: '5.00', monthly_usd: '50.00', per_request_usd: '0.10' } });
export type SetLimitsInput = z.infer<typeof setLimitsInput>;

export const teamLimitsView = z
  .object({ ...limitFields, ...spentFields, updated_at: timestamp.nullable() })
  .strict()
  .meta({ id: 'X402TeamSpendingLimits' });
export type TeamLimitsView = z.infer<typeof teamLimitsView>;

export const agentView = z
  .object({
    api_key_id: z.string().describe('The agent: an API key’s id, or a mobile session’s id.'),
    name: z.string(),
    ...limitFields,
    ...spentFields,
    created_at: timestamp,
    updated_at: timestamp,
  })
  .strict()
  .meta({
    id: 'X402Agent',
    example: { api_key_id: uuidExample, name: 'research-bot', daily_usd: '1.00', monthly_usd: '10.00', per_request_usd: '0.05', spent_today_usd: '0.02', spent_this_month_usd: '0.40', created_at: '2026-11-25T09:30:00Z', updated_at: '2026-11-25T09:30:00Z' },
  });
export type AgentView = z.infer<typeof agentView>;

export const spendingLimitsView = z
  .object({
    configured: z.boolean().describe('False until the team sets its limits: without them POST /x402/pay pays nothing.'),
    team: teamLimitsView,
    agents: z.array(agentView),
  })
  .strict()
  .meta({
    id: 'X402SpendingLimits',
    example: {
      configured: true,
      team: { daily_usd: '5.00', monthly_usd: '50.00', per_request_usd: '0.10', spent_today_usd: '0.03', spent_this_month_usd: '1.20', updated_at: '2026-11-25T09:30:00Z' },
      agents: [],
    },
  });
export type SpendingLimitsView = z.infer<typeof spendingLimitsView>;

export const agentKey = z.object({ api_key_id: z.string().trim().min(1).max(100).regex(/^[A-Za-z0-9_-]+$/, 'an API key or session id') });
export type AgentKeyInput = z.infer<typeof agentKey>;
export const putAgentBody = z
  .object({ name: z.string().trim().min(1).max(100), daily_usd: cap.default(null), monthly_usd: cap.default(null), per_request_usd: cap.default(null) })
  .strict()
  .meta({ id: 'PutX402AgentInput', example: { name: 'research-bot', daily_usd: '1.00', monthly_usd: '10.00', per_request_usd: '0.05' } });
export type PutAgentInput = z.infer<typeof agentKey> & z.infer<typeof putAgentBody>;

export const payInput = z
  .object({
    url: z.string().trim().min(8).max(2_048).describe('The x402-protected URL (http or https) of an allowed origin (pluginConfig.x402.public_url, pay_allowed_origins).'),
    method: z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']).default('GET'),
    max_amount: z
      .string()
      .regex(/^(0|[1-9][0-9]{0,11})(\.[0-9]{1,6})?$/, 'a USD amount with at most six decimals, e.g. "0.05"')
      .describe('The most this call may pay, in US dollars (USDC); a dearer requirement is refused (422 over_max_amount).'),
    headers: z
      .record(z.string().regex(/^[A-Za-z0-9-]{1,64}$/), z.string().max(4_096).regex(/^[\t\x20-\x7e]*$/, 'printable ASCII: no line breaks or control characters'))
      .refine((value) => Object.keys(value).length <= 20, 'at most 20 headers')
      .refine((value) => !Object.keys(value).some((name) => FORBIDDEN_HEADERS.has(name.toLowerCase())), 'host, content-length, connection, transfer-encoding and the payment headers are set by the service')
      .default({})
      .describe('Headers sent to the URL with both requests, e.g. the target’s own Authorization.'),
    body: z.string().max(65_536).optional().describe('A request body, sent as is (with Content-Type application/json unless headers name one).'),
    account_id: z.uuid().optional().describe('The paying account (its custody address on the network signs); the team’s oldest active account when left out.'),
  })
  .strict()
  .meta({ id: 'X402PayInput', example: { url: 'https://bank.example/api/v2/gcu/composition', method: 'GET', max_amount: '0.05' } });
export type PayInput = z.infer<typeof payInput>;

const FORBIDDEN_HEADERS = new Set(['host', 'content-length', 'connection', 'transfer-encoding', 'payment-signature', 'x-payment', 'x-payment-payload', 'x-payment-signature']);

export const payView = z
  .object({
    paid: z.boolean().describe('Whether a payment was made and settled.'),
    // The payment made (direction made); left out when the URL asked for none. Inline, not X402Payment's $ref: OpenAPI 3.0 has no optional or nullable $ref without a one-schema allOf.
    payment: paymentView.extend({}).optional(),
    response: z
      .object({
        status: z.number().int().describe('The URL’s final HTTP status.'),
        content_type: z.string().nullable(),
        body: z.string().describe('The answer’s body as text (at most pay_max_response_bytes).'),
      })
      .strict()
      .nullable()
      .describe(
        'The URL’s final answer; null when it was not kept: the connection failed after the payment was sent and the payment settled all the same, or this answers a retry (same Idempotency-Key) of a request whose answer was lost.',
      ),
  })
  .strict()
  .meta({
    id: 'X402PayResult',
    example: {
      paid: true,
      payment: {
        id: uuidExample,
        direction: 'made',
        status: 'settled',
        failure_reason: null,
        network: 'eip155:8453',
        asset: 'USDC',
        amount: '0.01',
        payer: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
        receiver: '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
        endpoint_id: null,
        resource: 'https://bank.example/api/v2/gcu/composition',
        tx_hash: '0x2f1c0d1b4c7f8e9a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e2f3a',
        settled_at: '2026-11-25T09:30:00Z',
        created_at: '2026-11-25T09:30:00Z',
      },
      response: { status: 200, content_type: 'application/json; charset=utf-8', body: '{"data":{}}' },
    },
  });
export type PayView = z.infer<typeof payView>;

export const GetSpendingLimits = token<Operation<Record<string, never>, SpendingLimitsView>>('x402.get-spending-limits');
export const SetSpendingLimits = token<Operation<SetLimitsInput, SpendingLimitsView>>('x402.set-spending-limits');
export const PutAgent = token<Operation<PutAgentInput, AgentView>>('x402.put-agent');
export const ListAgents = token<Operation<Record<string, never>, AgentView[]>>('x402.list-agents');
export const RemoveAgent = token<Operation<AgentKeyInput, AgentView>>('x402.remove-agent');
export const Pay = token<Operation<PayInput, PayView>>('x402.pay');

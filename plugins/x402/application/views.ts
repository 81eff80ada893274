import type { EndpointRecord, PaymentRecord } from '../domain/records.js';
import { unitsToDecimal } from '../domain/price.js';
import type { EndpointView, PaymentView } from '../operations.js';
import type { X402Asset } from './x402-networks.js';

/** The API's view of a registration: its price in cents and in the asset, and where payments go. */
export function endpointView(endpoint: EndpointRecord, asset: X402Asset, amount: bigint, receiver: string): EndpointView {
  return {
    id: endpoint.id,
    path: endpoint.path,
    price_usd_cents: endpoint.priceUsdCents,
    amount: unitsToDecimal(amount, asset.decimals),
    network: endpoint.network,
    asset: endpoint.asset,
    asset_contract: asset.contract,
    description: endpoint.description,
    account_id: endpoint.accountId,
    receiver,
    created_at: endpoint.createdAt.toISOString(),
    updated_at: endpoint.updatedAt.toISOString(),
  };
}

export function paymentView(payment: PaymentRecord, decimals: number): PaymentView {
  return {
    id: payment.id,
    direction: payment.direction,
    status: payment.status,
    failure_reason: payment.failureReason,
    network: payment.network,
    asset: payment.asset,
    amount: unitsToDecimal(payment.amount, decimals),
    payer: payment.payer,
    receiver: payment.receiver,
    endpoint_id: payment.endpointId,
    resource: payment.resource,
    tx_hash: payment.txHash,
    settled_at: payment.settledAt?.toISOString() ?? null,
    created_at: payment.createdAt.toISOString(),
  };
}

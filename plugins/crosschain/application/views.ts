import { formatMinor } from '../../../kernel/public.js';
import type { BridgeQuoteRecord } from '../domain/bridge-quote.js';
import type { BridgeTransferRecord } from '../domain/bridge-transfer.js';
import type { BridgeFeesView, BridgeQuoteView, BridgeTransferView } from '../operations.js';
import { isAvailable, type ProtocolOption } from './bridge-comparison.js';

const RATE_DECIMALS = 8;

/** received / input with 8 decimals, rounded down (never shows more than arrives). */
export function exchangeRate(received: bigint, input: bigint): string {
  return formatMinor((received * 10n ** BigInt(RATE_DECIMALS)) / input, RATE_DECIMALS);
}

export function bridgeQuoteView(quote: BridgeQuoteRecord, decimals: number): BridgeQuoteView {
  const amount = (units: bigint) => formatMinor(units, decimals);
  return {
    quote_id: quote.id,
    bridge_protocol: quote.protocol,
    source_chain: quote.sourceChain,
    destination_chain: quote.destinationChain,
    token: quote.token,
    input_amount: amount(quote.inputAmount),
    estimated_receive_amount: amount(quote.receiveAmount),
    fee_amount: amount(quote.feeAmount),
    fee_currency: quote.token,
    exchange_rate: exchangeRate(quote.receiveAmount, quote.inputAmount),
    estimated_duration_seconds: quote.durationSeconds,
    quote_expires_at: quote.expiresAt.toISOString(),
    alternative_quotes: quote.alternatives.map((one) => ({
      bridge_protocol: one.protocol,
      estimated_receive_amount: amount(one.receiveAmount),
      fee_amount: amount(one.feeAmount),
      estimated_duration_seconds: one.durationSeconds,
    })),
  };
}

/** The comparison of every protocol for one transfer, the cheapest and the fastest available marked. */
export function bridgeFeesView(route: { source: string; destination: string; token: string; decimals: number }, amount: bigint, options: readonly ProtocolOption[]): BridgeFeesView {
  const units = (value: bigint) => formatMinor(value, route.decimals);
  const available = options.filter(isAvailable);
  const cheapest = available[0]?.protocol;
  const fastest = [...available].sort((a, b) => a.estimate.durationSeconds - b.estimate.durationSeconds)[0]?.protocol;
  return {
    source_chain: route.source,
    destination_chain: route.destination,
    token: route.token,
    amount: units(amount),
    protocols: options.map((option) => {
      const estimate = option.estimate;
      const open = isAvailable(option);
      return {
        bridge_protocol: option.protocol,
        supported: option.support.ok,
        available: open,
        reason: !option.support.ok ? option.support.detail : open ? null : `The amount does not cover the fee of ${units(estimate!.feeAmount)} ${route.token}.`,
        fee_usd: estimate ? formatMinor(estimate.feeUsdMicros, 6) : null,
        fee_amount: estimate ? units(estimate.feeAmount) : null,
        fee_currency: route.token,
        estimated_receive_amount: open ? units(estimate!.receiveAmount) : null,
        estimated_duration_seconds: estimate ? estimate.durationSeconds : null,
        cheapest: option.protocol === cheapest,
        fastest: option.protocol === fastest,
      };
    }),
  };
}

export function bridgeTransferView(t: BridgeTransferRecord, decimals: number): BridgeTransferView {
  const amount = (units: bigint) => formatMinor(units, decimals);
  return {
    bridge_tx_id: t.id,
    quote_id: t.quoteId,
    status: t.status,
    bridge_protocol: t.protocol,
    source_chain: t.sourceChain,
    destination_chain: t.destinationChain,
    token: t.token,
    amount: amount(t.inputAmount),
    fee_amount: amount(t.feeAmount),
    receive_amount: amount(t.receiveAmount),
    account_id: t.accountId,
    sender_address: t.senderAddress,
    recipient_address: t.recipientAddress,
    source_tx_hash: t.sourceTxHash,
    destination_tx_hash: t.destinationTxHash,
    refund_tx_hash: t.refundTxHash,
    failure_reason: t.failureReason,
    created_at: t.createdAt.toISOString(),
    updated_at: t.updatedAt.toISOString(),
    estimated_completion_at: t.schedule.completeAt.toISOString(),
  };
}

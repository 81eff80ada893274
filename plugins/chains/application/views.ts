import { formatMinor, type ChainHead, type ChainInfo, type ChainReceipt, type ChainToken } from '../../../kernel/public.js';
import type { ChainView, ReceiptView } from '../operations.js';

/** Wei as gwei, without trailing zeros ("0.010412", "8"). */
export function gwei(wei: bigint): string {
  return formatMinor(wei, 9).replace(/\.?0+$/, '');
}

export function chainView(info: ChainInfo, head: ChainHead, tokens: readonly ChainToken[]): ChainView {
  return {
    name: info.name,
    chain_id: info.chainId,
    caip2: info.caip2,
    display_name: info.displayName,
    native_asset: info.nativeAsset,
    layer: info.layer,
    testnet: info.testnet,
    block_time_ms: info.blockTimeMs,
    finality_seconds: info.finalitySeconds,
    head: { number: head.number.toString(), timestamp: head.timestamp.toISOString(), finalized_number: head.finalizedNumber.toString() },
    gas_price_gwei: gwei(head.gasPriceWei),
    tokens: tokens.map((token) => ({ asset_code: token.assetCode, contract_address: token.contract, decimals: token.decimals })),
  };
}

export function receiptView(receipt: ChainReceipt, decimals: number): ReceiptView {
  return {
    hash: receipt.hash,
    chain: receipt.chain,
    kind: receipt.kind,
    from: receipt.from,
    to: receipt.to,
    asset_code: receipt.assetCode,
    amount: formatMinor(receipt.amount, decimals),
    amount_base_units: receipt.amount.toString(),
    nonce: receipt.nonce.toString(),
    block_number: receipt.blockNumber.toString(),
    block_timestamp: receipt.blockTimestamp.toISOString(),
    status: receipt.status,
    confirmations: receipt.confirmations.toString(),
    gas_used: receipt.gasUsed.toString(),
    effective_gas_price_gwei: gwei(receipt.effectiveGasPriceWei),
    submitted_at: receipt.submittedAt.toISOString(),
  };
}

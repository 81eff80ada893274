import { keccak256, stringToHex } from 'viem/utils';
import type { ChainTxKind } from '../../../kernel/public.js';

/** Mints come from the zero address, as an ERC-20 Transfer event records them. */
export const MINT_SENDER = '0x0000000000000000000000000000000000000000';

/** Gas a transfer uses: a plain native-coin transfer, and an ERC-20 transfer or mint to a holder. */
export function gasUsedBy(isNative: boolean): bigint {
  return isNative ? 21_000n : 65_000n;
}

/**
 * A simulated transaction's hash: keccak-256 of what identifies it. The
 * sender's nonce makes it unique (each nonce is taken once per sender and
 * chain), and the chain id keeps equal transfers on two chains apart.
 */
export function transactionHash(parts: {
  chainId: number;
  kind: ChainTxKind;
  from: string;
  to: string;
  assetCode: string;
  amount: bigint;
  nonce: bigint;
}): string {
  const { chainId, kind, from, to, assetCode, amount, nonce } = parts;
  return keccak256(stringToHex(`${chainId}|${kind}|${from}|${to}|${assetCode}|${amount}|${nonce}`));
}

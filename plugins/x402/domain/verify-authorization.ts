import { getAddress, recoverTypedDataAddress } from 'viem';
import { caip2Of } from './networks.js';
import { PaymentRefusal, type PaymentProof } from './payment-proof.js';
import type { PaymentRequirement } from './requirement.js';

/** EIP-3009's typed data, as USDC's contract hashes it. */
export const TRANSFER_WITH_AUTHORIZATION_TYPES = {
  TransferWithAuthorization: [
    { name: 'from', type: 'address' },
    { name: 'to', type: 'address' },
    { name: 'value', type: 'uint256' },
    { name: 'validAfter', type: 'uint256' },
    { name: 'validBefore', type: 'uint256' },
    { name: 'nonce', type: 'bytes32' },
  ],
} as const;

/** secp256k1's order / 2: USDC's ECRecover refuses an s above it (malleable signatures). */
const HALF_ORDER = 0x7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0n;

/** The EIP-712 domain a payment for `requirement` must be signed over. */
export function tokenDomain(requirement: PaymentRequirement) {
  return { name: requirement.domain.name, version: requirement.domain.version, chainId: requirement.chainId, verifyingContract: requirement.contract } as const;
}

/**
 * The offline checks of an `exact` EVM payment against what the call costs,
 * in the order the x402 facilitator runs them: scheme and network, the
 * EIP-712 signature recovered to `from` (over the token's domain, so a
 * signature for another chain id or contract recovers someone else), the
 * receiver, the value (x402 v2: exactly the amount; v1 and the spec's
 * headers: at least it), and the time window `validAfter <= now < validBefore`.
 * The balance and the nonce need state and are checked by the facilitator.
 * Answers the payer; throws a PaymentRefusal with the x402 reason.
 */
export async function verifyAuthorization(proof: PaymentProof, requirement: PaymentRequirement, now: Date): Promise<`0x${string}`> {
  if (proof.scheme !== undefined && proof.scheme !== 'exact') throw new PaymentRefusal('unsupported_scheme', `Scheme ${proof.scheme} is not accepted: only exact.`);
  if (proof.network !== undefined && caip2Of(proof.network) !== requirement.network) {
    throw new PaymentRefusal('invalid_network', `The payment is for network ${proof.network}; this call is paid on ${requirement.network}.`);
  }
  const { authorization, signature } = proof;
  if (BigInt(`0x${signature.slice(66, 130)}`) > HALF_ORDER) throw new PaymentRefusal('invalid_exact_evm_payload_signature', 'The signature has a high s value, which the token contract refuses.');
  let signer: `0x${string}`;
  try {
    signer = await recoverTypedDataAddress({
      domain: tokenDomain(requirement),
      types: TRANSFER_WITH_AUTHORIZATION_TYPES,
      primaryType: 'TransferWithAuthorization',
      message: authorization,
      signature,
    });
  } catch {
    throw new PaymentRefusal('invalid_exact_evm_payload_signature', 'The signature does not recover to any address.');
  }
  if (signer !== getAddress(authorization.from)) {
    throw new PaymentRefusal('invalid_exact_evm_payload_signature', `The signature is not from ${getAddress(authorization.from)} over ${requirement.asset}'s EIP-712 domain on chain ${requirement.chainId}.`);
  }
  if (getAddress(authorization.to) !== getAddress(requirement.payTo)) {
    throw new PaymentRefusal('invalid_exact_evm_payload_recipient_mismatch', `The authorization pays ${getAddress(authorization.to)}; this call pays ${requirement.payTo}.`);
  }
  const enough = proof.x402Version === 2 && proof.dialect === 'x402-v2' ? authorization.value === requirement.amount : authorization.value >= requirement.amount;
  if (!enough) throw new PaymentRefusal('invalid_exact_evm_payload_authorization_value', `The authorization is for ${authorization.value} base units; this call costs ${requirement.amount}.`);
  const seconds = BigInt(Math.floor(now.getTime() / 1000));
  if (authorization.validAfter > seconds) throw new PaymentRefusal('invalid_exact_evm_payload_authorization_valid_after', 'The authorization is not valid yet (validAfter is in the future).');
  if (authorization.validBefore <= seconds) throw new PaymentRefusal('invalid_exact_evm_payload_authorization_valid_before', 'The authorization has expired (validBefore has passed).');
  return signer;
}

import { privateKeyToAccount } from 'viem/accounts';
import { TRANSFER_WITH_AUTHORIZATION_TYPES } from '../domain/verify-authorization.js';

/** What a 402's PAYMENT-REQUIRED header asks for (x402 v2), as a test payer reads it. */
export interface Accepted {
  readonly scheme: string;
  readonly network: string;
  readonly amount: string;
  readonly asset: `0x${string}`;
  readonly payTo: `0x${string}`;
  readonly maxTimeoutSeconds: number;
  readonly extra: { readonly name: string; readonly version: string };
}

export function acceptedOf(headers: Headers): { accepted: Accepted; resource: unknown } {
  const required = JSON.parse(Buffer.from(headers.get('payment-required')!, 'base64').toString('utf8'));
  return { accepted: required.accepts[0], resource: required.resource };
}

export const b64 = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8').toString('base64');

/** A test wallet (a fixed private key) that signs EIP-3009 authorizations as an x402 client does. */
export function testPayer(privateKey: `0x${string}`) {
  const account = privateKeyToAccount(privateKey);
  let serial = 0;
  return {
    address: account.address,
    /** An authorization and its signature; `override` changes any field before signing, `chainId` the domain's chain. */
    async sign(accepted: Accepted, nowSeconds: number, override: Partial<Record<'from' | 'to' | 'value' | 'validAfter' | 'validBefore' | 'nonce', string>> = {}, chainId?: number) {
      serial += 1;
      const authorization = {
        from: account.address as string,
        to: accepted.payTo as string,
        value: accepted.amount,
        validAfter: String(nowSeconds - 60),
        validBefore: String(nowSeconds + 300),
        nonce: `0x${serial.toString(16).padStart(8, '0')}${privateKey.slice(2, 58)}`,
        ...override,
      };
      const signature = await account.signTypedData({
        domain: { name: accepted.extra.name, version: accepted.extra.version, chainId: chainId ?? Number(accepted.network.split(':')[1]), verifyingContract: accepted.asset },
        types: TRANSFER_WITH_AUTHORIZATION_TYPES,
        primaryType: 'TransferWithAuthorization',
        message: {
          from: authorization.from as `0x${string}`,
          to: authorization.to as `0x${string}`,
          value: BigInt(authorization.value),
          validAfter: BigInt(authorization.validAfter),
          validBefore: BigInt(authorization.validBefore),
          nonce: authorization.nonce as `0x${string}`,
        },
      });
      return { authorization, signature };
    },
  };
}

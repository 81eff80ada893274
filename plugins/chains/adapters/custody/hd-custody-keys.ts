import { injectable } from 'inversify';
import { HDKey, privateKeyToAccount, privateKeyToAddress } from 'viem/accounts';
import type { CustodyTypedData } from '../../../../kernel/public.js';
import { keccak256, toHex } from 'viem/utils';
import { accountKeyPath } from '../../domain/custody-path.js';
import type { CustodyKeys } from '../../ports.js';

/**
 * Custody keys derived in process from the master seed with BIP-32
 * (@scure/bip32 through viem), secp256k1 keys whose addresses are the
 * Keccak-256 of the public key, EIP-55 checksummed. A bank that keeps keys
 * in an HSM or a KMS replaces this adapter; the rest of the module only
 * ever sees addresses.
 */
@injectable()
export class HdCustodyKeys implements CustodyKeys {
  #master: HDKey | undefined;

  /** Called once at start with the seed from the SecretStore. */
  load(seed: Uint8Array): void {
    this.#master = HDKey.fromMasterSeed(seed);
  }

  fingerprint(): string {
    return keccak256(this.#root().publicKey!).slice(0, 34);
  }

  addresses(accountIndex: number, slots: readonly number[]): ReadonlyMap<number, string> {
    // One hardened derivation per account, then a cheap child per chain.
    const account = this.#root().derive(accountKeyPath(accountIndex));
    return new Map(slots.map((slot) => [slot, privateKeyToAddress(toHex(account.deriveChild(slot).privateKey!))]));
  }

  signTypedData(accountIndex: number, slot: number, typedData: CustodyTypedData): Promise<`0x${string}`> {
    // The private key lives for this call only; viem signs deterministically (RFC 6979).
    const key = this.#root().derive(accountKeyPath(accountIndex)).deriveChild(slot).privateKey!;
    return privateKeyToAccount(toHex(key)).signTypedData(typedData as Parameters<ReturnType<typeof privateKeyToAccount>['signTypedData']>[0]);
  }

  #root(): HDKey {
    if (!this.#master) throw new Error('the custody seed is not loaded yet (the chains module loads it at start)');
    return this.#master;
  }
}

import { injectable } from 'inversify';
import { combine, split } from 'shamir-secret-sharing';
import type { SecretSharing } from '../../ports.js';

/**
 * Privy's `shamir-secret-sharing` (audited by Cure53 and Zellic; GF(256),
 * one byte of x-coordinate appended to each share). It draws its
 * polynomial coefficients from the platform's CSPRNG, not the service's
 * seeded Random: shares differ run to run, the key they rebuild does not.
 */
@injectable()
export class ShamirSecretSharing implements SecretSharing {
  split(secret: Uint8Array, shares: number, threshold: number): Promise<Uint8Array[]> {
    return split(secret, shares, threshold);
  }

  combine(shares: readonly Uint8Array[]): Promise<Uint8Array> {
    return combine([...shares]);
  }
}

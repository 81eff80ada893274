import { randomBytes } from 'node:crypto';
import type { Random } from '../../ports/random.js';

/** The operating system's CSPRNG: API keys and secrets come from here in production. */
export class CryptoRandom implements Random {
  bytes(length: number): Uint8Array {
    return new Uint8Array(randomBytes(length));
  }
}

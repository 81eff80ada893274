import { createHash, createHmac } from 'node:crypto';
import { inject, injectable } from 'inversify';
import { IdentityConfig } from '../config.js';

/**
 * Keys carry 256 random bits, so one SHA-256 is enough: no dictionary or
 * brute force reaches them, and a fast hash keeps authentication to one
 * indexed lookup. With a configured pepper it is HMAC-SHA-256 instead.
 */
@injectable()
export class KeyHasher {
  constructor(@inject(IdentityConfig) private readonly config: IdentityConfig) {}

  hash(key: string): string {
    const digest = this.config.pepper ? createHmac('sha256', this.config.pepper) : createHash('sha256');
    return digest.update(key, 'utf8').digest('hex');
  }
}

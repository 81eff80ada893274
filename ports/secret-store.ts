import { token } from '../kernel/contract/token.js';

/**
 * Key material kept outside the database (a key file in the data directory,
 * or a mounted secret shared by every process), created on first use like
 * the operator key. A database dump never holds it.
 */
export interface SecretStore {
  /**
   * The secret called `name` (lower case letters, digits and dashes): read
   * if it exists, else `create()`d, saved owner-only and returned. Two
   * processes creating it at once end up with the one written first.
   */
  obtain(name: string, create: () => Uint8Array): Promise<Uint8Array>;
}
export const SecretStore = token<SecretStore>('kernel.secret-store');

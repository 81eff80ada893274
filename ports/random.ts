import { token } from '../kernel/contract/token.js';

/** Secret-grade random bytes (API keys, webhook secrets); seeded in tests. */
export interface Random {
  bytes(length: number): Uint8Array;
}
export const Random = token<Random>('kernel.random');

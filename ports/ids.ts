import { token } from '../kernel/contract/token.js';

/** Identifier source (UUIDs); seeded in tests for repeatable runs. */
export interface Ids {
  uuid(): string;
}
export const Ids = token<Ids>('kernel.ids');

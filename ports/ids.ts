import { token } from '../kernel/contract/token.js';

/** Identifier source (UUIDs); seeded in tests for repeatable runs. */
export interface Ids {
  /** A random (version 4) UUID: unguessable, for anything handed out as a reference only its holder may know. */
  uuid(): string;
  /**
   * A time-ordered (version 7) UUID: ids made one after another sort together, so a btree on them grows at its
   * right edge instead of touching a random leaf per insert. It tells when it was made and its first half is
   * guessable: only for rows whose id is no secret and is always looked up within its team (docs/decisions.md).
   */
  timeOrdered(): string;
}
export const Ids = token<Ids>('kernel.ids');

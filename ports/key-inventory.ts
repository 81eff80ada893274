import type { Actor } from '../kernel/contract/context.js';
import { token } from '../kernel/contract/token.js';
import type { Tx } from './unit-of-work.js';

/** The kinds of key the inventory knows, one per contributing module. */
export const KEY_KINDS = ['api_key', 'webhook_secret', 'partner_key', 'custody_path'] as const;
export type KeyKind = (typeof KEY_KINDS)[number];

/** Where a key stands now: `rotating` while an old secret still works beside a new one; `suspended` while its holder is (a partner). */
export type KeyStatus = 'active' | 'rotating' | 'suspended' | 'expired' | 'revoked';

/**
 * One key of the team as its module knows it: metadata only. No field holds
 * a secret or anything a secret could be rebuilt from; the fingerprint is a
 * display prefix or the SHA-256 of a public part.
 */
export interface KeyInventoryEntry {
  readonly kind: KeyKind;
  /** The module's own id of the key (an API key id, a webhook id, `<partner id>:live`, a derivation path). */
  readonly id: string;
  /** What people call it: a key's name, an endpoint's URL, a chain and address. */
  readonly label: string;
  /** Who holds or uses it (a user id, an account id); null when the team as a whole. */
  readonly owner: string | null;
  readonly status: KeyStatus;
  readonly fingerprint: string;
  readonly createdAt: Date | null;
  readonly lastRotatedAt: Date | null;
  /** When it stops working on its own (an expiry, the end of a rotation's grace); null when it does not. */
  readonly expiresAt: Date | null;
  /** While `rotating`: when the replaced secret stops working beside the new one; null otherwise. */
  readonly overlapEndsAt: Date | null;
  /** Whether the team may rotate it through the inventory. */
  readonly rotatable: boolean;
  /** A custody derivation path's place in the HD tree; null for every other kind. */
  readonly custody: CustodyKeyPlace | null;
}

/** Where a custodial address sits: its chain, its (public) address and its BIP-32 path under the service's seed. */
export interface CustodyKeyPlace {
  readonly chain: string;
  readonly address: string;
  readonly derivationPath: string;
}

/** What a rotation asks for: how long the old secret keeps working beside the new one (0 = it stops at once). */
export interface KeyRotationRequest {
  readonly overlapSeconds: number;
}

/** A rotation's answer: the new key (shown once: never stored, logged or evented), the entry as it is now, and until when the old one works. */
export interface RotatedKey {
  readonly entry: KeyInventoryEntry;
  readonly secret: string;
  /** The instant the old secret stops working; the rotation's instant when it stopped at once. */
  readonly previousValidUntil: Date;
}

/**
 * A module's keys, for the key-management inventory (docs/key-management.md).
 * Multi-bound: each module that holds keys contributes one per kind
 * (manifest `contributes`), read with `@multiInject(KeyInventory) @optional()`.
 * Scoped by team in every call: another team's key is not found.
 */
export interface KeyInventory {
  readonly kind: KeyKind;
  /** The module that holds the keys (for messages). */
  readonly module: string;
  /** The longest overlap a rotation of this kind may ask for, in seconds (0 when it has none). */
  readonly maxOverlapSeconds: number;
  /** The team's keys of this kind, in the module's stable order, metadata only. */
  list(tx: Tx, teamId: string): Promise<KeyInventoryEntry[]>;
  find(tx: Tx, teamId: string, id: string): Promise<KeyInventoryEntry | undefined>;
  /**
   * Replaces the key with a new one inside the caller's unit of work (the
   * caller commits its event with it); undefined when the actor's team has no
   * such key. The module applies its own rules on who may (a key never
   * grants more than the caller holds); a 403 when the actor may not. Throws a ConflictError (409) saying why and what to do instead when
   * this key cannot be rotated here (not `rotatable`, or revoked).
   */
  rotate(tx: Tx, actor: Actor, id: string, request: KeyRotationRequest): Promise<RotatedKey | undefined>;
}
export const KeyInventory = token<KeyInventory>('key-inventory');

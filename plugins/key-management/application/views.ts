import { createHash } from 'node:crypto';
import type { KeyInventoryEntry } from '../../../kernel/public.js';
import type { ReconstructionRecord, RecoveryKeyRecord } from '../domain/recovery-key.js';
import type { InventoryKeyView } from '../operations-inventory.js';
import type { ReconstructionView, RecoveryKeyView } from '../operations.js';

/** What the service keeps of a key: its SHA-256, which does not reveal it (32 random bytes). */
export function fingerprintOf(key: Uint8Array): string {
  return `sha256:${createHash('sha256').update(key).digest('hex')}`;
}

export function recoveryKeyView(key: RecoveryKeyRecord): RecoveryKeyView {
  return { id: key.id, label: key.label, threshold: key.threshold, shares: key.shareCount, fingerprint: key.fingerprint, created_at: key.createdAt.toISOString() };
}

export function reconstructionView(record: ReconstructionRecord): ReconstructionView {
  return { id: record.id, recovery_key_id: record.recoveryKeyId, purpose: record.purpose, shares_given: record.sharesGiven, matches: record.matches, created_at: record.createdAt.toISOString() };
}

const iso = (at: Date | null): string | null => (at ? at.toISOString() : null);

export function inventoryKeyView(entry: KeyInventoryEntry): InventoryKeyView {
  return {
    kind: entry.kind,
    id: entry.id,
    label: entry.label,
    owner: entry.owner,
    status: entry.status,
    fingerprint: entry.fingerprint,
    created_at: iso(entry.createdAt),
    last_rotated_at: iso(entry.lastRotatedAt),
    expires_at: iso(entry.expiresAt),
    overlap_ends_at: iso(entry.overlapEndsAt),
    rotatable: entry.rotatable,
    custody: entry.custody && { chain: entry.custody.chain, address: entry.custody.address, derivation_path: entry.custody.derivationPath },
  };
}

import { createHash } from 'node:crypto';
import type { ReconstructionRecord, RecoveryKeyRecord } from '../domain/recovery-key.js';
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

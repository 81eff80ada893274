import { z } from 'zod';
import { eventType, KEY_KINDS, timestamp } from '../../kernel/public.js';
import { reconstructionView, recoveryKeyView } from './operations.js';

/** Each state change commits with one of these; no payload holds a key or a share. */
export const RecoveryKeyCreated = eventType({
  name: 'key.recovery_key.created',
  version: 1,
  group: 'Key management',
  description: 'A recovery key was made and split into shares (the payload holds its fingerprint only).',
  emittedBy: 'POST /key-management/recovery-keys',
  payload: recoveryKeyView,
  webhook: true,
});

export const ReconstructionRecorded = eventType({
  name: 'key.reconstruction.recorded',
  version: 1,
  group: 'Key management',
  description: 'Shares of a recovery key were presented to verify or reconstruct it; matches says whether they rebuilt it.',
  emittedBy: 'POST /key-management/recovery-keys/{id}/verify, /reconstruct, verifyKeyShares',
  payload: reconstructionView,
  webhook: true,
});

/** What a rotation tells: which key, its new fingerprint and until when the old one works; never a secret. */
export const keyRotatedPayload = z
  .object({
    kind: z.enum(KEY_KINDS),
    id: z.string().describe('The key now in use (an API key’s rotation makes a new key, with a new id).'),
    replaced_id: z.string().describe('The key rotated.'),
    fingerprint: z.string().describe('The new key’s fingerprint.'),
    previous_valid_until: timestamp,
    rotated_at: timestamp,
  })
  .strict()
  .meta({ id: 'KeyRotatedPayload' });

export const KeyRotated = eventType({
  name: 'key.rotated',
  version: 1,
  group: 'Key management',
  description: 'A key of the inventory was rotated: the new key’s fingerprint and until when the old one works (never the secret).',
  emittedBy: 'POST /key-management/keys/{kind}/{id}/rotate',
  payload: keyRotatedPayload,
  webhook: true,
});

export const keyManagementEvents = [RecoveryKeyCreated, ReconstructionRecorded, KeyRotated];

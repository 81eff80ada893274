import { eventType } from '../../kernel/public.js';
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

export const keyManagementEvents = [RecoveryKeyCreated, ReconstructionRecorded];

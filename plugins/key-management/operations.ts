import { z } from 'zod';
import { pageNumber, pageSize, timestamp, token, type Operation, type Page } from '../../kernel/public.js';
import { MAX_SHARES } from './domain/recovery-key.js';

/** The key-management operations and the zod schema of every input and view. */
const EXAMPLE_ID = '6f1c2b9e-4a8d-4f3e-9b7a-2d5c8e1f0a34';
const FINGERPRINT = 'sha256:9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08';

export const recoveryKeyView = z
  .object({
    id: z.uuid(),
    label: z.string(),
    threshold: z.number().int().describe('How many shares rebuild the key.'),
    shares: z.number().int().describe('How many shares were made.'),
    fingerprint: z.string().describe('sha256:<hex> of the key: all the service keeps of it.'),
    created_at: timestamp,
  })
  .strict()
  .meta({ id: 'RecoveryKey', example: { id: EXAMPLE_ID, label: 'Treasury backup', threshold: 3, shares: 5, fingerprint: FINGERPRINT, created_at: '2026-11-25T09:30:00Z' } });
export type RecoveryKeyView = z.infer<typeof recoveryKeyView>;

export const splitKeyView = recoveryKeyView
  .extend({
    key: z.string().describe('The 32-byte key, base64url: shown this once, never stored.'),
    share_values: z.array(z.string()).describe('The shares, base64url, each to be given to one custodian: shown this once, never stored.'),
  })
  .strict()
  .meta({ id: 'SplitRecoveryKey', example: { id: EXAMPLE_ID, label: 'Treasury backup', threshold: 2, shares: 3, fingerprint: FINGERPRINT, created_at: '2026-11-25T09:30:00Z', key: 'q83vEjRWeJA…', share_values: ['AbCd…', 'EfGh…', 'IjKl…'] } });
export type SplitKeyView = z.infer<typeof splitKeyView>;

export const createRecoveryKeyInput = z
  .object({
    label: z.string().trim().min(1).max(200),
    threshold: z.number().int().min(2).max(MAX_SHARES),
    shares: z.number().int().min(2).max(MAX_SHARES),
  })
  .meta({ id: 'CreateRecoveryKeyInput', example: { label: 'Treasury backup', threshold: 3, shares: 5 } });
export type CreateRecoveryKeyInput = z.infer<typeof createRecoveryKeyInput>;

export const idInput = z.object({ id: z.uuid() });
export type IdInput = z.infer<typeof idInput>;

export const sharesBody = z
  .object({ shares: z.array(z.string().max(200)).min(1).max(MAX_SHARES).describe('Shares as split gave them (base64url), any order.') })
  .meta({ id: 'KeySharesInput', example: { shares: ['AbCd…', 'IjKl…'] } });
export type SharesInput = z.infer<typeof idInput> & z.infer<typeof sharesBody>;

export const reconstructionView = z
  .object({
    id: z.uuid(),
    recovery_key_id: z.uuid(),
    purpose: z.enum(['verify', 'reconstruct']),
    shares_given: z.number().int(),
    matches: z.boolean().describe('Whether the shares rebuilt the key with the stored fingerprint.'),
    created_at: timestamp,
  })
  .strict()
  .meta({ id: 'KeyReconstruction', example: { id: EXAMPLE_ID, recovery_key_id: EXAMPLE_ID, purpose: 'verify', shares_given: 3, matches: true, created_at: '2026-11-25T09:30:00Z' } });
export type ReconstructionView = z.infer<typeof reconstructionView>;

export const reconstructedView = reconstructionView
  .extend({ key: z.string().nullable().describe('The rebuilt key (base64url) when the shares match; null otherwise.') })
  .strict()
  .meta({ id: 'ReconstructedKey', example: { id: EXAMPLE_ID, recovery_key_id: EXAMPLE_ID, purpose: 'reconstruct', shares_given: 3, matches: true, created_at: '2026-11-25T09:30:00Z', key: 'q83vEjRWeJA…' } });
export type ReconstructedView = z.infer<typeof reconstructedView>;

export const listInput = z.object({ page: pageNumber().default(1), per_page: pageSize().default(20) });
export type ListInput = z.infer<typeof listInput>;
export const listReconstructionsInput = idInput.extend(listInput.shape);
export type ListReconstructionsInput = z.infer<typeof listReconstructionsInput>;

export const CreateRecoveryKey = token<Operation<CreateRecoveryKeyInput, SplitKeyView>>('key-management.create-recovery-key');
export const GetRecoveryKey = token<Operation<IdInput, RecoveryKeyView>>('key-management.get-recovery-key');
export const ListRecoveryKeys = token<Operation<ListInput, Page<RecoveryKeyView>>>('key-management.list-recovery-keys');
export const VerifyShares = token<Operation<SharesInput, ReconstructionView>>('key-management.verify-shares');
export const ReconstructKey = token<Operation<SharesInput, ReconstructedView>>('key-management.reconstruct-key');
export const ListReconstructions = token<Operation<ListReconstructionsInput, Page<ReconstructionView>>>('key-management.list-reconstructions');

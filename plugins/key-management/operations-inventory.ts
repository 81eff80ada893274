import { z } from 'zod';
import { KEY_KINDS, pageNumber, pageSize, timestamp, token, type Operation, type Page } from '../../kernel/public.js';

/**
 * The key inventory's operations and schemas (docs/key-management.md): every
 * key the team's modules hold, listed through the KeyInventory port with
 * metadata only, and rotated where its kind allows.
 */
const KEY_ID = '4d6f8a0c-2e4b-4d6f-8a0c-2e4b6d8f0a1c';
/** The longest overlap any kind allows (a day); each kind may allow less. */
export const MAX_OVERLAP_SECONDS = 24 * 60 * 60;

const kind = z.enum(KEY_KINDS).describe('api_key (identity), webhook_secret (webhooks), partner_key (partner), custody_path (chains).');

export const custodyPlaceView = z
  .object({
    chain: z.string(),
    address: z.string().describe('The deposit address: public, the fingerprint of the key at the path.'),
    derivation_path: z.string().describe('BIP-32 path under the service’s custody seed.'),
  })
  .strict();

export const inventoryKeyView = z
  .object({
    kind,
    id: z.string().describe('The module’s id: an API key id, a webhook id, `<partner id>:live|sandbox`, `<account id>:<chain>`.'),
    label: z.string(),
    owner: z.string().nullable().describe('The user (API key) or account (custody path) it belongs to; null for the team’s.'),
    status: z.enum(['active', 'rotating', 'suspended', 'expired', 'revoked']),
    fingerprint: z.string().describe('A display prefix, the SHA-256 of the secret, or the address: never the secret.'),
    created_at: timestamp.nullable(),
    last_rotated_at: timestamp.nullable(),
    expires_at: timestamp.nullable().describe('When it stops working on its own (an expiry, a rotation’s grace end).'),
    overlap_ends_at: timestamp.nullable().describe('While rotating: when the replaced secret stops signing beside the new one.'),
    rotatable: z.boolean().describe('Whether POST …/rotate may rotate it.'),
    custody: custodyPlaceView.nullable().describe('custody_path only: chain, address and derivation path.'),
  })
  .strict()
  .meta({
    id: 'InventoryKey',
    example: {
      kind: 'api_key',
      id: KEY_ID,
      label: 'Reporting',
      owner: '1b3d5f7a-9c2e-4a6b-8d0f-2e4a6c8e0b1d',
      status: 'active',
      fingerprint: 'fak_3kT9wQz7',
      created_at: '2026-11-25T09:30:00Z',
      last_rotated_at: null,
      expires_at: null,
      overlap_ends_at: null,
      rotatable: true,
      custody: null,
    },
  });
export type InventoryKeyView = z.infer<typeof inventoryKeyView>;

export const rotatedKeyView = inventoryKeyView
  .extend({
    secret: z.string().describe('The new key or secret: shown this once, never stored in clear, logged or evented.'),
    replaced_id: z.string().describe('The id rotated (an API key’s new key has a new id).'),
    previous_valid_until: timestamp.describe('When the replaced secret stops working; the rotation’s instant when it stopped at once.'),
  })
  .strict()
  .meta({
    id: 'RotatedKey',
    example: {
      kind: 'webhook_secret',
      id: KEY_ID,
      label: 'https://hooks.example.com/bank',
      owner: null,
      status: 'rotating',
      fingerprint: 'sha256:9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
      created_at: '2026-11-20T09:30:00Z',
      last_rotated_at: '2026-11-25T09:30:00Z',
      expires_at: null,
      overlap_ends_at: '2026-11-25T10:30:00Z',
      rotatable: true,
      custody: null,
      secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
      replaced_id: KEY_ID,
      previous_valid_until: '2026-11-25T10:30:00Z',
    },
  });
export type RotatedKeyView = z.infer<typeof rotatedKeyView>;

export const listKeysInput = z.object({ kind: kind.optional(), page: pageNumber().default(1), per_page: pageSize().default(20) });
export type ListKeysInput = z.infer<typeof listKeysInput>;

export const keyRefInput = z.object({ kind, id: z.string().min(1).max(200) });
export type KeyRefInput = z.infer<typeof keyRefInput>;

export const rotateKeyBody = z
  .object({
    overlap_seconds: z
      .number()
      .int()
      .min(0)
      .max(MAX_OVERLAP_SECONDS)
      .default(0)
      .describe('How long the replaced secret keeps working beside the new one (0–86400; 0, the default, ends it at once).'),
  })
  .meta({ id: 'RotateKeyInput', example: { overlap_seconds: 3600 } });
export type RotateKeyInput = z.infer<typeof keyRefInput> & z.infer<typeof rotateKeyBody>;

export const ListKeys = token<Operation<ListKeysInput, Page<InventoryKeyView>>>('key-management.list-keys');
export const GetKey = token<Operation<KeyRefInput, InventoryKeyView>>('key-management.get-key');
export const RotateKey = token<Operation<RotateKeyInput, RotatedKeyView>>('key-management.rotate-key');

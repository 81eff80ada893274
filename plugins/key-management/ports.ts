import { token, type PageRequest, type Slice, type Tx } from '../../kernel/public.js';
import type { ReconstructionRecord, RecoveryKeyRecord } from './domain/recovery-key.js';

/** The plugin's repository, one implementation per store family, held to adapters/repository.contract.ts; scoped by team. */
export interface RecoveryKeyRepository {
  insertKey(tx: Tx, key: RecoveryKeyRecord): Promise<void>;
  findKey(tx: Tx, teamId: string, id: string): Promise<RecoveryKeyRecord | undefined>;
  /** Newest first. */
  listKeys(tx: Tx, teamId: string, page: PageRequest): Promise<Slice<RecoveryKeyRecord>>;
  insertReconstruction(tx: Tx, record: ReconstructionRecord): Promise<void>;
  /** The key's reconstructions and verifications, newest first. */
  listReconstructions(tx: Tx, teamId: string, recoveryKeyId: string, page: PageRequest): Promise<Slice<ReconstructionRecord>>;
}
export const RecoveryKeyRepository = token<RecoveryKeyRepository>('key-management.recovery-key-repository');

/** Shamir's secret sharing over GF(256) (an adapter: adapters/shamir). */
export interface SecretSharing {
  split(secret: Uint8Array, shares: number, threshold: number): Promise<Uint8Array[]>;
  /** What the shares rebuild; with fewer than the threshold, a wrong value (never an error): compare with a fingerprint. */
  combine(shares: readonly Uint8Array[]): Promise<Uint8Array>;
}
export const SecretSharing = token<SecretSharing>('key-management.secret-sharing');

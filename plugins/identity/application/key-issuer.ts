import { inject, injectable } from 'inversify';
import { Clock, Ids, Random, type Permission, type Tx } from '../../../kernel/public.js';
import { API_KEY_RANDOM_BYTES, displayPrefix, formatApiKey } from '../domain/api-key.js';
import { normalisePermissions } from '../domain/permissions.js';
import { ApiKeyRepository, type ApiKeyRecord, type TeamRecord } from '../ports.js';
import { KeyHasher } from './key-hasher.js';

export interface IssueKeyRequest {
  readonly team: TeamRecord;
  readonly userId: string;
  readonly name: string;
  readonly permissions: readonly Permission[];
  readonly ipAllowlist?: readonly string[];
  readonly expiresAt?: Date | null;
  /** An exact key to store (operator bootstrap); otherwise a random one. */
  readonly presetKey?: string;
}

export interface IssuedKey {
  readonly record: ApiKeyRecord;
  /** The plain key: return it once, never store or log it. */
  readonly key: string;
}

/** Makes and stores a key (hash and display prefix only) inside the caller's transaction. */
@injectable()
export class KeyIssuer {
  constructor(
    @inject(ApiKeyRepository) private readonly keys: ApiKeyRepository,
    @inject(KeyHasher) private readonly hasher: KeyHasher,
    @inject(Random) private readonly random: Random,
    @inject(Ids) private readonly ids: Ids,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async issue(tx: Tx, request: IssueKeyRequest): Promise<IssuedKey> {
    const key = request.presetKey ?? formatApiKey(this.random.bytes(API_KEY_RANDOM_BYTES));
    const record: ApiKeyRecord = {
      id: this.ids.uuid(),
      teamId: request.team.id,
      userId: request.userId,
      kind: request.team.kind,
      name: request.name,
      prefix: displayPrefix(key),
      hash: this.hasher.hash(key),
      permissions: normalisePermissions(request.permissions),
      ipAllowlist: [...(request.ipAllowlist ?? [])],
      expiresAt: request.expiresAt ?? null,
      lastUsedAt: null,
      revokedAt: null,
      createdAt: this.clock.now(),
    };
    await this.keys.insert(tx, record);
    return { record, key };
  }
}

import { inject, injectable, optional } from 'inversify';
import {
  BatchLane,
  Clock,
  ForbiddenError,
  succeeded,
  UnauthorizedError,
  UnitOfWork,
  type Actor,
  type Authenticator,
  type Outcome,
  SessionAuthenticator,
} from '../../../kernel/public.js';
import { IdentityConfig } from '../config.js';
import { isWellFormedApiKey } from '../domain/api-key.js';
import { isExpired, shouldRecordUse } from '../domain/expiry.js';
import { ipAllowed } from '../domain/ip-allowlist.js';
import { ApiKeyRepository, type ApiKeyRecord } from '../ports.js';
import { ApiKeyCache } from './api-key-cache.js';
import { KeyHasher } from './key-hasher.js';

const INVALID = 'The API key is not valid.';

/**
 * An indexed lookup by hash, kept for `auth_cache_ms` (ApiKeyCache): a
 * revoked key fails on the very next request in the revoking process, in the
 * others once the api_key.revoked event reaches them, and in any case once
 * the cached copy is older than auth_cache_ms. Expiry, the IP allow-list and
 * last_used_at are checked on every request against the record. Lookups
 * arriving while one is in flight are coalesced into the next (one statement
 * for many requests under load, no added wait when idle). Unknown, malformed and revoked keys
 * get the same 401, so the answer reveals nothing about which it was.
 * A bearer value in another plugin's session scheme (the optional
 * SessionAuthenticator port, e.g. mobile's `fms_` passkey sessions) goes to
 * that plugin instead.
 */
@injectable()
export class ApiKeyAuthenticator implements Authenticator {
  readonly #lookups = new BatchLane<string, ApiKeyRecord | undefined>((hashes) => this.#load(hashes), { maxBatch: 200, maxInFlight: 1 });
  /** Keys whose use this process is recording now: concurrent requests with the key need not write it too. */
  readonly #recording = new Set<string>();

  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(ApiKeyRepository) private readonly keys: ApiKeyRepository,
    @inject(KeyHasher) private readonly hasher: KeyHasher,
    @inject(Clock) private readonly clock: Clock,
    @inject(IdentityConfig) private readonly config: IdentityConfig,
    @inject(ApiKeyCache) private readonly cache: ApiKeyCache,
    @inject(SessionAuthenticator) @optional() private readonly sessions?: SessionAuthenticator,
  ) {}

  async authenticate(apiKey: string, ip: string): Promise<Actor> {
    if (this.sessions && apiKey.startsWith(this.sessions.scheme)) return this.sessions.authenticate(apiKey, ip);
    if (!isWellFormedApiKey(apiKey)) throw new UnauthorizedError(INVALID, 'invalid_api_key');
    const hash = this.hasher.hash(apiKey);
    // One indexed read outside a transaction; the rare last-used update gets its own unit of work.
    const key = this.cache.get(hash) ?? (await this.#lookup(hash));
    if (!key || key.revokedAt) throw new UnauthorizedError(INVALID, 'invalid_api_key');
    const now = this.clock.now();
    if (isExpired(key.expiresAt, now)) throw new ForbiddenError('This API key has expired.', 'api_key_expired');
    if (!ipAllowed(key.ipAllowlist, ip)) {
      throw new ForbiddenError(`This API key may not be used from ${ip}.`, 'ip_not_allowed');
    }
    const interval = this.config.last_used_interval_ms;
    if (shouldRecordUse(key.lastUsedAt, now, interval) && !this.#recording.has(key.id)) {
      // One write per key and process: the others would only queue on its row lock to find it already written.
      this.#recording.add(key.id);
      try {
        await this.uow.run((tx) => this.keys.recordUse(tx, key.id, now, new Date(now.getTime() - interval)));
        this.cache.usedAt(hash, now);
      } finally {
        this.#recording.delete(key.id);
      }
    }
    return {
      kind: key.kind,
      teamId: key.teamId,
      userId: key.userId,
      apiKeyId: key.id,
      permissions: key.permissions,
      ...(key.expiresAt ? { keyExpiresAt: key.expiresAt } : {}),
    };
  }

  async #lookup(hash: string): Promise<ApiKeyRecord | undefined> {
    const generation = this.cache.generation;
    const key = await this.#lookups.submit(hash);
    if (key) this.cache.put(key, generation);
    return key;
  }

  #load(hashes: readonly string[]): Promise<Outcome<ApiKeyRecord | undefined>[]> {
    return this.uow.readOnly(async (tx) => {
      const found = new Map((await this.keys.findByHashes(tx, [...new Set(hashes)])).map((key) => [key.hash, key]));
      return hashes.map((hash) => succeeded(found.get(hash)));
    });
  }
}

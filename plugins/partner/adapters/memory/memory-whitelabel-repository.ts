import { injectable } from 'inversify';
import { ConflictError, type Tx } from '../../../../kernel/public.js';
import { putUndoable } from '../../../../kit/memory.js';
import type { WhitelabelRecord } from '../../domain/whitelabel.js';
import type { WhitelabelRepository } from '../../ports.js';

/** Published versions keyed 'partner/version', and each partner's newest version number. */
@injectable()
export class MemoryWhitelabelRepository implements WhitelabelRepository {
  readonly #rows = new Map<string, WhitelabelRecord>();
  readonly #newest = new Map<string, number>();

  async insert(tx: Tx, config: WhitelabelRecord): Promise<void> {
    const key = `${config.partnerId}/${config.version}`;
    if (this.#rows.has(key)) throw new ConflictError(`Version ${config.version} is already published.`, 'version_taken');
    putUndoable(tx, this.#rows, key, config);
    if ((this.#newest.get(config.partnerId) ?? 0) < config.version) putUndoable(tx, this.#newest, config.partnerId, config.version);
  }

  async find(_tx: Tx, partnerId: string, version?: number): Promise<WhitelabelRecord | undefined> {
    const wanted = version ?? this.#newest.get(partnerId);
    return wanted === undefined ? undefined : this.#rows.get(`${partnerId}/${wanted}`);
  }
}

import { injectable } from 'inversify';
import { pageOffset, type PageRequest, type Slice, type Tx } from '../../../../kernel/public.js';
import { putUndoable } from '../../../../kit/memory.js';
import type { ReconstructionRecord, RecoveryKeyRecord } from '../../domain/recovery-key.js';
import type { RecoveryKeyRepository } from '../../ports.js';

function newestFirst<T>(rows: T[], page: PageRequest): Slice<T> {
  const start = pageOffset(page);
  const ordered = rows.reverse();
  return { items: ordered.slice(start, start + page.perPage), total: ordered.length };
}

/** Recovery keys and reconstructions in Maps in insertion order; every write is undone if its unit of work rolls back. */
@injectable()
export class MemoryRecoveryKeyRepository implements RecoveryKeyRepository {
  readonly #keys = new Map<string, RecoveryKeyRecord>();
  readonly #reconstructions = new Map<string, ReconstructionRecord>();

  async insertKey(tx: Tx, key: RecoveryKeyRecord): Promise<void> {
    putUndoable(tx, this.#keys, key.id, key);
  }

  async findKey(_tx: Tx, teamId: string, id: string): Promise<RecoveryKeyRecord | undefined> {
    const found = this.#keys.get(id);
    return found?.teamId === teamId ? found : undefined;
  }

  async listKeys(_tx: Tx, teamId: string, page: PageRequest): Promise<Slice<RecoveryKeyRecord>> {
    return newestFirst([...this.#keys.values()].filter((one) => one.teamId === teamId), page);
  }

  async insertReconstruction(tx: Tx, record: ReconstructionRecord): Promise<void> {
    putUndoable(tx, this.#reconstructions, record.id, record);
  }

  async listReconstructions(_tx: Tx, teamId: string, recoveryKeyId: string, page: PageRequest): Promise<Slice<ReconstructionRecord>> {
    return newestFirst([...this.#reconstructions.values()].filter((one) => one.teamId === teamId && one.recoveryKeyId === recoveryKeyId), page);
  }
}

import { injectable } from 'inversify';
import type { Tx } from '../../../../kernel/public.js';
import { putUndoable } from '../../../../kit/memory.js';
import type { SdkPackageRecord } from '../../domain/sdk-package.js';
import type { SdkPackageRepository } from '../../ports.js';

@injectable()
export class MemorySdkPackageRepository implements SdkPackageRepository {
  readonly #rows = new Map<string, SdkPackageRecord>();

  async insert(tx: Tx, packages: readonly SdkPackageRecord[]): Promise<void> {
    for (const one of packages) putUndoable(tx, this.#rows, one.id, one);
  }

  async find(_tx: Tx, partnerId: string, id: string): Promise<SdkPackageRecord | undefined> {
    const found = this.#rows.get(id);
    return found?.partnerId === partnerId ? found : undefined;
  }
}

import { injectable } from 'inversify';
import type { Tx } from '../../../../kernel/public.js';
import { putUndoable } from '../../../../kit/memory.js';
import type { FiledWhitePaper, MicaAssetType, RegisteredIssuer } from '../../domain/mica/mica-rules.js';
import type { MicaCheckRecord, MicaCheckRepository, MicaRegistryRepository } from '../../ports.js';

/** The MiCA registry in Maps; writes are undone if their unit of work rolls back. */
@injectable()
export class MemoryMicaRegistryRepository implements MicaRegistryRepository {
  readonly #issuers = new Map<string, RegisteredIssuer & { updatedAt: Date }>();
  readonly #papers = new Map<string, FiledWhitePaper & { filedAt: Date }>();

  async putIssuer(tx: Tx, issuer: RegisteredIssuer, at: Date): Promise<void> {
    putUndoable(tx, this.#issuers, issuer.issuerId, { ...issuer, updatedAt: at });
  }

  async issuer(_tx: Tx, issuerId: string) {
    return this.#issuers.get(issuerId);
  }

  async issuers(_tx: Tx) {
    return [...this.#issuers.values()].sort((a, b) => (a.issuerId < b.issuerId ? -1 : a.issuerId > b.issuerId ? 1 : 0));
  }

  async fileWhitePaper(tx: Tx, paper: FiledWhitePaper, at: Date): Promise<boolean> {
    const key = `${paper.issuerId}/${paper.hash}`;
    if (this.#papers.has(key)) return false;
    putUndoable(tx, this.#papers, key, { ...paper, filedAt: at });
    return true;
  }

  async whitePaper(_tx: Tx, issuerId: string, assetType: MicaAssetType, hash: string): Promise<FiledWhitePaper | undefined> {
    const paper = this.#papers.get(`${issuerId}/${hash}`);
    if (!paper || paper.assetType !== assetType) return undefined;
    const { filedAt: _filedAt, ...filed } = paper;
    return filed;
  }

  async whitePapersOf(_tx: Tx, issuerId: string) {
    return [...this.#papers.values()].filter((paper) => paper.issuerId === issuerId);
  }
}

@injectable()
export class MemoryMicaCheckRepository implements MicaCheckRepository {
  readonly #checks = new Map<string, MicaCheckRecord>();

  async insert(tx: Tx, check: MicaCheckRecord): Promise<void> {
    putUndoable(tx, this.#checks, check.id, check);
  }

  async counts(_tx: Tx, teamId: string) {
    const mine = [...this.#checks.values()].filter((c) => c.teamId === teamId);
    return { total: mine.length, compliant: mine.filter((c) => c.view.compliant).length };
  }
}

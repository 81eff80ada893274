import { inject, injectable } from 'inversify';
import type { Tx } from '../../../kernel/public.js';
import type { ListVersion } from '../domain/sanctions-list.js';
import { SanctionsListRepository } from '../ports.js';
import { ScreeningIndex } from './screening-index.js';

/**
 * The index of the lists as stored, rebuilt when a version changes. Every
 * screening reads the versions from the store first, so a list another
 * process loaded is used from its next screening on: the cache only saves
 * re-reading and re-indexing unchanged lists.
 */
@injectable()
export class ScreeningIndexCache {
  #key = '';
  #index: ScreeningIndex | undefined;

  constructor(@inject(SanctionsListRepository) private readonly lists: SanctionsListRepository) {}

  async index(tx: Tx, versions: readonly ListVersion[]): Promise<ScreeningIndex> {
    const key = versions.map((v) => `${v.source}=${v.version}@${v.loadedAt.toISOString()}`).join(' ');
    if (this.#index && key === this.#key) return this.#index;
    const lists = [];
    for (const version of versions) lists.push({ source: version.source, entries: await this.lists.entries(tx, version.source) });
    const index = new ScreeningIndex(lists);
    this.#key = key;
    this.#index = index;
    return index;
  }
}

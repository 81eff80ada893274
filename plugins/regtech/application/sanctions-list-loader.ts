import { inject, injectable } from 'inversify';
import { Clock, UnitOfWork, type Tx } from '../../../kernel/public.js';
import type { ListVersion, SanctionsSource } from '../domain/sanctions-list.js';
import { SanctionsListRepository } from '../ports.js';
import { testEuFsf } from '../test-lists/eu-fsf.js';
import { testOfacSdn } from '../test-lists/ofac-sdn.js';
import { testUnSc } from '../test-lists/un-sc.js';
import type { ParsedListWithVersion } from './list-parsing.js';
import { parseListContent } from './list-parsing.js';

/**
 * Stores a parsed list in place of its source's, with its version record, in
 * one unit of work: screenings see the old list or the new one, never a mix,
 * and a file that fails to parse never reaches the store.
 */
@injectable()
export class SanctionsListLoader {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(SanctionsListRepository) private readonly lists: SanctionsListRepository,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  load(parsed: ParsedListWithVersion): Promise<ListVersion> {
    return this.uow.run((tx) => this.replace(tx, parsed));
  }

  /** The shipped test lists (made-up names) for each source no list was ever loaded for. */
  async loadTestListsWhereMissing(): Promise<SanctionsSource[]> {
    return this.uow.run(async (tx) => {
      const loaded = new Set((await this.lists.versions(tx)).map((version) => version.source));
      const added: SanctionsSource[] = [];
      for (const [source, parsed] of testLists()) {
        if (loaded.has(source)) continue;
        await this.replace(tx, parsed());
        added.push(source);
      }
      return added;
    });
  }

  private async replace(tx: Tx, { list, version }: ParsedListWithVersion): Promise<ListVersion> {
    const record: ListVersion = { source: list.source, version, publishedAt: list.publishedAt, loadedAt: this.clock.now(), entries: list.entries.length };
    await this.lists.replace(tx, record, list.entries);
    return record;
  }
}

function testLists(): Array<[SanctionsSource, () => ParsedListWithVersion]> {
  return [
    ['eu_fsf', () => parseListContent('eu_fsf', 'xml', testEuFsf)],
    ['ofac_sdn', () => parseListContent('ofac_sdn', 'csv', testOfacSdn)],
    ['un_sc', () => parseListContent('un_sc', 'xml', testUnSc)],
  ];
}

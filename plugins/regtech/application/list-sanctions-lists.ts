import { inject, injectable } from 'inversify';
import { Clock, UnitOfWork, type Operation } from '../../../kernel/public.js';
import type { SanctionsListsView } from '../operations.js';
import { SanctionsListRepository } from '../ports.js';
import { sanctionsListView } from './views.js';

/** GET /admin/regtech/sanctions-lists (operator): each loaded list's version, entry count and age. */
@injectable()
export class ListSanctionsListsOperation implements Operation<Record<string, never>, SanctionsListsView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(SanctionsListRepository) private readonly lists: SanctionsListRepository,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(): Promise<SanctionsListsView> {
    const versions = await this.uow.readOnly((tx) => this.lists.versions(tx));
    const now = this.clock.now();
    return { lists: versions.map((version) => sanctionsListView(version, now)) };
  }
}

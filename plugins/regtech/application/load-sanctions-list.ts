import { inject, injectable } from 'inversify';
import { Clock, type Operation } from '../../../kernel/public.js';
import type { LoadSanctionsListInput, SanctionsListView } from '../operations.js';
import { parseListContent } from './list-parsing.js';
import { SanctionsListLoader } from './sanctions-list-loader.js';
import { sanctionsListView } from './views.js';

/** POST /admin/regtech/sanctions-lists (operator): parses the file and replaces the source's list; a bad file is a 422 and the old list stays. */
@injectable()
export class LoadSanctionsListOperation implements Operation<LoadSanctionsListInput, SanctionsListView> {
  constructor(
    @inject(SanctionsListLoader) private readonly loader: SanctionsListLoader,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(input: LoadSanctionsListInput): Promise<SanctionsListView> {
    const version = await this.loader.load(parseListContent(input.source, input.format, input.content));
    return sanctionsListView(version, this.clock.now());
  }
}
